// Identifier quoting and Superset's generated SELECT for the three dialects (all ANSI double quotes).
// Names are catalogue data (schemas, tables, columns), quoted only when they would not survive bare.

// SQL reserved words shared by PostgreSQL, DuckDB and Trino (PostgreSQL's reserved list plus the
// few the other two add); a bare column named like one of these would not parse.
const RESERVED = new Set(
  (
    'all analyse analyze and any array as asc asymmetric authorization between binary both case cast check collate ' +
    'collation column concurrently constraint create cross cube current_catalog current_date current_path current_role ' +
    'current_schema current_time current_timestamp current_user deallocate default deferrable desc describe distinct do ' +
    'else end escape except exists extract false fetch for foreign freeze from full grant group grouping having ilike in ' +
    'initially inner intersect into is isnull join lambda lateral leading left like limit localtime localtimestamp ' +
    'natural normalize not notnull null offset on only or order outer overlaps pivot pivot_longer pivot_wider placing ' +
    'primary qualify recursive references returning right rollup select session_user show similar some summarize ' +
    'symmetric table tablesample then to trailing true uescape union unique unnest unpivot user using values variadic ' +
    'verbose when where window with'
  ).split(' '),
);

const SIMPLE = /^[a-z_][a-z0-9_$]*$/;

export function quoteIdentifier(name: string): string {
  if (SIMPLE.test(name) && !RESERVED.has(name)) return name;
  return `"${name.replace(/"/g, '""')}"`;
}

/** Superset's select_star: listed columns when known, indented, schema-qualified, with a LIMIT. */
export function selectStarSql(
  quote: (name: string) => string,
  table: { schema?: string | null; name: string },
  columns: string[] | null,
  limit: number,
): string {
  const list = columns && columns.length > 0 ? columns.map(quote) : ['*'];
  const from = table.schema ? `${quote(table.schema)}.${quote(table.name)}` : quote(table.name);
  return `SELECT\n  ${list.join(',\n  ')}\nFROM ${from}\nLIMIT ${Math.max(0, Math.floor(limit))}`;
}
