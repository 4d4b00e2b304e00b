// PostgreSQL's parse tree (libpg-query) as the read check sees it: RangeVar nodes name relations, a
// WithClause defines CTEs (with RECURSIVE each sees them all), function calls in FROM other than row
// generators read what the tree cannot name.
import { ROW_GENERATORS, tablesRead, type TableName, type TreeShape } from '../tablesRead';

type Node = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

function calledNames(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((child) => calledNames(child, out));
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node as Node)) {
      if (key === 'FuncCall') {
        const parts = ((value as Node).funcname as { String?: { sval?: string } }[] | undefined) ?? [];
        out.push((parts[parts.length - 1]?.String?.sval ?? '').toLowerCase());
      }
      calledNames(value, out);
    }
  }
  return out;
}

const postgresTree: TreeShape = {
  ctes(node) {
    const clause = node.withClause as { ctes?: { CommonTableExpr?: { ctename?: string; ctequery?: unknown } }[]; recursive?: boolean } | undefined;
    if (!clause?.ctes?.length) return null;
    return {
      key: 'withClause',
      entries: clause.ctes.map((c) => ({ name: c.CommonTableExpr?.ctename ?? '', body: c.CommonTableExpr?.ctequery, recursive: clause.recursive === true })),
    };
  },
  relation(node) {
    const range = node.RangeVar as Node | undefined;
    if (!range || typeof range.relname !== 'string') return null;
    return { catalog: text(range.catalogname), schema: text(range.schemaname), table: range.relname };
  },
  opaque(node) {
    if (!('RangeFunction' in node) && !('RangeTableFunc' in node)) return false;
    const names = calledNames(node);
    return names.length === 0 || names.some((name) => !ROW_GENERATORS.has(name));
  },
  sameName: (a, b) => a === b,
};

/** The tables one statement's tree reads (null: not known). */
export const postgresTablesRead = (tree: unknown): TableName[] | null => tablesRead(postgresTree, tree);
