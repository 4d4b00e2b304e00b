// A small DuckDB file with the types, keys and objects the engine tests need, built without the sandbox.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { DatabaseConfig } from '../../../../../functions/engines/types';

export interface DuckDbFixture {
  dir: string;
  path: string;
  config: DatabaseConfig;
  remove(): void;
}

export async function createDuckDbFixture(): Promise<DuckDbFixture> {
  const dir = mkdtempSync(join(tmpdir(), 'duckdb-engine-'));
  const path = join(dir, 'fixture.duckdb');
  const instance = await DuckDBInstance.create(path);
  const connection = await instance.connect();
  await connection.run(`
    CREATE TABLE customers (id INTEGER PRIMARY KEY, name VARCHAR NOT NULL DEFAULT 'anon');
    COMMENT ON TABLE customers IS 'people who buy';
    CREATE TABLE orders (
      order_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id),
      placed TIMESTAMP, due DATE, amount DECIMAL(10,2), big BIGINT, huge HUGEINT, paid BOOLEAN,
      tags VARCHAR[], info STRUCT(kind VARCHAR, n INTEGER), raw BLOB, ratio DOUBLE
    );
    CREATE INDEX orders_due ON orders(due);
    INSERT INTO customers VALUES (1, 'ada'), (2, 'bob');
    INSERT INTO orders VALUES
      (10, 1, TIMESTAMP '2024-01-02 03:04:05', DATE '2024-02-01', 12.50, 9007199254740993, 170141183460469231731687303715884105727, true, ['a', 'b'], {'kind': 'x', 'n': 1}, 'hi'::BLOB, 0.25),
      (11, 2, NULL, NULL, NULL, 42, 7, false, [], NULL, NULL, NULL);
    CREATE VIEW big_orders AS SELECT * FROM orders WHERE amount > 10;
    CREATE SCHEMA sales;
    CREATE TABLE sales.regions (region VARCHAR, "Mixed Case" INTEGER, "select" INTEGER);
    INSERT INTO sales.regions VALUES ('north', 1, 2);
  `);
  connection.closeSync();
  instance.closeSync();
  return {
    dir,
    path,
    config: { id: 1, database_name: 'fixture', backend: 'duckdb', sqlalchemy_uri: `duckdb:///${path}` },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
