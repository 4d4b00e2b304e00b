// The local cloud for e2e tests with the frontend built first: startLocalCloud serves dist/web but does
// not build it, so a test run after a frontend change would otherwise drive a stale app.
import { ensureFrontendBuilt } from '../../../infra/local/frontendBuild';
import { REPO_ROOT } from '../../../infra/local/stack';
import { startLocalCloud, type LocalCloud, type LocalCloudOptions } from '../../support/localCloud';

export async function startE2eStack(options?: LocalCloudOptions): Promise<LocalCloud> {
  await ensureFrontendBuilt(REPO_ROOT, (line) => console.log(`[e2e] ${line}`));
  return startLocalCloud(options);
}
