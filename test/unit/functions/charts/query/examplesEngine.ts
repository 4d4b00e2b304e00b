// The examples tables a chart test needs, built by the real examples builder into a temp DuckDB file
// and opened through the real DuckDB engine adapter; datasets described from the engine's metadata.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildExamples } from '../../../../../functions/engines/duckdb/examples';
import { duckdbAdapter } from '../../../../../functions/engines/duckdb/index';
import type { Engine } from '../../../../../functions/engines/types';
import type { CompilerDataset } from '../../../../../functions/charts/query/types';

export interface ExamplesEngine {
  engine: Engine;
  dataset(table: string, extra?: Partial<CompilerDataset>): Promise<CompilerDataset>;
  close(): Promise<void>;
}

export async function openExamples(tables: string[]): Promise<ExamplesEngine> {
  const dir = mkdtempSync(join(tmpdir(), 'chart-examples-'));
  const path = join(dir, 'examples.duckdb');
  await buildExamples(path, { only: tables });
  const engine = await duckdbAdapter.open({ id: 1, database_name: 'examples', backend: 'duckdb', sqlalchemy_uri: `duckdb:///${path}` });
  return {
    engine,
    async dataset(table, extra = {}) {
      const meta = await engine.tableMetadata({ name: table, schema: 'main' });
      return {
        id: 1,
        engine: 'duckdb',
        table_name: table,
        schema: 'main',
        columns: meta.columns.map((column) => ({ column_name: column.name, type: column.type, is_dttm: column.is_dttm })),
        metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }],
        main_dttm_col: meta.columns.find((column) => column.is_dttm)?.name ?? null,
        ...extra,
      };
    },
    async close() {
      await engine.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
