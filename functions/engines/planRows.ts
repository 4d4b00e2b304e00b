// An engine's query plan as the rows of the cost-estimate table (Superset shows the engine's own
// estimate; here the whole plan, one row per operator): the operator indented by its depth in the
// tree, its estimated row count, and its details. Engines turn their EXPLAIN output into PlanRowNode.
import type { CostRow } from './types';

export interface PlanRowNode {
  operator: string;
  rows: number | null;
  details: string;
  /** Engine-specific figures (PostgreSQL's costs), as extra columns. */
  extra?: Record<string, number | string | null>;
  children: PlanRowNode[];
}

const INDENT = '\u00a0\u00a0';

/** Depth-first rows; `statement` numbers the statement of a multi-statement script. */
export function planRows(roots: PlanRowNode[], statement: number | null = null): CostRow[] {
  const rows: CostRow[] = [];
  const walk = (node: PlanRowNode, depth: number) => {
    rows.push({
      ...(statement !== null ? { Statement: statement } : {}),
      Operator: depth === 0 ? node.operator : `${INDENT.repeat(depth - 1)}└ ${node.operator}`,
      'Estimated rows': node.rows,
      ...node.extra,
      Details: node.details,
    });
    for (const child of node.children) walk(child, depth + 1);
  };
  for (const root of roots) walk(root, 0);
  return rows;
}
