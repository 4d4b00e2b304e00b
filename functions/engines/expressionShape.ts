// Shared frame of the expression checks each engine runs on its own parse tree
// (functions/engines/<name>/expression.ts): the fragment is put into a fixed SELECT over a placeholder
// table, parsed, and the tree must be exactly that SELECT with the fragment in its one slot. A second
// parse puts the fragment in parentheses followed by a marker column the user cannot know
// (`SELECT (fragment), <marker> FROM ...`): the marker must come out of the tree as the second select
// item, which proves the engine's lexer ends the fragment where the compiler's text goes on (a
// trailing `-- ` or an escape string that swallows the quote cannot hide what follows it).
import { randomBytes } from 'node:crypto';

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

/** The marker column of the second parse: random per process, so no fragment can spell it. */
export const END_MARKER = `__sqlscape_end_${randomBytes(12).toString('hex')}`;

/** The SELECT that proves nothing of the fragment runs past its closing parenthesis. */
export const wrapWithEnd = (expression: string) => `SELECT (${expression}), ${END_MARKER} FROM ${PLACEHOLDER_TABLE}`;

export const runsPastEnd = (): ExpressionVerdict => ({
  ok: false,
  reason: 'not_expression',
  message: 'The expression must be a single SQL expression: the engine reads it as running on past its end (a trailing comment or an unclosed quote)',
});

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
