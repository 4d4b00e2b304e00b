// Cost estimate from DuckDB's optimizer: each statement's physical plan (EXPLAIN (FORMAT JSON)) as a
// readable tree, one row per operator with its estimated cardinality and what it works on.
import type { DuckDBConnection } from '@duckdb/node-api';
import { engineError } from '../issues';
import { planRows, type PlanRowNode } from '../planRows';
import type { CostRow, ParsedStatement } from '../types';

interface PlanNode {
  name: string;
  children?: PlanNode[];
  extra_info?: Record<string, unknown>;
}

const CARDINALITY = 'Estimated Cardinality';

const detailText = (value: unknown): string => (Array.isArray(value) ? value.map(String).join(', ') : String(value));

function toRowNode(node: PlanNode): PlanRowNode {
  const info = node.extra_info ?? {};
  const estimate = info[CARDINALITY];
  const details = Object.entries(info)
    .filter(([key]) => key !== CARDINALITY)
    .map(([key, value]) => `${key}: ${detailText(value)}`);
  return {
    operator: node.name,
    rows: estimate === undefined || estimate === '' ? null : Number(estimate),
    details: details.join('; '),
    children: (node.children ?? []).map(toRowNode),
  };
}

export async function estimateDuckDb(connection: DuckDBConnection, statements: ParsedStatement[]): Promise<CostRow[]> {
  const out: CostRow[] = [];
  for (const [index, statement] of statements.entries()) {
    // Only queries are explained: EXPLAIN ANALYZE aside, explaining DML is harmless, but estimating
    // it is not what the cost button is for and would need DML permission checks first.
    if (!statement.isSelect) {
      throw engineError('DuckDB', 'GENERIC_DB_ENGINE_ERROR', 'Cost estimation is only available for SELECT statements.');
    }
    const reader = await connection.runAndReadAll(`EXPLAIN (FORMAT JSON) ${statement.sql}`);
    const plan = JSON.parse(String(reader.getRows()[0][1])) as PlanNode[];
    out.push(...planRows(plan.map(toRowNode), statements.length > 1 ? index + 1 : null));
  }
  return out;
}
