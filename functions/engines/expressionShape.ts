// Shared frame of the expression checks each engine runs on its own parse tree
// (functions/engines/<name>/expression.ts): the fragment is put into a fixed SELECT over a placeholder
// table, parsed, and the tree must be exactly that SELECT with the fragment in its one slot.

export type ExpressionKind = 'column' | 'metric' | 'where' | 'having';

export type ExpressionVerdict =
  | { ok: true }
  | { ok: false; reason: 'syntax' | 'not_expression' | 'subquery' | 'writes'; message: string };

export const PLACEHOLDER_TABLE = '__sqlscape_expression__';

/** The SELECT a fragment of this kind is parsed in. */
export function wrapExpression(expression: string, kind: ExpressionKind): string {
  switch (kind) {
    case 'where':
      return `SELECT 1 FROM ${PLACEHOLDER_TABLE} WHERE ${expression}`;
    case 'having':
      return `SELECT 1 FROM ${PLACEHOLDER_TABLE} HAVING ${expression}`;
    default:
      return `SELECT ${expression} FROM ${PLACEHOLDER_TABLE}`;
  }
}

export const notExpression = (): ExpressionVerdict => ({ ok: false, reason: 'not_expression', message: 'The expression must be a single SQL expression.' });
export const subquery = (): ExpressionVerdict => ({ ok: false, reason: 'subquery', message: 'Custom SQL fields cannot contain sub-queries.' });
export const writes = (name: string): ExpressionVerdict => ({ ok: false, reason: 'writes', message: `The expression calls ${name}, which changes data.` });

/** Walks any JSON tree depth first; stops when visit returns a verdict. */
export function findInTree<T>(node: unknown, visit: (key: string, value: unknown) => T | null): T | null {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = findInTree(item, visit);
      if (found) return found;
    }
    return null;
  }
  if (node === null || typeof node !== 'object') return null;
  for (const [key, value] of Object.entries(node)) {
    const hit = visit(key, value);
    if (hit) return hit;
    if (typeof value === 'object') {
      const found = findInTree(value, visit);
      if (found) return found;
    }
  }
  return null;
}
