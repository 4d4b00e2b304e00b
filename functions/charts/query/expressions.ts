// Checks a user SQL expression (calculated column, saved or adhoc metric, adhoc WHERE/HAVING, extras)
// on the dataset engine's own parse tree: one expression, no sub-query unless allowed
// (ADHOC_SUBQUERY_NOT_ALLOWED_ERROR), never a second statement or a writing function. Comments are
// stripped; the cleaned expression is returned for the compiler to embed.
import { SupersetError } from '../../../shared/errors';
import type { ExpressionKind, ExpressionVerdict } from '../../engines/expressionShape';
import type { EngineKind } from '../../engines/types';
import { scanFragment } from './sqlText';

export type { ExpressionKind } from '../../engines/expressionShape';

const CHECKERS: Record<EngineKind, () => Promise<(expression: string, kind: ExpressionKind) => ExpressionVerdict | Promise<ExpressionVerdict>>> = {
  duckdb: async () => (await import('../../engines/duckdb/expression')).checkDuckDbExpression,
  postgresql: async () => (await import('../../engines/postgresql/expression')).checkPostgresExpression,
  awsathena: async () => (await import('../../engines/athena/expression')).checkTrinoExpression,
};

export interface CheckOptions {
  /** Superset's ALLOW_ADHOC_SUBQUERY. */
  allowSubquery?: boolean;
  /** Names the expression in messages (a metric or column name). */
  label?: string;
}

const MAX_EXPRESSION_LENGTH = 65_536;

/**
 * Verdicts already reached in this container. A verdict depends only on the engine, the kind and the
 * cleaned text (the parse tree, never the data), and a chart request checks the same saved metrics
 * and columns again and again: each check is a parser round trip (DuckDB's json_serialize_sql, the
 * PostgreSQL WASM parser), a millisecond or more per expression on every chart request.
 */
const VERDICTS_MAX = 2000;
const verdicts = new Map<string, ExpressionVerdict>();

async function verdictFor(engine: EngineKind, text: string, kind: ExpressionKind): Promise<ExpressionVerdict> {
  const key = `${engine}\u0000${kind}\u0000${text}`;
  const known = verdicts.get(key);
  if (known) return known;
  const check = await CHECKERS[engine]();
  const verdict = await check(text, kind);
  if (verdicts.size >= VERDICTS_MAX) verdicts.delete(verdicts.keys().next().value!);
  verdicts.set(key, verdict);
  return verdict;
}

export async function checkExpression(engine: EngineKind, sql: string, kind: ExpressionKind, options: CheckOptions = {}): Promise<string> {
  const where = options.label ? ` in "${options.label}"` : '';
  if (typeof sql !== 'string' || sql.length > MAX_EXPRESSION_LENGTH) {
    throw new SupersetError('INVALID_SQL_ERROR', `The expression${where} is not valid.`, { extra: { kind } });
  }
  const { text, hasSeparator } = scanFragment(sql);
  if (!text) throw new SupersetError('INVALID_SQL_ERROR', `The expression${where} is empty.`, { extra: { kind } });
  if (hasSeparator) {
    throw new SupersetError('INVALID_SQL_ERROR', `Only a single SQL expression is allowed${where}: ';' is not.`, { extra: { kind, expression: sql } });
  }
  const verdict = await verdictFor(engine, text, kind);
  if (verdict.ok) return text;
  if (verdict.reason === 'subquery') {
    if (options.allowSubquery) return text;
    throw new SupersetError('ADHOC_SUBQUERY_NOT_ALLOWED_ERROR', verdict.message, { extra: { kind, expression: sql } });
  }
  if (verdict.reason === 'writes') {
    throw new SupersetError('DML_NOT_ALLOWED_ERROR', verdict.message, { status: 400, extra: { kind, expression: sql } });
  }
  throw new SupersetError('INVALID_SQL_ERROR', `${verdict.message.replace(/\.$/, '')}${where}.`, { extra: { kind, expression: sql } });
}
