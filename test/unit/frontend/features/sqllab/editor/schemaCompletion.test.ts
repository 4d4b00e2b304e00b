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

describe('schema changes', () => {
  it('DDL that adds, drops or renames tables makes the cached table lists stale; reads and DML do not', async () => {
    const { changesSchema, forgetDatabase, schemaEpochs } = await import('../../../../../../frontend/src/features/sqllab/editor/schemaCompletion');
    expect(changesSchema('CREATE TABLE t AS SELECT 1')).toBe(true);
    expect(changesSchema('-- tidy up\ndrop view v')).toBe(true);
    expect(changesSchema('SELECT 1; ALTER TABLE t RENAME TO u')).toBe(true);
    expect(changesSchema("SELECT 'create table' AS s")).toBe(false);
    expect(changesSchema('INSERT INTO t VALUES (1)')).toBe(false);
    expect(changesSchema('/* create */ SELECT 1')).toBe(false);
    const before = schemaEpochs[7] ?? 0;
    forgetDatabase(7);
    expect(schemaEpochs[7]).toBe(before + 1);
  });
});
