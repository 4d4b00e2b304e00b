// The security headers of every answer, in one place: the local gateway (infra/local/gateway) sends
// them itself and CloudFront's response headers policies (infra/aws/WebStack.ts) are built from the
// same policies, so the two cannot drift.
//
// Pages (the SPA's index.html and its assets): scripts only from the app's own origin (no inline
// script, no eval), inline styles allowed (ECharts and react-rnd set style attributes), connections
// to the app's origin and its WebSocket, framing by the app itself plus the embedding allow-list.
// API answers are data: nothing may load, run or frame them. Over HTTPS (AWS) both add HSTS.

export type FrameOption = 'DENY' | 'SAMEORIGIN';

export interface SecurityPolicy {
  /** `override: false` keeps a CSP the answer brings (the server-rendered form pages carry their own). */
  contentSecurityPolicy: { value: string; override: boolean };
  contentTypeOptions: 'nosniff';
  referrerPolicy: 'strict-origin-when-cross-origin';
  /** X-Frame-Options, for browsers without frame-ancestors; absent when other origins may frame pages. */
  frameOptions?: FrameOption;
  /** Strict-Transport-Security: only on HTTPS answers (never on http://localhost). */
  strictTransportSecurity?: { maxAgeSeconds: number; includeSubdomains: boolean };
}

export interface PageSettings {
  /**
   * Origins allowed to frame the app's pages (embedding), e.g. `https://intranet.example.com`. Empty:
   * only the app itself ('self'), and X-Frame-Options SAMEORIGIN says the same to older browsers.
   */
  frameAncestors: readonly string[];
  /**
   * Where the app opens connections besides its own origin: its WebSocket (`wss://<host>`; 'self'
   * covers it in CSP Level 3 browsers, older Safari needs it named) and a WebSocket API on another
   * host (VITE_ASYNC_WS_URL).
   */
  connectSources: readonly string[];
  https: boolean;
}

/** Two years, the value HSTS preload lists ask for. */
export const HSTS = { maxAgeSeconds: 63_072_000, includeSubdomains: true };
export const REFERRER_POLICY = 'strict-origin-when-cross-origin' as const;

const directives = (entries: [string, readonly string[]][]) => entries.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');

export function pagePolicy(settings: PageSettings): SecurityPolicy {
  const csp = directives([
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // data: for the inline favicon and chart images, blob: for downloads drawn in the page.
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...settings.connectSources]],
    ['worker-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'", ...settings.frameAncestors]],
  ]);
  return {
    contentSecurityPolicy: { value: csp, override: true },
    contentTypeOptions: 'nosniff',
    referrerPolicy: REFERRER_POLICY,
    frameOptions: settings.frameAncestors.length === 0 ? 'SAMEORIGIN' : undefined,
    strictTransportSecurity: settings.https ? HSTS : undefined,
  };
}

/** The policy of a JSON (or other data) answer: it loads nothing and no page may frame it. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export function apiPolicy(settings: { https: boolean }): SecurityPolicy {
  return {
    contentSecurityPolicy: { value: API_CSP, override: false },
    contentTypeOptions: 'nosniff',
    referrerPolicy: REFERRER_POLICY,
    frameOptions: 'DENY',
    strictTransportSecurity: settings.https ? HSTS : undefined,
  };
}

/**
 * The CSP of a page the API renders itself (the form login, a query posted to SQL Lab): nothing but
 * the inline script and style whose hashes are given, forms posted back to this origin only.
 */
export function serverPageCsp(hashes: { scripts?: readonly string[]; styles?: readonly string[] }): string {
  const quoted = (list: readonly string[] = []) => (list.length ? list.map((h) => `'${h}'`) : ["'none'"]);
  return directives([
    ['default-src', ["'none'"]],
    ['script-src', quoted(hashes.scripts)],
    ['style-src', quoted(hashes.styles)],
    ['form-action', ["'self'"]],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ]);
}

/** The policy as header fields, each with whether it replaces a value the answer already has. */
export function headerFields(policy: SecurityPolicy): { name: string; value: string; override: boolean }[] {
  const fields = [
    { name: 'content-security-policy', ...policy.contentSecurityPolicy },
    { name: 'x-content-type-options', value: policy.contentTypeOptions, override: true },
    { name: 'referrer-policy', value: policy.referrerPolicy, override: true },
  ];
  if (policy.frameOptions) fields.push({ name: 'x-frame-options', value: policy.frameOptions, override: true });
  const hsts = policy.strictTransportSecurity;
  if (hsts) fields.push({ name: 'strict-transport-security', value: `max-age=${hsts.maxAgeSeconds}${hsts.includeSubdomains ? '; includeSubDomains' : ''}`, override: true });
  return fields;
}

/** An answer's headers with the policy applied as CloudFront applies it (own values kept where override is off). */
export function withSecurityHeaders<V extends string | string[]>(own: Record<string, V>, policy: SecurityPolicy): Record<string, V | string> {
  const lower = new Set(Object.keys(own).map((k) => k.toLowerCase()));
  const out: Record<string, V | string> = { ...own };
  for (const field of headerFields(policy)) {
    if (!field.override && lower.has(field.name)) continue;
    for (const key of Object.keys(out)) if (key.toLowerCase() === field.name) delete out[key];
    out[field.name] = field.value;
  }
  return out;
}

/** A scheme and host (and port) and nothing else: what a CSP source list may hold from a setting. */
const ORIGIN = /^(https?|wss?):\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i;

/**
 * Reads an origin list setting (spaces or commas between origins, e.g. EMBED_ALLOWED_ORIGINS). Anything
 * that is not a bare origin is refused: a path, a quote or a semicolon would change the policy itself.
 */
export function parseOrigins(text: string | undefined, setting: string): string[] {
  const origins = (text ?? '').split(/[\s,]+/).filter(Boolean);
  const bad = origins.filter((o) => !ORIGIN.test(o));
  if (bad.length > 0) throw new Error(`${setting}: not an origin (scheme://host[:port]): ${bad.join(' ')}`);
  return origins.map((o) => o.toLowerCase());
}

/** The WebSocket origin of a page origin: ws:// beside http://, wss:// beside https://. */
export const webSocketOrigin = (pageOrigin: string) => pageOrigin.replace(/^http/i, 'ws');

/** The setting naming the origins allowed to frame the app (local: environment; AWS: CDK context). */
export const EMBED_ALLOWED_ORIGINS = 'EMBED_ALLOWED_ORIGINS';

/**
 * The origin of a WebSocket API the frontend was built to use on another host (VITE_ASYNC_WS_URL), as
 * a connect-src source; none when the app uses its own /ws.
 */
export function asyncSocketSources(url: string | undefined): string[] {
  if (!url) return [];
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    throw new Error(`VITE_ASYNC_WS_URL: not a URL: ${url}`);
  }
  return parseOrigins(origin, 'VITE_ASYNC_WS_URL');
}
