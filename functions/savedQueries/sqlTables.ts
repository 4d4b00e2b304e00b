// The tables a saved query reads (Superset's `sql_tables`), from the PostgreSQL parser's syntax tree.
// DuckDB and Athena SELECTs parse with it in the common cases; SQL it cannot parse lists no tables,
// as Superset does when its own parser fails.
import { parse } from 'libpg-query';

export interface SqlTable {
  catalog: string | null;
  schema: string | null;
  table: string;
}

type Node = Record<string, unknown> | unknown[] | string | number | boolean | null | undefined;

function walk(node: Node, visit: (key: string, value: Record<string, unknown>) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child as Node, visit);
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) visit(key, value as Record<string, unknown>);
    walk(value as Node, visit);
  }
}

export async function extractSqlTables(sql: string): Promise<SqlTable[]> {
  let tree: unknown;
  try {
    tree = await parse(sql);
  } catch {
    return [];
  }
  const cteNames = new Set<string>();
  const found: (SqlTable & { at: number })[] = [];
  walk(tree as Node, (key, value) => {
    if (key === 'CommonTableExpr' && typeof value.ctename === 'string') cteNames.add(value.ctename);
    if (key === 'RangeVar' && typeof value.relname === 'string') {
      found.push({
        catalog: typeof value.catalogname === 'string' ? value.catalogname : null,
        schema: typeof value.schemaname === 'string' ? value.schemaname : null,
        table: value.relname,
        at: typeof value.location === 'number' ? value.location : 0,
      });
    }
  });
  const seen = new Set<string>();
  // In the order they appear in the text, as a reader would list them.
  found.sort((a, b) => a.at - b.at);
  const tables: SqlTable[] = [];
  for (const { at: _at, ...t } of found) {
    // An unqualified name that a WITH clause defines is not a table.
    if (!t.schema && !t.catalog && cteNames.has(t.table)) continue;
    const key = `${t.catalog}.${t.schema}.${t.table}`;
    if (!seen.has(key)) tables.push(t);
    seen.add(key);
  }
  return tables;
}
