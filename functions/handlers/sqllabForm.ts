// POST /sqllab/ (and its legacy twin /superset/sqllab/): a query posted as a form opens in SQL Lab.
import { httpModule } from '../http/httpModule';
import { raw } from '../http/respond';
import { postedQueryPage, readPostedQuery } from '../sqllab/formPage';

const page = (body: Parameters<typeof readPostedQuery>[0]) =>
  raw({
    statusCode: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; script-src 'unsafe-inline'",
    },
    body: postedQueryPage(readPostedQuery(body)),
  });

export const handler = httpModule({
  'sqllab.postForm': (req) => page(req.body),
  'sqllab.postFormLegacy': (req) => page(req.body),
});
