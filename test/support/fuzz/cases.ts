// The requests a fuzz pass sends to one route of the route table: its path with bad, huge and
// negative ids and text that is not percent-encoding; rison garbage in `q`; unknown and ill-typed
// query parameters; bodies that are not JSON, of the wrong shape, with every field of the wrong
// type; form and multipart garbage; and bodies over the gateway's payload limit. Which variants a
// route gets is drawn from a seeded generator, so every run sends the same requests.
import type { z } from 'zod';
import { fillPath, type RouteDef } from '../../../shared/routes/index';
import type { Random } from './random';
import { sampleOf } from './samples';
import rison from 'rison';

export interface FuzzRequest {
  /** What this request tries, for the failure list. */
  label: string;
  method: string;
  /** The request target as sent: path and query string, not normalised. */
  target: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /**
   * A content-length larger than what is sent: the client sends the headers and a first chunk only,
   * and expects an answer without the rest.
   */
  declaredLength?: number;
}

/** API Gateway's payload limit for HTTP APIs, which the local gateway keeps. */
export const PAYLOAD_LIMIT = 10 * 1024 * 1024;

/** A value each path parameter may take when the variant is about something else. */
const VALID_PARAMS: Record<string, string> = {
  pk: '1',
  table_name: 'cars',
  schema_name: 'main',
  client_id: 'fuzzclient',
  key: 'fuzzkey',
  digest: 'fuzzdigest',
  cache_key: 'fuzzcachekey',
  annotation_id: '1',
  object_id: '1',
  tag: 'fuzz',
  column: 'Origin',
};

/** Path parameter values that are not what a route expects (raw, put in the path as they are). */
const BAD_PARAMS = [
  '-1',
  '0',
  '99999999999999999999999999',
  '9007199254740993',
  '1e309',
  '1.5',
  'abc',
  '%FF',
  '%E0%A4%A',
  '%00',
  "'%20OR%201=1--",
  '..%2F..%2Fetc%2Fpasswd',
  '__proto__',
  'x'.repeat(3000),
];

/** Rison (or not) that list and get routes must refuse or ignore, never crash on. */
const BAD_RISON = [
  '(((',
  "!('unterminated",
  '(page:-1,page_size:100000000)',
  '(page:abc,page_size:!t)',
  '(filters:!((col:__proto__,opr:eq,value:!n)))',
  '(filters:!((col:id,opr:no_such_operator,value:(a:!(b)))))',
  '(filters:(col:id))',
  '(columns:!(1,2,(a:b)))',
  '(order_column:zzz,order_direction:sideways)',
  '(keys:!(none,label_columns),select_columns:!(%27;drop%27))',
  '!(1,2,3)',
  '%FF%FE',
  `(filters:!(${Array.from({ length: 400 }, (_, i) => `(col:c${i},opr:eq,value:${i})`).join(',')}))`,
];

const UNKNOWN_QUERY = [
  'fuzz=1&__proto__[polluted]=1',
  'q=&q=(page:0)',
  'page=-1&page_size=abc&order_column=%00',
  'last_id=%FF&force=maybe&format=exe',
  `filter=${'a'.repeat(5000)}`,
];

/** Values of every JSON type, some at the edges of what JavaScript and DynamoDB hold. */
const ODD_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  1e308,
  -9007199254740993,
  '',
  'x'.repeat(70_000),
  '\u0000\uD800',
  "'; DROP TABLE x; --",
  '__proto__',
  [],
  [null, {}],
  {},
  { __proto__: { polluted: true } },
  { a: { b: { c: { d: { e: [[[[[]]]]] } } } } },
];

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType; options?: z.ZodType[] };
const defOf = (schema: z.ZodType | undefined): Def | undefined => (schema as unknown as { _zod?: { def: Def } } | undefined)?._zod?.def;

/** The schema with optional/nullable/default/pipe wrappers taken off. */
function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  let current = schema;
  for (let i = 0; i < 10; i++) {
    const def = defOf(current);
    if (!def) return current;
    if (def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else return current;
  }
  return current;
}

/** The fields of an object schema (of the first object of a union), with what type each wants. */
export function fieldsOf(schema: z.ZodType | undefined): Record<string, string> {
  const bare = unwrap(schema);
  const def = defOf(bare);
  if (!def) return {};
  if (def.type === 'union' && def.options) return fieldsOf(def.options.find((o) => defOf(unwrap(o))?.type === 'object'));
  if (def.type !== 'object' || !def.shape) return {};
  return Object.fromEntries(Object.entries(def.shape).map(([key, field]) => [key, defOf(unwrap(field))?.type ?? 'unknown']));
}

/** A value of a type other than the one the field wants. */
function wrongFor(type: string, random: Random): unknown {
  const opposite: Record<string, unknown[]> = {
    string: [12345, true, [], { a: 1 }, null],
    number: ['12', 'NaN', true, [], 1e308, -1],
    int: ['1', 1.5, -1],
    boolean: ['true', 1, 'yes', []],
    array: [{}, 'a,b', 1, [[[]]], [null]],
    object: [[], 'x', 1, { __proto__: { polluted: true } }],
    record: [[], 'x', 1],
    enum: ['no_such_value', 1, ''],
    literal: ['no_such_value', 0],
  };
  return random.pick(opposite[type] ?? ODD_VALUES);
}

