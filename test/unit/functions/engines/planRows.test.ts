import { describe, expect, it } from 'vitest';
import { planRows } from '../../../../functions/engines/planRows';

describe('planRows', () => {
  const leaf = (operator: string, rows: number | null) => ({ operator, rows, details: `on ${operator}`, children: [] });
  it('lists operators depth first, indented under their parent, with estimates and details', () => {
    const rows = planRows([{ operator: 'PROJECTION', rows: 3, details: '', children: [{ ...leaf('HASH_JOIN', null), children: [leaf('SCAN a', 10), leaf('SCAN b', 20)] }] }]);
    expect(rows.map((r) => r.Operator)).toEqual(['PROJECTION', '└ HASH_JOIN', '\u00a0\u00a0└ SCAN a', '\u00a0\u00a0└ SCAN b']);
    expect(rows.map((r) => r['Estimated rows'])).toEqual([3, null, 10, 20]);
    expect(rows[2].Details).toBe('on SCAN a');
  });

  it('numbers statements of a script and keeps engine figures as columns', () => {
    const rows = planRows([{ ...leaf('Seq Scan', 5), extra: { 'Total cost': 1.5 } }], 2);
    expect(rows).toEqual([{ Statement: 2, Operator: 'Seq Scan', 'Estimated rows': 5, 'Total cost': 1.5, Details: 'on Seq Scan' }]);
  });
});
