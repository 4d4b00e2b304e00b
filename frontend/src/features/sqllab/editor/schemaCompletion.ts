// Autocomplete of the selected database's schemas, tables and columns. Lists are fetched lazily the
// first time they are needed and cached per database, so typing never waits on the same call twice.
import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
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

/** Clears a database's cache (the "refresh" button of the left bar). */
export const forgetDatabase = (dbId: number) => caches.delete(dbId);

export interface CompletionScope {
  dbId: number | null | undefined;
  catalog?: string | null;
  schema?: string | null;
}

/** Table names written after FROM/JOIN in the text, so their columns can be offered. */
export function referencedTables(sql: string): { schema: string | null; table: string }[] {
  const out: { schema: string | null; table: string }[] = [];
  const re = /\b(?:from|join|update|into)\s+((?:"[^"]+"|\w+)(?:\.(?:"[^"]+"|\w+))?)/gi;
  for (const m of sql.matchAll(re)) {
    const parts = m[1].split('.').map((p) => p.replace(/^"|"$/g, ''));
    out.push(parts.length === 2 ? { schema: parts[0], table: parts[1] } : { schema: null, table: parts[0] });
  }
  return out;
}

/** The completion source; `scope` is read at completion time so it follows the tab's selectors. */
export function schemaCompletionSource(scope: () => CompletionScope): CompletionSource {
  return async (ctx: CompletionContext): Promise<CompletionResult | null> => {
    const { dbId, catalog, schema } = scope();
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
          for (const t of await tablesOf(dbId, owner, catalog)) options.push({ label: t, type: 'type', detail: 'table' });
        } else if (schema) {
          for (const c of await columnsOf(dbId, schema, owner, catalog)) options.push({ label: c.name, type: 'property', detail: c.type });
        }
        return { from: (word?.from ?? ctx.pos) + dot + 1, options, validFor: /^[\w"]*$/ };
      }
      const [schemas, tables] = await Promise.all([
        schemasOf(dbId, catalog),
        schema ? tablesOf(dbId, schema, catalog) : Promise.resolve([] as string[]),
      ]);
      for (const s of schemas) options.push({ label: s, type: 'namespace', detail: 'schema', boost: -2 });
      for (const t of tables) options.push({ label: t, type: 'type', detail: 'table', boost: 5 });
      const refs = referencedTables(ctx.state.doc.toString()).filter((r) => tables.includes(r.table) || r.schema);
      const cols = await Promise.all(
        refs.slice(0, 8).map((r) => columnsOf(dbId, r.schema ?? schema ?? '', r.table, catalog).catch(() => [])),
      );
      const seen = new Set<string>();
      for (const list of cols) {
        for (const c of list) {
          if (seen.has(c.name)) continue;
          seen.add(c.name);
          options.push({ label: c.name, type: 'property', detail: c.type, boost: 3 });
        }
      }
    } catch {
      return null;
    }
    return { from: word?.from ?? ctx.pos, options, validFor: /^[\w"]*$/ };
  };
}
