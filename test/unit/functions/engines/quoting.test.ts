import { describe, expect, it } from 'vitest';
import { quoteIdentifier, selectStarSql } from '../../../../functions/engines/quoting';

describe('identifier quoting', () => {
  it('leaves simple lower-case names bare and quotes the rest', () => {
    expect(quoteIdentifier('orders')).toBe('orders');
    expect(quoteIdentifier('Orders')).toBe('"Orders"');
    expect(quoteIdentifier('order date')).toBe('"order date"');
    expect(quoteIdentifier('select')).toBe('"select"');
    expect(quoteIdentifier('1st')).toBe('"1st"');
    expect(quoteIdentifier('say "hi"')).toBe('"say ""hi"""');
  });

  it('writes Superset\'s select star', () => {
    expect(selectStarSql(quoteIdentifier, { schema: 'main', name: 'cars' }, ['Name', 'year'], 100)).toBe('SELECT\n  "Name",\n  year\nFROM main.cars\nLIMIT 100');
    expect(selectStarSql(quoteIdentifier, { name: 'cars' }, null, 10)).toBe('SELECT\n  *\nFROM cars\nLIMIT 10');
  });
});
