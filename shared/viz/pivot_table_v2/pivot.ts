// The pivot itself: records aggregated into cells for every row-key and column-key prefix (so totals
// and subtotals are cells too), with react-pivottable's aggregators as Superset offers them.
import type { AggregateFunction, SortOrder } from './types';

type Acc = { values: number[]; raw: unknown[] };
const SEP = '\u0001';

function median(v: number[]): number | null {
  if (!v.length) return null;
  const s = [...v].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
function variance(v: number[]): number | null {
  if (v.length < 2) return null;
  const mean = v.reduce((a, b) => a + b, 0) / v.length;
  return v.reduce((a, b) => a + (b - mean) ** 2, 0) / (v.length - 1);
}
const sum = (v: number[]) => (v.length ? v.reduce((a, b) => a + b, 0) : null);

/** The base statistic of an aggregator ('... as Fraction of ...' divide it afterwards). */
function baseValue(fn: AggregateFunction, acc: Acc): number | null {
  const v = acc.values;
  switch (fn) {
    case 'Count':
    case 'Count as Fraction of Total':
    case 'Count as Fraction of Rows':
    case 'Count as Fraction of Columns':
      return acc.raw.length;
    case 'Count Unique Values':
    case 'List Unique Values':
      return new Set(acc.raw.map(String)).size;
    case 'Average':
      return v.length ? (sum(v) as number) / v.length : null;
    case 'Median':
      return median(v);
    case 'Sample Variance':
      return variance(v);
    case 'Sample Standard Deviation': {
      const s = variance(v);
      return s === null ? null : Math.sqrt(s);
    }
    case 'Minimum':
      return v.length ? Math.min(...v) : null;
    case 'Maximum':
      return v.length ? Math.max(...v) : null;
    case 'First':
      return v.length ? v[0] : null;
    case 'Last':
      return v.length ? v[v.length - 1] : null;
    default:
      return sum(v);
  }
}

/** Keys part by part: two numbers (dates are epoch ms) by value, anything else by its label. */
function compareKeys(a: string[], rawA: unknown[], b: string[], rawB: unknown[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const [x, y] = [rawA[i], rawB[i]];
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : (a[i] ?? '').localeCompare(b[i] ?? '', undefined, { numeric: true });
    if (order !== 0) return order;
  }
  return 0;
}

export interface Pivot {
  rowKeys: string[][];
  colKeys: string[][];
  value: (rowKey: string[], colKey: string[], metric: string) => number | null;
}

export function buildPivot(
  records: Record<string, unknown>[],
  rowFields: string[],
  colFields: string[],
  metrics: string[],
  fn: AggregateFunction,
  label: (field: string, value: unknown) => string,
  order: { rows: SortOrder; cols: SortOrder },
): Pivot {
  const cells = new Map<string, Acc>();
  const rowSet = new Map<string, string[]>();
  const colSet = new Map<string, string[]>();
  // The values behind each key's labels: keys sort by them (dates and numbers in their own order).
  const rawOf = new Map<string, unknown[]>();
  for (const record of records) {
    const rk = rowFields.map((f) => label(f, record[f]));
    const ck = colFields.map((f) => label(f, record[f]));
    rowSet.set(rk.join(SEP), rk);
    colSet.set(ck.join(SEP), ck);
    rawOf.set(`r${rk.join(SEP)}`, rowFields.map((f) => record[f]));
    rawOf.set(`c${ck.join(SEP)}`, colFields.map((f) => record[f]));
    for (let i = 0; i <= rk.length; i++) {
      for (let j = 0; j <= ck.length; j++) {
        for (const m of metrics) {
          const key = `${rk.slice(0, i).join(SEP)}${SEP}${SEP}${ck.slice(0, j).join(SEP)}${SEP}${SEP}${m}`;
          let acc = cells.get(key);
          if (!acc) cells.set(key, (acc = { values: [], raw: [] }));
          const raw = record[m];
          if (raw !== null && raw !== undefined) {
            acc.raw.push(raw);
            if (Number.isFinite(Number(raw))) acc.values.push(Number(raw));
          }
        }
      }
    }
  }
  const base = (r: string[], c: string[], m: string) => {
    const acc = cells.get(`${r.join(SEP)}${SEP}${SEP}${c.join(SEP)}${SEP}${SEP}${m}`);
    return acc ? baseValue(fn, acc) : null;
  };
  const value = (r: string[], c: string[], m: string): number | null => {
    const v = base(r, c, m);
    if (v === null || !fn.includes('as Fraction of')) return v;
    const denominator = fn.endsWith('Total') ? base([], [], m) : fn.endsWith('Rows') ? base(r, [], m) : base([], c, m);
    return denominator ? v / denominator : null;
  };
  const sortKeys = (side: 'r' | 'c', keys: string[][], ord: SortOrder, total: (k: string[]) => number) => {
    const sorted = [...keys];
    const raw = (k: string[]) => rawOf.get(`${side}${k.join(SEP)}`) ?? [];
    if (ord.startsWith('key')) sorted.sort((a, b) => compareKeys(a, raw(a), b, raw(b)));
    else sorted.sort((a, b) => total(a) - total(b));
    return ord.endsWith('z_to_a') ? sorted.reverse() : sorted;
  };
  const first = metrics[0];
  const rowKeys = rowFields.length ? sortKeys('r', [...rowSet.values()], order.rows, (k) => value(k, [], first) ?? 0) : [];
  const colKeys = colFields.length ? sortKeys('c', [...colSet.values()], order.cols, (k) => value([], k, first) ?? 0) : [];
  return { rowKeys, colKeys, value };
}
