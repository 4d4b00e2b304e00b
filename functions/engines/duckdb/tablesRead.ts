// DuckDB's parse tree (json_serialize_sql) as the read check sees it: BASE_TABLE nodes name tables,
// a SELECT node's cte_map defines CTEs (a RECURSIVE_CTE_NODE body sees its own name), table functions
// other than row generators and SHOW of a catalogue listing read what the tree cannot name.
import { ROW_GENERATORS, tablesRead, type TableName, type TreeShape } from '../tablesRead';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

const duckDbTree: TreeShape = {
  ctes(node) {
    const map = (node.cte_map as { map?: { key: string; value?: { query?: { node?: { type?: string } } } }[] } | undefined)?.map;
    if (!Array.isArray(map) || map.length === 0) return null;
    return {
      key: 'cte_map',
      entries: map.map((entry) => ({ name: entry.key, body: entry.value, recursive: entry.value?.query?.node?.type === 'RECURSIVE_CTE_NODE' })),
    };
  },
  relation(node) {
    if (node.type !== 'BASE_TABLE' || typeof node.table_name !== 'string') return null;
    return { catalog: text(node.catalog_name), schema: text(node.schema_name), table: node.table_name };
  },
  opaque(node) {
    if (node.type === 'TABLE_FUNCTION') {
      const name = (node.function as { function_name?: unknown } | undefined)?.function_name;
      return !(typeof name === 'string' && ROW_GENERATORS.has(name.toLowerCase()));
    }
    return node.type === 'SHOW_REF' && text(node.table_name) !== null;
  },
  sameName: (a, b) => a.toLowerCase() === b.toLowerCase(),
};

/** The tables one query tree reads (null: not known). */
export const duckDbTablesRead = (tree: unknown): TableName[] | null => tablesRead(duckDbTree, tree);
