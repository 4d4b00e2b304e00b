import { describe, expect, it } from 'vitest';
import { referencedTables } from '../../../../../../frontend/src/features/sqllab/editor/schemaCompletion';

describe('tables referenced in the SQL', () => {
  it('finds tables after FROM and JOIN with their schema and alias', () => {
    expect(referencedTables('SELECT c. FROM main.cars c JOIN movies AS m ON 1=1 LEFT JOIN "odd name" WHERE x')).toEqual([
      { schema: 'main', table: 'cars', alias: 'c' },
      { schema: null, table: 'movies', alias: 'm' },
      { schema: null, table: 'odd name', alias: null },
    ]);
  });

  it('does not take a following keyword for an alias', () => {
    expect(referencedTables('SELECT * FROM cars WHERE 1=1')).toEqual([{ schema: null, table: 'cars', alias: null }]);
    expect(referencedTables('SELECT * FROM cars ORDER BY 1')[0].alias).toBeNull();
  });
});

describe('completed names', () => {
  it('quotes names that are not plain identifiers, in the dialect quote', async () => {
    const { sqlIdentifier } = await import('../../../../../../frontend/src/features/sqllab/editor/schemaCompletion');
    expect(sqlIdentifier('Horsepower')).toBe('Horsepower');
    expect(sqlIdentifier('IMDB Rating')).toBe('"IMDB Rating"');
    expect(sqlIdentifier('a"b')).toBe('"a""b"');
    expect(sqlIdentifier('IMDB Rating', '`')).toBe('`IMDB Rating`');
  });
});
