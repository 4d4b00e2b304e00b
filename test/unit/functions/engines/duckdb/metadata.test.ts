import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SupersetError } from '../../../../../shared/errors';
import { openEngine } from '../../../../../functions/engines/registry';
import type { Engine } from '../../../../../functions/engines/types';
import { createDuckDbFixture, type DuckDbFixture } from './fixture';

let fixture: DuckDbFixture;
let engine: Engine;

beforeAll(async () => {
  fixture = await createDuckDbFixture();
  engine = await openEngine(fixture.config);
});
afterAll(async () => {
  await engine.close();
  fixture.remove();
});

describe('duckdb metadata', () => {
  it('lists the database as catalog and its schemas', async () => {
    expect(await engine.catalogs()).toEqual(['fixture']);
    expect(await engine.schemas()).toEqual(['main', 'sales']);
  });

  it('lists tables and views of a schema', async () => {
    expect(await engine.tables('main')).toEqual([
      { value: 'big_orders', type: 'view', extra: null },
      { value: 'customers', type: 'table', extra: null },
      { value: 'orders', type: 'table', extra: null },
    ]);
    expect((await engine.tables('sales')).map((t) => t.value)).toEqual(['regions']);
  });

  it('describes columns, keys and indexes', async () => {
    const meta = await engine.tableMetadata({ name: 'orders', schema: 'main' });
    const placed = meta.columns.find((c) => c.name === 'placed');
    expect(placed).toMatchObject({ type: 'TIMESTAMP', is_dttm: true, type_generic: 2, nullable: true, default: null });
    expect(meta.columns.find((c) => c.name === 'amount')).toMatchObject({ type: 'DECIMAL(10,2)', type_generic: 0 });
    expect(meta.primaryKey).toMatchObject({ constrained_columns: ['order_id'], type: 'pk' });
    expect(meta.foreignKeys).toEqual([
      expect.objectContaining({ constrained_columns: ['customer_id'], referred_table: 'customers', referred_columns: ['id'], type: 'fk' }),
    ]);
    expect(meta.indexes).toEqual([{ name: 'orders_due', column_names: ['due'], unique: false, type: 'index' }]);
    expect(meta.selectStar.startsWith('SELECT\n  order_id,\n  customer_id,')).toBe(true);
    expect(meta.selectStar.endsWith('FROM main.orders\nLIMIT 100')).toBe(true);
  });

  it('reads defaults, nullability and comments', async () => {
    const meta = await engine.tableMetadata({ name: 'customers', schema: 'main' });
    expect(meta.comment).toBe('people who buy');
    expect(meta.columns.find((c) => c.name === 'name')).toMatchObject({ nullable: false, default: "'anon'" });
  });

  it('quotes identifiers that need it in the generated SELECT', async () => {
    const meta = await engine.tableMetadata({ name: 'regions', schema: 'sales' });
    expect(meta.selectStar).toBe('SELECT\n  region,\n  "Mixed Case",\n  "select"\nFROM sales.regions\nLIMIT 100');
  });

  it('answers TABLE_DOES_NOT_EXIST_ERROR for an unknown table', async () => {
    const error = await engine.tableMetadata({ name: 'nope', schema: 'main' }).catch((caught: unknown) => caught);
    expect((error as SupersetError).errorType).toBe('TABLE_DOES_NOT_EXIST_ERROR');
  });

  it('estimates the rows of a query from the plan', async () => {
    const [row] = await engine.estimate('SELECT * FROM orders');
    expect(row['Estimated rows']).toBe(2);
  });

  it('shows the whole plan, one row per operator, with the scan and its estimate', async () => {
    const rows = await engine.estimate('SELECT count(*) AS n FROM orders GROUP BY 1 = 1');
    expect(rows.length).toBeGreaterThan(1);
    const scan = rows.find((r) => String(r.Operator).includes('SEQ_SCAN') || String(r.Operator).includes('SCAN'));
    expect(scan).toBeDefined();
    expect(scan!['Estimated rows']).toBe(2);
    expect(String(scan!.Details)).toMatch(/orders/);
    expect(String(scan!.Operator)).toMatch(/└ /);
    expect(Object.keys(rows[0])).toEqual(['Operator', 'Estimated rows', 'Details']);
  });

  it('tests the connection', async () => {
    await expect(engine.testConnection()).resolves.toBeUndefined();
  });
});
