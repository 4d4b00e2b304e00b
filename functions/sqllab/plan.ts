// Turns an execute request into the exact script a database will run, refusing it before anything runs:
// length check, template rendering, the engine's own parse, the database's DML rule, CTAS/CVAS rules,
// then the row limit. The same plan serves sync runs and async workers (stored as executed_sql).
import { SupersetError, forbidden } from '../../shared/errors';
import type { CtasMethod } from '../../shared/constants';
import type { DatabaseRecord } from '../databases/repository';
import type { Dialect, Engine, ParsedStatement } from '../engines/types';
import { checkUserSql } from '../engines/checkUserSql';
import { assertSqlLength, lastStatementIsSelect } from '../engines/safety';
import { parseTemplateParams, renderTemplate, type TemplateContext } from './templates';
import { dropdownLimit, findSqlLimit, planLimit, replaceLimit, type LimitPlan, type SqlLimit } from './limits';

export interface PlanInput {
  sql: string;
  templateParams?: string | Record<string, unknown> | null;
  queryLimit?: number | null;
  schema?: string | null;
  selectAsCta?: boolean | null;
  ctasMethod?: CtasMethod | null;
  tmpTableName?: string | null;
}

export interface RunPlan {
  /** The SQL after template rendering, as the user meant it. */
  renderedSql: string;
  /** The script sent to the engine (limit raised by one, or wrapped in CREATE TABLE/VIEW AS). */
  executedSql: string;
  /** Rows the server returns at most; null for CTAS/CVAS, which return no rows. */
  limit: LimitPlan | null;
  ctas: { method: CtasMethod; table: string; schema: string | null; selectSql: string } | null;
  /** No statement may write or change state: running it twice (a retried request) is harmless. */
  readOnly: boolean;
  /** The parsed statements of the rendered SQL (what the read check looks at). */
  statements: ParsedStatement[];
}

const ctasMessages = {
  TABLE:
    'CTAS (create table as select) can only be run with a query where the last statement is a SELECT. Please make sure your query has a SELECT as its last statement. Then, try running your query again.',
  VIEW: 'CVAS (create view as select) can only be run with a query with a single SELECT statement. Please make sure your query has only a SELECT statement. Then, try running your query again.',
} as const;

/** Superset's default CTAS table name: tmp_<user>_table_<UTC timestamp>. */
export function defaultTmpTableName(userId: number, nowMs: number): string {
  const stamp = new Date(nowMs).toISOString().slice(0, 19).replace(/[-T:]/g, '_');
  return `tmp_${userId}_table_${stamp}`;
}

// LIMIT lookups depend on the text alone.
const LIMIT_CACHE_SIZE = 256;
const limits = new Map<string, SqlLimit | null>();

function remember<K, V>(cache: Map<K, V>, key: K, value: V) {
  if (cache.size >= LIMIT_CACHE_SIZE) cache.delete(cache.keys().next().value as K);
  cache.set(key, value);
}

async function findSqlLimitCached(sql: string, dialect: Dialect): Promise<SqlLimit | null> {
  const key = `${dialect.limitGrammar}\u0000${sql}`;
  if (limits.has(key)) return limits.get(key)!;
  const found = await findSqlLimit(sql, dialect);
  remember(limits, key, found);
  return found;
}

export async function planRun(
  db: DatabaseRecord,
  engine: Engine,
  input: PlanInput,
  ctx: TemplateContext & { userId: number; nowMs: number },
): Promise<RunPlan> {
  assertSqlLength(input.sql);
  const renderedSql = renderTemplate(input.sql, parseTemplateParams(input.templateParams), ctx);
  assertSqlLength(renderedSql);
  // The DML rule looks at what the user wrote; the CTAS wrapper below is the server's own statement.
  const statements = await checkUserSql(engine, renderedSql, { allowDml: db.allow_dml });

  if (input.selectAsCta) {
    const method: CtasMethod = input.ctasMethod ?? 'TABLE';
    if (method === 'TABLE' && !db.allow_ctas) throw forbidden('This database does not allow CREATE TABLE AS (CTAS).', 'GENERIC_COMMAND_ERROR');
    if (method === 'VIEW' && !db.allow_cvas) throw forbidden('This database does not allow CREATE VIEW AS (CVAS).', 'GENERIC_COMMAND_ERROR');
    if (method === 'TABLE' && !lastStatementIsSelect(statements)) {
      throw new SupersetError('INVALID_CTAS_QUERY_ERROR', ctasMessages.TABLE);
    }
    if (method === 'VIEW' && !(statements.length === 1 && statements[0].isSelect)) {
      throw new SupersetError('INVALID_CVAS_QUERY_ERROR', ctasMessages.VIEW);
    }
    const table = input.tmpTableName || defaultTmpTableName(ctx.userId, ctx.nowMs);
    const schema = db.force_ctas_schema || input.schema || null;
    const q = engine.dialect.quoteIdentifier;
    const target = schema ? `${q(schema)}.${q(table)}` : q(table);
    const last = statements[statements.length - 1].sql.trim().replace(/;\s*$/, '');
    const before = statements.slice(0, -1).map((s) => s.sql.trim().replace(/;\s*$/, ''));
    const executedSql = [...before, `CREATE ${method} ${target} AS\n${last}`].join(';\n');
    const selectSql = engine.dialect.selectStar({ schema, name: table }, null, dropdownLimit(input.queryLimit));
    return { renderedSql, executedSql, limit: null, ctas: { method, table, schema, selectSql }, readOnly: false, statements };
  }

  const found = await findSqlLimitCached(renderedSql, engine.dialect);
  const limit = planLimit(dropdownLimit(input.queryLimit), found?.value ?? null);
  // Asking the database for one row more than the limit tells whether the limit cut anything.
  const executedSql = found ? replaceLimit(renderedSql, found, limit.limit + 1) : renderedSql;
  return { renderedSql, executedSql, limit, ctas: null, readOnly: statements.every((s) => !s.mutates), statements };
}