const JSON_HEADERS = { 'content-type': 'application/json' };

function bodyVariants(route: RouteDef, random: Random): Omit<FuzzRequest, 'method' | 'target'>[] {
  const fields = fieldsOf(route.body);
  const keys = Object.keys(fields);
  const json = (label: string, value: unknown) => ({ label, headers: JSON_HEADERS, body: JSON.stringify(value) });
  const variants: Omit<FuzzRequest, 'method' | 'target'>[] = [
    { label: 'body: malformed JSON', headers: JSON_HEADERS, body: '{"a": [1, 2' },
    { label: 'body: JSON with a NUL and a lone surrogate', headers: JSON_HEADERS, body: '{"\u0000": "\\ud800"}' },
    json('body: top level of the wrong type', random.pick([[], 'text', 42, null, true])),
    json('body: every field of the wrong type', Object.fromEntries(keys.map((k) => [k, wrongFor(fields[k], random)]))),
    json('body: every field an odd value', Object.fromEntries(keys.map((k) => [k, random.pick(ODD_VALUES)]))),
    json('body: of the right types, plain values', sampleOf(route.body, random, 'plain')),
    json('body: of the right types, odd values', sampleOf(route.body, random, 'odd')),
    json('body: of the right types, odd values (another draw)', sampleOf(route.body, random, 'odd')),
    json('body: unknown fields only', { __proto__: { admin: true }, constructor: { prototype: { polluted: true } }, fuzz: random.pick(ODD_VALUES) }),
  ];
  if (route.bodyFormat === 'form') {
    variants.push({ label: 'body: form garbage', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=%ZZ&&=&b=%FF&form_data=%7B&json=[' });
    variants.push({ label: 'body: multipart without a boundary', headers: { 'content-type': 'multipart/form-data' }, body: 'garbage' });
  }
  if (route.bodyFormat === 'upload') {
    const boundary = 'fuzzboundary';
    variants.push({ label: 'body: multipart without a boundary', headers: { 'content-type': 'multipart/form-data' }, body: 'garbage' });
    variants.push({
      label: 'body: multipart with a file that is not a zip',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: `--${boundary}\r\nContent-Disposition: form-data; name="formData"; filename="x.zip"\r\nContent-Type: application/zip\r\n\r\nPK\u0003\u0004garbage\r\n--${boundary}\r\nContent-Disposition: form-data; name="passwords"\r\n\r\n{not json\r\n--${boundary}--\r\n`,
    });
    variants.push({ label: 'body: truncated multipart', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: `--${boundary}\r\nContent-Disposition: form-data; name="formData"; filename="x.zip"\r\n\r\nPK` });
  }
  return variants;
}

/** Text without lone surrogates, which percent-encoding cannot carry. */
const wellFormed = (text: string) => text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** Every request the fuzz pass sends to `route` (as any one caller). */
export function casesFor(route: RouteDef, random: Random): FuzzRequest[] {
  const params = Object.fromEntries([...route.path.matchAll(/\{(\w+)\+?\}/g)].map(([, name]) => [name, VALID_PARAMS[name] ?? 'x']));
  const validPath = fillPath(route.path, params);
  const cases: FuzzRequest[] = [];
  const add = (label: string, target: string, extra: Partial<FuzzRequest> = {}) => cases.push({ label, method: route.method, target, headers: {}, ...extra });

  for (const name of Object.keys(params)) {
    for (const bad of random.sample(BAD_PARAMS, 3).concat(['%FF', '99999999999999999999999999'])) {
      // Raw: the bad value goes into the path as written, percent signs included.
      const path = route.path.replace(new RegExp(`\\{${name}\\+?\\}`), bad).replace(/\{(\w+)\+?\}/g, (_, other: string) => encodeURIComponent(params[other]));
      add(`path ${name}=${bad.slice(0, 40)}`, path);
    }
  }
  for (const rison of random.sample(BAD_RISON, 3)) add(`q=${rison.slice(0, 40)}`, `${validPath}?q=${rison.includes('%') ? rison : encodeURIComponent(rison)}`);
  if (route.q) {
    for (const mode of ['plain', 'odd', 'odd'] as const) {
      const value = sampleOf(route.q, random, mode);
      if (value !== undefined) add(`q of the right types, ${mode} values`, `${validPath}?q=${encodeURIComponent(wellFormed(rison.encode(value)))}`);
    }
  }
  if (route.query) {
    const value = sampleOf(route.query, random, 'odd') as Record<string, unknown> | undefined;
    const text = new URLSearchParams(Object.entries(value ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();
    add('query parameters of odd values', `${validPath}?${text}`);
  }
  add('unknown query parameters', `${validPath}?${random.pick(UNKNOWN_QUERY)}`);
  if (route.method !== 'GET') {
    for (const variant of bodyVariants(route, random)) add(variant.label, validPath, variant);
    add('body: just over the payload limit (declared)', validPath, { headers: JSON_HEADERS, declaredLength: PAYLOAD_LIMIT + 1 });
    add('body: far over the payload limit (declared)', validPath, { headers: JSON_HEADERS, declaredLength: 1024 * 1024 * 1024 });
  }
  return cases;
}
