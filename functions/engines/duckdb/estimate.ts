// Cost estimate from DuckDB's optimizer: the estimated cardinality of each statement's plan root.
import type { DuckDBConnection } from '@duckdb/node-api';
import { engineError } from '../issues';
import type { CostRow, ParsedStatement } from '../types';

interface PlanNode {
  name: string;
  children?: PlanNode[];
  extra_info?: Record<string, unknown>;
}

function firstEstimate(node: PlanNode): number | null {
  const value = node.extra_info?.['Estimated Cardinality'];
  if (value !== undefined) return Number(value);
  for (const child of node.children ?? []) {
    const found = firstEstimate(child);
    if (found !== null) return found;
  }
  return null;
}

export async function estimateDuckDb(connection: DuckDBConnection, statements: ParsedStatement[]): Promise<CostRow[]> {
  const out: CostRow[] = [];
  for (const statement of statements) {
    // Only queries are explained: EXPLAIN ANALYZE aside, explaining DML is harmless, but estimating
    // it is not what the cost button is for and would need DML permission checks first.
    if (!statement.isSelect) {
      throw engineError('DuckDB', 'GENERIC_DB_ENGINE_ERROR', 'Cost estimation is only available for SELECT statements.');
    }
    const reader = await connection.runAndReadAll(`EXPLAIN (FORMAT JSON) ${statement.sql}`);
    const plan = JSON.parse(String(reader.getRows()[0][1])) as PlanNode[];
    const root = plan[0];
    out.push({ 'Estimated rows': root ? firstEstimate(root) : null, 'Root operator': root?.name ?? null });
  }
  return out;
}
