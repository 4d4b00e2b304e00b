// Superset's legacy share-link store: POST /kv/store/ and GET /kv/{id}/ (the raw stored text).
import { httpModule } from '../http/httpModule';
import { raw } from '../http/respond';
import { requirePermission } from '../http/authz';
import { getPorts } from '../ports/index';
import { getValue, storeValue } from '../platform/kv';

const get = async (req: { params: { pk: string }; user: Parameters<typeof requirePermission>[0] }) => {
  requirePermission(req.user, 'can_get_value', 'KV');
  const value = await getValue(getPorts(), req.params.pk);
  return raw({ statusCode: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: value });
};

export const handler = httpModule({
  'kv.store': async (req) => {
    requirePermission(req.user, 'can_store', 'KV');
    return storeValue(getPorts(), req.user.userId, req.body.data);
  },
  'kv.get': get,
  'kv.getNoSlash': get,
});
