// The statements of a script, as DuckDB's parser cuts it, with their texts (DuckDB's client API gives
// the cut statements but not their texts). A statement ends at a ';', but not every ';' ends one
// (strings, quoted names, comments): a ';' ends a statement when DuckDB parses the text before it
// (from the last end) as exactly one statement and the text after it as exactly the statements
// still expected. The pieces found are what run() executes, one at a time, each checked on its own:
// a piece is always exactly one statement to DuckDB, so what is checked is what runs.
import type { DuckDBConnection } from '@duckdb/node-api';
import { refused } from './sandbox';

/** Scripts with more ';' than this are refused rather than cut: each candidate costs two parses. */
export const MAX_SEPARATORS = 2_000;

/**
 * How many statements DuckDB reads in `sql`; throws its parser error. The client API throws on a text
 * without statements too (blanks, comments), which json_serialize_sql answers with an empty list.
 */
export async function countStatements(connection: DuckDBConnection, sql: string): Promise<number> {
  try {
    return (await connection.extractStatements(sql)).count;
  } catch (error) {
    const reader = await connection.runAndReadAll('SELECT json_serialize_sql($1::VARCHAR)', [sql]);
    const tree = JSON.parse(String(reader.getRows()[0][0])) as { error?: boolean; statements?: unknown[] };
    if (!tree.error && tree.statements?.length === 0) return 0;
    throw error;
  }
}

const statementCount = (connection: DuckDBConnection, sql: string): Promise<number | null> => countStatements(connection, sql).catch(() => null);

export async function splitByDuckDb(connection: DuckDBConnection, sql: string, expected: number): Promise<string[]> {
  const separators: number[] = [];
  for (let at = sql.indexOf(';'); at >= 0; at = sql.indexOf(';', at + 1)) separators.push(at);
  if (separators.length > MAX_SEPARATORS) throw refused(`scripts with more than ${MAX_SEPARATORS} ';'`, { separators: separators.length });
  const pieces: string[] = [];
  let start = 0;
  for (const at of [...separators, sql.length]) {
    if (pieces.length === expected) break;
    if (at < start) continue;
    const piece = sql.slice(start, at);
    if ((await statementCount(connection, piece)) !== 1) continue;
    const left = expected - pieces.length - 1;
    if ((await statementCount(connection, sql.slice(at + 1))) !== left) continue;
    pieces.push(piece.trim());
    start = at + 1;
  }
  if (pieces.length !== expected) throw refused('a script whose statements DuckDB cannot cut apart one by one', { statements: expected });
  return pieces;
}
