// POST /sqllab/ (and its legacy twin /superset/sqllab/): a query posted as a form opens in SQL Lab.
import { httpModule } from '../http/httpModule';
import { raw } from '../http/respond';
import { htmlPageHeaders } from '../http/htmlPage';
import { postedQueryPage, postedQueryScript, readPostedQuery } from '../sqllab/formPage';

// The page's one inline script is allowed by its hash, not by 'unsafe-inline'.
function page(body: Parameters<typeof readPostedQuery>[0]) {
  const query = readPostedQuery(body);
  return raw({ statusCode: 200, headers: htmlPageHeaders({ scripts: [postedQueryScript(query)] }), body: postedQueryPage(query) });
}

export const handler = httpModule({
  'sqllab.postForm': (req) => page(req.body),
  'sqllab.postFormLegacy': (req) => page(req.body),
});
