// Row limits as Superset applies them (ExecuteSqlCommand._set_query_limit and sql_lab.execute_sql_statement):
// the dropdown limit is the tab's queryLimit capped by the server maximum (0 or none means the maximum);
// the SQL's own LIMIT competes with it; the smaller wins and names the limiting factor. The SQL's LIMIT
// is raised by one so the server can tell whether rows were cut (then the factor stays) or not
// (NOT_LIMITED). The SQL's LIMIT is found on the PostgreSQL-grammar syntax tree for dialects that
// declare it (Dialect.limitGrammar: PostgreSQL, DuckDB); elsewhere, or where that parser does not
// understand the script, only the dropdown limit applies.
import { parseSync, loadModule, scanSync } from 'libpg-query';
import { LIMITS, type LimitingFactor } from '../../shared/constants';
import type { Dialect } from '../engines/types';

export const serverMaxRow = (env: NodeJS.ProcessEnv = process.env) => {
  const value = Number(env.SQL_MAX_ROW);
  return Number.isInteger(value) && value > 0 ? value : LIMITS.sqlMaxRow;
};

/** apply_max_row_limit: 0/none -> the maximum, otherwise the smaller of the two. */
export const dropdownLimit = (queryLimit: number | null | undefined, maxRow = serverMaxRow()) =>
  queryLimit ? Math.min(queryLimit, maxRow) : maxRow;

export interface LimitPlan {
  limit: number;
  /** The factor if rows turn out to be cut; NOT_LIMITED replaces it when they were not. */
  factor: LimitingFactor;
}

export function planLimit(dropdown: number, sqlLimit: number | null): LimitPlan {
  if (sqlLimit === null || sqlLimit > dropdown) return { limit: dropdown, factor: 'DROPDOWN' };
  if (dropdown > sqlLimit) return { limit: sqlLimit, factor: 'QUERY' };
  return { limit: sqlLimit, factor: 'QUERY_AND_DROPDOWN' };
}

export const finalFactor = (plan: LimitPlan, truncated: boolean): LimitingFactor => (truncated ? plan.factor : 'NOT_LIMITED');

let loaded: Promise<void> | null = null;
const ensureParser = () => (loaded ??= loadModule());

export interface SqlLimit {
  value: number;
  /** Byte range of the integer literal in the UTF-8 text. */
  start: number;
  end: number;
}

/**
 * The top-level `LIMIT <integer>` of the script's last statement, or null (no LIMIT, a non-literal
 * LIMIT, a dialect without this grammar, or a script the parser rejects).
 */
export async function findSqlLimit(sql: string, dialect: Pick<Dialect, 'limitGrammar'>): Promise<SqlLimit | null> {
  if (dialect.limitGrammar !== 'postgresql') return null;
  await ensureParser();
  let tree: { stmts?: { stmt?: Record<string, any> }[] };
  try {
    tree = parseSync(sql) as typeof tree;
  } catch {
    return null;
  }
  const last = tree.stmts?.at(-1)?.stmt?.SelectStmt;
  const constant = last?.limitCount?.A_Const;
  if (!constant || typeof constant.location !== 'number') return null;
  const value = constant.ival?.ival ?? (constant.ival && Object.keys(constant.ival).length === 0 ? 0 : undefined);
  if (typeof value !== 'number') return null;
  // The AST gives where the literal starts; the scanner gives where its token ends.
  const token = scanSync(sql).tokens.find((t) => t.start === constant.location);
  if (!token || token.tokenName !== 'ICONST') return null;
  return { value, start: token.start, end: token.end };
}

/** Rewrites the found LIMIT literal (byte offsets) to `value`. */
export function replaceLimit(sql: string, found: SqlLimit, value: number): string {
  const bytes = Buffer.from(sql, 'utf8');
  return Buffer.concat([bytes.subarray(0, found.start), Buffer.from(String(value)), bytes.subarray(found.end)]).toString('utf8');
}
