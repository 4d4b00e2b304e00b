// GET /api/v1/me/ and /api/v1/me/roles/.
import { httpModule } from '../http/httpModule';
import { getPorts } from '../ports/index';
import { describeMe, describeMyRoles } from '../platform/me';

export const handler = httpModule({
  'me.get': async (req) => ({ result: await describeMe(getPorts(), req.user) }),
  'me.roles': async (req) => ({ result: await describeMyRoles(getPorts(), req.user) }),
});
