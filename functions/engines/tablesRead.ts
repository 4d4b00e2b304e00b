// The tables a query reads, from the engine's own parse tree: every named relation it references,
// less the names its WITH clauses define where they are in scope (a CTE body sees the CTEs before it,
// and itself when recursive; the rest of the query sees them all). A relation the tree cannot name
// (a table function other than a row generator) makes the answer unknown (null), and so does any
// statement that is not a plain query: the read check then asks for access to the whole database.
export interface TableName {
  catalog: string | null;
  schema: string | null;
  table: string;
}

/** How one engine's parse tree spells WITH clauses and relations. */
export interface TreeShape {
  /** The CTEs a node defines, in order, and the key under which it keeps them. */
  ctes(node: Record<string, unknown>): { key: string; entries: { name: string; body: unknown; recursive: boolean }[] } | null;
  /** A reference to a named relation, or null when the node is not one. */
  relation(node: Record<string, unknown>): TableName | null;
  /** A relation whose rows come from somewhere the tree cannot name (a table function). */
  opaque(node: Record<string, unknown>): boolean;
  /** Whether a relation name and a CTE name are the same name on this engine. */
  sameName(a: string, b: string): boolean;
}

class Unknown extends Error {}

function walk(shape: TreeShape, node: unknown, scope: readonly string[], out: TableName[]): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(shape, child, scope, out);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (shape.opaque(record)) throw new Unknown();
  const relation = shape.relation(record);
  if (relation) {
    const isCte = relation.schema === null && relation.catalog === null && scope.some((name) => shape.sameName(name, relation.table));
    if (!isCte) out.push(relation);
  }
  const ctes = shape.ctes(record);
  let inner = scope;
  if (ctes) {
    const names = ctes.entries.map((e) => e.name);
    ctes.entries.forEach((entry, index) => {
      const visible = entry.recursive ? names : names.slice(0, index);
      walk(shape, entry.body, [...scope, ...visible], out);
    });
    inner = [...scope, ...names];
  }
  for (const [key, value] of Object.entries(record)) {
    if (ctes && key === ctes.key) continue;
    if (value !== null && typeof value === 'object') walk(shape, value, inner, out);
  }
}

/** The distinct tables a query tree reads; null when the tree reads from something it cannot name. */
export function tablesRead(shape: TreeShape, tree: unknown): TableName[] | null {
  const found: TableName[] = [];
  try {
    walk(shape, tree, [], found);
  } catch (error) {
    if (error instanceof Unknown) return null;
    throw error;
  }
  const seen = new Set<string>();
  return found.filter((t) => {
    const key = JSON.stringify([t.catalog, t.schema, t.table]);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** Row generators read no table. */
export const ROW_GENERATORS = new Set(['range', 'generate_series', 'unnest', 'generate_subscripts']);
