// Values that have the type a zod schema asks for but odd content: empty and very long text, SQL and
// path fragments, negative, huge and unsafe integers, empty and long lists. Such bodies (and rison
// `q`) get past the route's schema and reach the handler, where type-correct nonsense must still be a
// typed 4xx. `plain` gives ordinary values, so most of a request is valid and one odd field is tested.
import type { z } from 'zod';
import type { Random } from './random';

const ODD_TEXT = ['', ' ', 'x'.repeat(70_000), '\u0000', '\uD800', "'; DROP TABLE x; --", '../../etc/passwd', '{"a":', '<script>alert(1)</script>', 'SELECT 1; SELECT 2', '-1', 'null', '2026-13-45T25:61:61', '日本語🚀'];
const ODD_NUMBERS = [-1, 0, 1, 2 ** 31, 2 ** 53 + 2, 1e15, 1.5, -0, 999_999_999];

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  valueType?: z.ZodType;
  keyType?: z.ZodType;
  items?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
}
const defOf = (schema: z.ZodType): Def | undefined => (schema as unknown as { _zod?: { def: Def } })._zod?.def;

export type SampleMode = 'plain' | 'odd';

/** A value of the schema's type; `depth` stops recursive schemas. */
export function sampleOf(schema: z.ZodType | undefined, random: Random, mode: SampleMode, depth = 0): unknown {
  const def = schema && defOf(schema);
  if (!def || depth > 6) return undefined;
  const next = (s: z.ZodType | undefined) => sampleOf(s, random, mode, depth + 1);
  const odd = mode === 'odd';
  switch (def.type) {
    case 'string':
      return odd ? random.pick(ODD_TEXT) : 'fuzz';
    case 'number':
    case 'int':
      return odd ? random.pick(ODD_NUMBERS) : 1;
    case 'bigint':
      return odd ? random.pick(ODD_NUMBERS) : 1;
    case 'boolean':
      return odd ? random.pick([true, false]) : true;
    case 'date':
      return odd ? random.pick(ODD_TEXT) : '2024-01-01T00:00:00';
    case 'literal':
      return def.values?.[0];
    case 'enum':
      return random.pick(Object.values(def.entries ?? { a: 'a' }));
    case 'null':
      return null;
    case 'optional':
      // Plain samples leave out a third of the optional fields; odd ones fill them to be tested.
      return !odd && random.int(3) === 0 ? undefined : next(def.innerType);
    case 'nullable':
      return odd && random.int(4) === 0 ? null : next(def.innerType);
    case 'default':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'prefault':
      return next(def.innerType);
    case 'pipe':
      return next(def.in);
    case 'lazy':
      return def.getter ? next(def.getter()) : undefined;
    case 'array':
      // A long list only near the top, of one plain element: nested long lists would grow without bound.
      if (odd && depth <= 1 && random.int(2) === 0) return Array.from({ length: 300 }, () => structuredClone(sampleOf(def.element, random, 'plain', depth + 1)));
      return odd ? random.pick([[], [next(def.element)]]) : [next(def.element)];
    case 'tuple':
      return (def.items ?? []).map(next);
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape ?? {})
          .map(([key, field]) => [key, next(field)])
          .filter(([, value]) => value !== undefined),
      );
    case 'record':
      return odd ? { [random.pick(['', '__proto__', 'x'.repeat(500)])]: next(def.valueType) } : { fuzz: next(def.valueType) };
    case 'union':
      return next(random.pick(def.options ?? []));
    case 'intersection':
      return { ...(next(def.left) as object), ...(next(def.right) as object) };
    case 'any':
    case 'unknown':
      return odd ? random.pick([null, {}, [], 'x', -1]) : 'fuzz';
    default:
      return undefined;
  }
}
