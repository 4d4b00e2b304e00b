// Autocomplete of the selected database's schemas, tables and columns. Lists are fetched lazily the
// first time they are needed and cached per database, so typing never waits on the same call twice.
import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import { proxy } from 'valtio';
import * as sqllabApi from '../api/sqllabApi';

interface DbCache {
  schemas?: Promise<string[]>;
  tables: Map<string, Promise<string[]>>;
  columns: Map<string, Promise<{ name: string; type: string }[]>>;
}

const caches = new Map<number, DbCache>();
const cacheFor = (dbId: number): DbCache => {
  let c = caches.get(dbId);
  if (!c) caches.set(dbId, (c = { tables: new Map(), columns: new Map() }));
  return c;
};

// A failed fetch is forgotten so the next keystroke can retry instead of caching the failure.
function remember<T>(map: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let p = map.get(key);
  if (!p) {
    p = load();
    map.set(key, p);
    p.catch(() => map.delete(key));
  }
  return p;
}

export function schemasOf(dbId: number, catalog?: string | null): Promise<string[]> {
  const c = cacheFor(dbId);
  c.schemas ??= sqllabApi.listSchemas(dbId, catalog).then((r) => r.result ?? []);
  c.schemas.catch(() => (c.schemas = undefined));
  return c.schemas;
}

export const tablesOf = (dbId: number, schema: string, catalog?: string | null) =>
  remember(cacheFor(dbId).tables, `${catalog ?? ''}.${schema}`, () =>
    sqllabApi.listTables(dbId, schema, catalog).then((r) => (r.result ?? []).map((t) => t.value)),
  );

export const columnsOf = (dbId: number, schema: string, table: string, catalog?: string | null) =>
  remember(cacheFor(dbId).columns, `${catalog ?? ''}.${schema}.${table}`, () =>
    sqllabApi.tableMetadata(dbId, table, schema, catalog).then((m) => m.columns.map((c) => ({ name: c.name, type: c.type }))),
  );

/** Bumped per database when its cache is cleared, so the schema browser reloads its lists. */
export const schemaEpochs = proxy<Record<number, number>>({});

/** Clears a database's cache (the "refresh" button of the left bar, a CTAS/CVAS or DDL that succeeded). */
export const forgetDatabase = (dbId: number) => {
  caches.delete(dbId);
  schemaEpochs[dbId] = (schemaEpochs[dbId] ?? 0) + 1;
};

/** Whether SQL may add, drop or rename tables or views, so lists of them go stale when it succeeds. */
export const changesSchema = (sql: string) =>
  /(^|;)\s*(create|drop|alter|rename|attach|detach)\b/i.test(sql.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, ''));

export interface CompletionScope {
  dbId: number | null | undefined;
  catalog?: string | null;
  schema?: string | null;
  /** Identifier quote of the database's dialect: " (standard, PostgreSQL, DuckDB) or ` (MySQL). */
  quote?: '"' | '`';
}

/** A name as it must be written in SQL: quoted unless it is a plain identifier. */
export function sqlIdentifier(name: string, quote: '"' | '`' = '"'): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `${quote}${name.split(quote).join(quote + quote)}${quote}`;
}


export interface TableRef {
  schema: string | null;
  table: string;
  alias: string | null;
}

const KEYWORDS_AFTER_TABLE = new Set(['where', 'join', 'left', 'right', 'inner', 'outer', 'full', 'cross', 'on', 'group', 'order', 'limit', 'having', 'union', 'using', 'natural', 'as', 'set', 'values', 'window', 'qualify']);

/** Tables written after FROM/JOIN (with their aliases), so their columns can be offered and `alias.` resolves. */
export function referencedTables(sql: string): TableRef[] {
  const out: TableRef[] = [];
  const re = /\b(?:from|join|update|into)\s+((?:"[^"]+"|\w+)(?:\.(?:"[^"]+"|\w+))?)(?:\s+(?:as\s+)?(\w+))?/gi;
  for (const m of sql.matchAll(re)) {
    const parts = m[1].split('.').map((p) => p.replace(/^"|"$/g, ''));
    const alias = m[2] && !KEYWORDS_AFTER_TABLE.has(m[2].toLowerCase()) ? m[2] : null;
    out.push(parts.length === 2 ? { schema: parts[0], table: parts[1], alias } : { schema: null, table: parts[0], alias });
  }
  return out;
}

/** The completion source; `scope` is read at completion time so it follows the tab's selectors. */
export function schemaCompletionSource(scope: () => CompletionScope): CompletionSource {
  return async (ctx: CompletionContext): Promise<CompletionResult | null> => {
    const { dbId, catalog, schema, quote = '"' } = scope();
    const item = (label: string, type: string, detail: string, boost?: number): Completion => ({ label, type, detail, boost, apply: sqlIdentifier(label, quote) });
    const word = ctx.matchBefore(/[\w"]+\.?[\w"]*$/);
    if (!dbId || (!word && !ctx.explicit)) return null;
    const text = word?.text ?? '';
    const dot = text.indexOf('.');
    const options: Completion[] = [];
    try {
      if (dot >= 0) {
        // "x." : x is a schema (offer its tables) or a table (offer its columns).
        const owner = text.slice(0, dot).replace(/"/g, '');
        const schemas = await schemasOf(dbId, catalog);
        if (schemas.includes(owner)) {
          for (const t of await tablesOf(dbId, owner, catalog)) options.push(item(t, 'type', 'table'));
        } else {
          // An alias ("FROM cars c" then "c.") stands for its table.
          const ref = referencedTables(ctx.state.doc.toString()).find((r) => r.alias === owner || r.table === owner);
          const table = ref?.table ?? owner;
          const tableSchema = ref?.schema ?? schema;
          if (tableSchema) {
            for (const c of await columnsOf(dbId, tableSchema, table, catalog)) options.push(item(c.name, 'property', c.type));
          }
        }
        return { from: (word?.from ?? ctx.pos) + dot + 1, options, validFor: /^[\w"]*$/ };
      }
      const [schemas, tables] = await Promise.all([
        schemasOf(dbId, catalog),
        schema ? tablesOf(dbId, schema, catalog) : Promise.resolve([] as string[]),
      ]);
      for (const s of schemas) options.push(item(s, 'namespace', 'schema', -2));
      for (const t of tables) options.push(item(t, 'type', 'table', 5));
      const refs = referencedTables(ctx.state.doc.toString()).filter((r) => tables.includes(r.table) || r.schema);
      const cols = await Promise.all(
        refs.slice(0, 8).map((r) => columnsOf(dbId, r.schema ?? schema ?? '', r.table, catalog).catch(() => [])),
      );
      const seen = new Set<string>();
      for (const list of cols) {
        for (const c of list) {
          if (seen.has(c.name)) continue;
          seen.add(c.name);
          options.push(item(c.name, 'property', c.type, 3));
        }
      }
    } catch {
      return null;
    }
    return { from: word?.from ?? ctx.pos, options, validFor: /^[\w"]*$/ };
  };
}
