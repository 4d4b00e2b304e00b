// GET /health: a load-balancer probe answered with plain "OK", as Superset's /health does.
import { httpModule } from '../http/httpModule';
import { raw } from '../http/respond';

export const handler = httpModule({
  'health.get': () => raw({ statusCode: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'OK' }),
});
