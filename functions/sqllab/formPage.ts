// The page answering a query posted to /sqllab/ as a form. The single-page app cannot read a POST
// body, so this page parks the request in the browser's local storage under a one-time key and
// replaces itself with /sqllab/?requestKey=<key>, which the editor opens in a new tab (see
// frontend/src/features/sqllab/openInSqlLab.ts). Nothing is stored on the server.
import { EDITOR } from '../../shared/constants';
import { badRequest } from '../../shared/errors';

export interface PostedQuery {
  datasourceKey?: string;
  sql: string;
}

export function readPostedQuery(body: { form_data?: string; datasourceKey?: string; sql?: string }): PostedQuery {
  let fields: { datasourceKey?: unknown; sql?: unknown } = body;
  if (body.form_data !== undefined) {
    try {
      fields = JSON.parse(body.form_data);
    } catch {
      throw badRequest('form_data is not valid JSON');
    }
  }
  if (typeof fields?.sql !== 'string') throw badRequest('The posted form has no sql');
  const datasourceKey = typeof fields.datasourceKey === 'string' ? fields.datasourceKey : undefined;
  return { sql: fields.sql, datasourceKey };
}

/** JSON that is safe inside a <script> element: no `</script>`, no HTML comment openers, no line separators. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** The page's only script: parks the query and opens SQL Lab on it. */
export function postedQueryScript(query: PostedQuery): string {
  return `
(function () {
  var target = '/sqllab/';
  try {
    var key = (crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random().toString(16).slice(2));
    localStorage.setItem(${scriptJson(EDITOR.parkedRequestPrefix)} + key, ${scriptJson(JSON.stringify(query))});
    target = '/sqllab/?requestKey=' + encodeURIComponent(key);
  } catch (e) {}
  location.replace(target);
})();
`;
}

export function postedQueryPage(query: PostedQuery): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Opening SQL Lab…</title>
<meta name="referrer" content="no-referrer"></head>
<body><p>Opening SQL Lab…</p>
<script>${postedQueryScript(query)}</script></body></html>`;
}
