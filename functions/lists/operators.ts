// Filter operator builders for list declarations. Names follow Flask-AppBuilder's REST operators
// (ct, nct, sw, nsw, ew, new, eq, neq, gt, lt, in, rel_o_m, nrel_o_m, rel_m_m); text compares ignore
// case as FAB's ilike filters do. Superset's custom operators are written per resource with the same shape.
import type { ColumnFilters } from './types';

type Get<Rec, T> = (record: Rec) => T;

export const lower = (v: unknown) => (v === null || v === undefined ? '' : String(v)).toLowerCase();

/** A related object's id as filters send it: a number, a numeric string, or {value}/{id}. */
export function relatedId(value: unknown): number | string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') {
    const v = value as { value?: unknown; id?: unknown };
    return relatedId(v.value ?? v.id);
  }
  const n = Number(value);
  return Number.isFinite(n) && String(value).trim() !== '' ? n : String(value);
}

const same = (a: unknown, b: unknown) =>
  a === b || (a !== null && a !== undefined && b !== null && b !== undefined && typeof a !== 'object' && String(a) === String(b));

/** Strings: contains, starts/ends with (and their negations), equal. */
export function textOps<Rec, Ctx = unknown>(get: Get<Rec, string | null | undefined>): ColumnFilters<Rec, Ctx> {
  return {
    ct: (r, v) => lower(get(r)).includes(lower(v)),
    nct: (r, v) => !lower(get(r)).includes(lower(v)),
    sw: (r, v) => lower(get(r)).startsWith(lower(v)),
    nsw: (r, v) => !lower(get(r)).startsWith(lower(v)),
    ew: (r, v) => lower(get(r)).endsWith(lower(v)),
    new: (r, v) => !lower(get(r)).endsWith(lower(v)),
    eq: (r, v) => same(get(r) ?? null, v),
    neq: (r, v) => !same(get(r) ?? null, v),
    in: (r, v) => Array.isArray(v) && v.some((x) => same(get(r), x)),
  };
}

/** Numbers: equal, greater, smaller, one of. */
export function numberOps<Rec, Ctx = unknown>(get: Get<Rec, number | null | undefined>): ColumnFilters<Rec, Ctx> {
  const num = (r: Rec) => get(r) ?? null;
  return {
    eq: (r, v) => num(r) !== null && num(r) === Number(v),
    neq: (r, v) => num(r) === null || num(r) !== Number(v),
    gt: (r, v) => num(r) !== null && (num(r) as number) > Number(v),
    lt: (r, v) => num(r) !== null && (num(r) as number) < Number(v),
    in: (r, v) => Array.isArray(v) && v.some((x) => num(r) === Number(x)),
  };
}

export function boolOps<Rec, Ctx = unknown>(get: Get<Rec, boolean | null | undefined>): ColumnFilters<Rec, Ctx> {
  const asBool = (v: unknown) => v === true || v === 'true' || v === 1 || v === '1';
  return { eq: (r, v) => Boolean(get(r)) === asBool(v), neq: (r, v) => Boolean(get(r)) !== asBool(v) };
}

const toMs = (value: unknown) => {
  if (typeof value === 'number') return value;
  const s = String(value ?? '');
  return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(s) || !s.includes('T') ? s : `${s}Z`);
};

/** Times (ms since epoch): after, before, at, and Superset's range filter (opr between, value !(from,to)). */
export function timeOps<Rec, Ctx = unknown>(get: Get<Rec, number | null | undefined>): ColumnFilters<Rec, Ctx> {
  const at = (r: Rec) => get(r) ?? null;
  return {
    gt: (r, v) => at(r) !== null && (at(r) as number) > toMs(v),
    lt: (r, v) => at(r) !== null && (at(r) as number) < toMs(v),
    eq: (r, v) => at(r) !== null && at(r) === toMs(v),
    between: (r, v) => {
      if (!Array.isArray(v) || v.length !== 2) return false;
      const t = at(r);
      const [from, to] = v.map((x) => (x === null || x === '' ? null : toMs(x)));
      return t !== null && (from === null || t >= (from as number)) && (to === null || t <= (to as number));
    },
  };
}

/** A many-to-one relation (database, created_by): the related id equals (or not) the filter's. */
export function relOneMany<Rec, Ctx = unknown>(get: Get<Rec, number | string | null | undefined>): ColumnFilters<Rec, Ctx> {
  const match = (r: Rec, v: unknown) => same(get(r) ?? null, relatedId(v));
  return { rel_o_m: match, nrel_o_m: (r, v) => !match(r, v), eq: match, neq: (r, v) => !match(r, v) };
}

/** A many-to-many relation (owners, tags, dashboards): one of the related ids is the filter's. */
export function relManyMany<Rec, Ctx = unknown>(get: Get<Rec, readonly (number | string)[] | null | undefined>): ColumnFilters<Rec, Ctx> {
  const match = (r: Rec, v: unknown) => {
    const wanted = Array.isArray(v) ? v.map(relatedId) : [relatedId(v)];
    return (get(r) ?? []).some((id) => wanted.some((w) => same(id, w)));
  };
  return { rel_m_m: match, nrel_m_m: (r, v) => !match(r, v) };
}

/** Superset's all-text search filters (chart_all_text, saved_query_all_text...): any field contains the value. */
export const allText = <Rec, Ctx = unknown>(fields: Get<Rec, (string | null | undefined)[]>) =>
  (r: Rec, v: unknown, _ctx?: Ctx) => !lower(v) || fields(r).some((f) => lower(f).includes(lower(v)));
