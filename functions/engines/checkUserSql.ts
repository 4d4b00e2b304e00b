// The one gate for user SQL on every path that hands it to an engine (SQL Lab runs, estimates and
// exports, alert queries, virtual dataset SQL created, edited or imported, chart queries, annotation
// queries): the engine's own parser cuts and classifies the script and refuses what its sandbox
// does not allow (functions/engines/<name>/statements.ts), then the database's DML rule applies.
// test/unit/functions/engines/userSqlEntryPoints.test.ts lists every caller of Engine.run, estimate and
// parse and fails when one does not come through here.
import { SupersetError, unprocessable } from '../../shared/errors';
import { assertAllowed, assertSqlLength } from './safety';
import type { Engine, ParsedStatement } from './types';

export interface UserSqlOptions {
  /** The database's allow_dml (Superset's rule); false where the SQL must only read (alerts, charts, datasets). */
  allowDml: boolean;
  /** The SQL must be exactly one SELECT (a virtual dataset): 422 with Superset's messages otherwise. */
  singleSelect?: boolean;
}

// Scripts of plain queries are kept per engine and text (a tab re-runs the same SQL, a dashboard the
// same chart SQL): their verdict comes from the parse tree alone. Anything that may write is parsed
// (and bound) again every time, since binding depends on the catalogue.
const CACHE_SIZE = 256;
const parses = new WeakMap<Engine, Map<string, ParsedStatement[]>>();

async function parseCached(engine: Engine, sql: string): Promise<ParsedStatement[]> {
  let cache = parses.get(engine);
  if (!cache) parses.set(engine, (cache = new Map()));
  const hit = cache.get(sql);
  if (hit) return hit;
  let statements: ParsedStatement[];
  try {
    statements = await engine.parse(sql);
  } catch (error) {
    throw error instanceof SupersetError ? error : engine.classify(error);
  }
  if (statements.length > 0 && statements.every((s) => s.kind === 'select' && s.isSelect && !s.mutates)) {
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(sql, statements);
  }
  return statements;
}

const single = (message: string) => unprocessable(message, { messages: { sql: [message] } });

/** The statements of `sql`, or the typed error that refuses it (SYNTAX_ERROR, QUERY_SECURITY_ACCESS_ERROR, DML_NOT_ALLOWED_ERROR...). */
export async function checkUserSql(engine: Engine, sql: string, options: UserSqlOptions): Promise<ParsedStatement[]> {
  assertSqlLength(sql);
  const statements = await parseCached(engine, sql);
  if (statements.length === 0) throw new SupersetError('INVALID_SQL_ERROR', 'The query is empty.');
  // A dataset's SQL that is not one SELECT answers Superset's 422 before the DML rule would.
  if (options.singleSelect) {
    if (statements.length !== 1) throw single('Only single queries supported');
    if (!statements[0].isSelect) throw single('Only `SELECT` statements are allowed');
  }
  assertAllowed(statements, { allowDml: options.allowDml });
  return statements;
}
