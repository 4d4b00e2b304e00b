// Statement classification on PostgreSQL's own parse tree (libpg-query, the server's parser compiled
// to WASM): statement node kinds, SELECT ... INTO, data-modifying CTEs and calls to writing functions.
import { parse } from 'libpg-query';
import { engineError, locate } from '../issues';
import { assertSqlLength } from '../safety';
import type { ParsedStatement, StatementKind } from '../types';
import { postgresTablesRead } from './tablesRead';

// Functions that write, change server or session state, reach outside the database or run SQL text.
export const WRITING_FUNCTIONS = new Set([
  'pg_terminate_backend', 'pg_cancel_backend', 'pg_reload_conf', 'pg_rotate_logfile', 'pg_switch_wal', 'pg_promote',
  'pg_create_restore_point', 'pg_start_backup', 'pg_stop_backup', 'pg_backup_start', 'pg_backup_stop',
  'pg_logical_emit_message', 'pg_create_logical_replication_slot', 'pg_create_physical_replication_slot',
  'pg_drop_replication_slot', 'pg_replication_origin_create', 'pg_notify',
  'lo_import', 'lo_export', 'lo_unlink', 'lo_create', 'lo_creat', 'lo_put', 'lo_from_bytea', 'lo_truncate',
  'set_config', 'nextval', 'setval',
  'dblink', 'dblink_exec', 'dblink_connect', 'dblink_connect_u', 'dblink_send_query', 'dblink_open',
  'pg_read_file', 'pg_read_binary_file', 'pg_ls_dir', 'pg_stat_file', 'pg_file_write', 'pg_file_rename', 'pg_file_unlink',
  'pg_advisory_lock', 'pg_advisory_xact_lock', 'pg_try_advisory_lock', 'pg_try_advisory_xact_lock',
  'query_to_xml', 'query_to_xml_and_xmlschema', 'query_to_xmlschema', 'cursor_to_xml',
]);

const DML_NODES: Record<string, StatementKind> = {
  InsertStmt: 'insert',
  UpdateStmt: 'update',
  DeleteStmt: 'delete',
  MergeStmt: 'merge',
};

// Statement nodes that never write by themselves (their inner query is still inspected).
const READ_ONLY_NODES = new Set(['VariableShowStmt', 'TransactionStmt', 'ExplainStmt', 'DeclareCursorStmt', 'FetchStmt', 'ClosePortalStmt']);

const DDL_PREFIXES = ['Create', 'Drop', 'Alter', 'Rename', 'Grant', 'Revoke', 'Comment', 'Truncate', 'Index', 'View', 'Define', 'Reindex', 'Cluster', 'Refresh', 'Sec', 'Reassign', 'Import'];

type Node = Record<string, unknown>;

function functionName(call: Node): string {
  const parts = (call.funcname as { String?: { sval?: string } }[] | undefined) ?? [];
  return (parts[parts.length - 1]?.String?.sval ?? '').toLowerCase();
}

/** True when a node below is a DML statement (a data-modifying CTE) or SELECT ... INTO. */
function dmlBelow(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(dmlBelow);
  if (node === null || typeof node !== 'object') return false;
  for (const [key, value] of Object.entries(node as Node)) {
    if (key in DML_NODES || key === 'intoClause') return true;
    if (typeof value === 'object' && dmlBelow(value)) return true;
  }
  return false;
}

/** True when any node below writes: DML, SELECT INTO, a row-locking clause or a call to a writing function. */
function writesBelow(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(writesBelow);
  if (node === null || typeof node !== 'object') return false;
  for (const [key, value] of Object.entries(node as Node)) {
    if (key in DML_NODES || key === 'intoClause' || key === 'lockingClause') return true;
    if (key === 'FuncCall' && WRITING_FUNCTIONS.has(functionName(value as Node))) return true;
    if (typeof value === 'object' && writesBelow(value)) return true;
  }
  return false;
}

function classifyNode(kindName: string, body: Node): { kind: StatementKind; mutates: boolean; isSelect: boolean } {
  if (kindName === 'SelectStmt') {
    if (body.intoClause) return { kind: 'ddl', mutates: true, isSelect: false };
    // A data-modifying CTE makes the statement DML that happens to return rows (and rules out a cursor).
    return { kind: 'select', mutates: writesBelow(body), isSelect: !dmlBelow(body) };
  }
  if (kindName in DML_NODES) return { kind: DML_NODES[kindName], mutates: true, isSelect: false };
  if (kindName === 'VariableSetStmt') return { kind: 'set', mutates: true, isSelect: false };
  if (kindName === 'ExplainStmt') {
    const analyze = ((body.options as { DefElem?: { defname?: string; arg?: unknown } }[] | undefined) ?? []).some(
      (option) => option.DefElem?.defname === 'analyze' && !isFalse(option.DefElem.arg),
    );
    // Plain EXPLAIN only plans; EXPLAIN ANALYZE runs the statement.
    return { kind: 'other', mutates: analyze && (writesBelow(body.query) || !('SelectStmt' in (body.query as Node))), isSelect: false };
  }
  if (READ_ONLY_NODES.has(kindName)) return { kind: 'other', mutates: writesBelow(body), isSelect: false };
  if (DDL_PREFIXES.some((prefix) => kindName.startsWith(prefix))) return { kind: 'ddl', mutates: true, isSelect: false };
  // COPY, CALL, DO, PREPARE/EXECUTE, LOCK, VACUUM, LISTEN/NOTIFY, LOAD...: may write or change state.
  return { kind: 'other', mutates: true, isSelect: false };
}

function isFalse(arg: unknown): boolean {
  const value = arg as { Boolean?: { boolval?: boolean }; String?: { sval?: string } } | undefined;
  if (!value) return false;
  if (value.Boolean) return value.Boolean.boolval !== true;
  return ['false', 'off', '0'].includes(String(value.String?.sval ?? '').toLowerCase());
}

interface SqlErrorLike {
  message: string;
  sqlDetails?: { cursorPosition?: number };
}

export async function parsePostgresScript(sql: string): Promise<ParsedStatement[]> {
  assertSqlLength(sql);
  let tree: { stmts?: { stmt: Node; stmt_location?: number; stmt_len?: number }[] };
  try {
    tree = (await parse(sql)) as unknown as typeof tree;
  } catch (error) {
    const details = (error as SqlErrorLike).sqlDetails;
    const cursor = details?.cursorPosition;
    throw engineError(
      'PostgreSQL',
      'SYNTAX_ERROR',
      `PostgreSQL could not parse the query: ${(error as Error).message}`,
      cursor !== undefined ? locate(sql, cursor + 1) : {},
    );
  }
  // Parse-tree locations are UTF-8 byte offsets.
  const bytes = Buffer.from(sql, 'utf8');
  return (tree.stmts ?? []).map(({ stmt, stmt_location: location = 0, stmt_len: length = 0 }) => {
    const [kindName, body] = Object.entries(stmt)[0] as [string, Node];
    const end = length > 0 ? location + length : bytes.length;
    const text = bytes.subarray(location, end).toString('utf8').trim();
    const classified = classifyNode(kindName, body);
    return { sql: text, ...classified, reads: classified.kind === 'select' ? postgresTablesRead(body) : null };
  });
}
