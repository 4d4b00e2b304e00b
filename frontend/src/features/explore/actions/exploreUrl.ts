// What an Explore address asks for: /explore/?slice_id= / form_data_key= / permalink_key= /
// datasource_id=&datasource_type= / viz_type=, a permalink's own path /superset/explore/p/{key}/, and
// the legacy ?form_data={...} of old bookmarks (its slice_id or datasource picks what to open, its
// other keys are form data laid over the opened chart's, as Superset's explore did). Pure.
const URL_KEYS = ['slice_id', 'form_data_key', 'permalink_key', 'datasource_id', 'datasource_type'] as const;

/** The legacy ?form_data= JSON object, or null when absent or not a JSON object. */
function legacyFormDataParam(search: string): Record<string, unknown> | null {
  const raw = new URLSearchParams(search).get('form_data');
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The GET /api/v1/explore/ query for an Explore address. */
export function exploreQueryFromUrl(search: string, pathname = ''): Record<string, string> {
  const params = new URLSearchParams(search);
  const query: Record<string, string> = {};
  const permalink = /\/explore\/p\/([^/]+)/.exec(pathname);
  if (permalink) query.permalink_key = decodeURIComponent(permalink[1]);
  for (const key of URL_KEYS) {
    const value = params.get(key);
    if (value) query[key] = value;
  }
  const fd = legacyFormDataParam(search);
  if (fd) {
    if (fd.slice_id) query.slice_id ??= String(fd.slice_id);
    const [id, type] = String(fd.datasource ?? '').split('__');
    if (id && !query.slice_id && !query.datasource_id) Object.assign(query, { datasource_id: id, datasource_type: type || 'table' });
  }
  return query;
}

/** The legacy ?form_data= keys to lay over the opened form data (not the keys that chose what to open). */
export function legacyFormDataOverrides(search: string): Record<string, unknown> | null {
  const fd = legacyFormDataParam(search);
  if (!fd) return null;
  const { slice_id: _slice, datasource: _datasource, ...rest } = fd;
  return Object.keys(rest).length ? rest : null;
}

/** The viz type the address asks for: ?viz_type=, else the legacy form data's viz_type. */
export function requestedVizType(search: string): string | null {
  const fromParam = new URLSearchParams(search).get('viz_type');
  if (fromParam) return fromParam;
  const legacy = legacyFormDataParam(search)?.viz_type;
  return typeof legacy === 'string' && legacy ? legacy : null;
}
