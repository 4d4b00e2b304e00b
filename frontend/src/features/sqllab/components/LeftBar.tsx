// The schema browser of a tab: database, catalog and schema selectors, a searchable table list, and the
// tables added to the tab (columns, keys, indexes, preview).
import { memo, useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import * as sqllabApi from '../api/sqllabApi';
import { addTable } from '../actions/tableActions';
import { updateTab } from '../actions/tabActions';
import { forgetDatabase, schemaEpochs, schemasOf, tablesOf } from '../editor/schemaCompletion';
import { sqlLab } from '../state/store';
import { TableElement } from './TableElement';
import { TableIcon } from './Icons';
import './leftBar.css';

function useAsync<T>(load: (() => Promise<T>) | null, deps: unknown[]): { data: T | undefined; loading: boolean; error: boolean } {
  const [state, setState] = useState<{ data: T | undefined; loading: boolean; error: boolean }>({ data: undefined, loading: false, error: false });
  useEffect(() => {
    if (!load) {
      setState({ data: undefined, loading: false, error: false });
      return;
    }
    let live = true;
    setState((s) => ({ ...s, loading: true, error: false }));
    load().then(
      (data) => live && setState({ data, loading: false, error: false }),
      () => live && setState({ data: undefined, loading: false, error: true }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return state;
}

interface LeftBarProps {
  editorId: string;
  dbId: number | null | undefined;
  catalog: string | null | undefined;
  schema: string | null | undefined;
}

// Memoized on primitive props: typing in the editor re-renders the tab, not the schema browser.
export const LeftBar = memo(function LeftBar(props: LeftBarProps) {
  const editor = { id: props.editorId, dbId: props.dbId, catalog: props.catalog, schema: props.schema };
  const snap = useSnapshot(sqlLab);
  const epochs = useSnapshot(schemaEpochs);
  const [filter, setFilter] = useState('');
  const databases = Object.values(snap.databases).sort((a, b) => a.database_name.localeCompare(b.database_name));
  const db = editor.dbId ? snap.databases[editor.dbId] : undefined;
  // Bumped by the refresh button and by a CTAS/CVAS or DDL run that succeeded on this database.
  const refresh = db ? epochs[db.id] ?? 0 : 0;
  const catalogs = useAsync(db?.allow_multi_catalog ? () => sqllabApi.listCatalogs(db.id).then((r) => r.result) : null, [db?.id, refresh]);
  const schemas = useAsync(db ? () => schemasOf(db.id, editor.catalog) : null, [db?.id, editor.catalog, refresh]);
  const tables = useAsync(db && editor.schema ? () => tablesOf(db.id, editor.schema!, editor.catalog) : null, [db?.id, editor.schema, editor.catalog, refresh]);
  const shown = useMemo(
    () => (tables.data ?? []).filter((t) => t.toLowerCase().includes(filter.trim().toLowerCase())),
    [tables.data, filter],
  );
  const tabTables = snap.tables.filter((t) => t.queryEditorId === editor.id);

  // A tab without a schema picks the first one (often "main" or "public"), so tables show at once.
  useEffect(() => {
    if (db && !editor.schema && schemas.data?.length) {
      const preferred = schemas.data.find((s) => ['main', 'public'].includes(s)) ?? schemas.data[0];
      updateTab(editor.id, { schema: preferred });
    }
  }, [db, editor.id, editor.schema, schemas.data]);

  return (
    <aside className="left-bar" aria-label="Schema browser">
      <label className="field">
        <span className="field__label">Database</span>
        <select
          className="select select--small"
          aria-label="Database"
          value={editor.dbId ?? ''}
          onChange={(e) => updateTab(editor.id, { dbId: Number(e.target.value), catalog: null, schema: null })}
        >
          {!editor.dbId && <option value="">Select a database</option>}
          {databases.map((d) => (
            <option key={d.id} value={d.id}>
              {d.database_name}
              {d.backend ? ` (${d.backend})` : ''}
            </option>
          ))}
        </select>
      </label>
      {db?.allow_multi_catalog && (
        <label className="field">
          <span className="field__label">Catalog</span>
          <select className="select select--small" aria-label="Catalog" value={editor.catalog ?? ''} onChange={(e) => updateTab(editor.id, { catalog: e.target.value || null, schema: null })}>
            <option value="">Default</option>
            {(catalogs.data ?? []).map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
        </label>
      )}
      <div className="field">
        <span className="field__label left-bar__label-row">
          <label htmlFor={`schema-${editor.id}`}>Schema</label>
          <button
            type="button"
            className="icon-button"
            aria-label="Refresh schemas and tables"
            title="Refresh schemas and tables"
            onClick={() => {
              if (db) forgetDatabase(db.id);
            }}
          >
            ↻
          </button>
        </span>
        <select id={`schema-${editor.id}`} className="select select--small" aria-label="Schema" value={editor.schema ?? ''} disabled={!db} onChange={(e) => updateTab(editor.id, { schema: e.target.value || null })}>
          <option value="">{schemas.loading ? 'Loading…' : 'Select a schema'}</option>
          {(schemas.data ?? []).map((s) => <option key={s} value={s}>{s}</option>)}
        </select>
        {schemas.error && <span className="form__error">Schemas could not be loaded.</span>}
      </div>
      <div className="field left-bar__tables">
        <span className="field__label">
          Tables {tables.data ? <span className="field__hint">({shown.length.toLocaleString('en-US')})</span> : null}
        </span>
        <input className="input input--small" type="search" placeholder="Search tables" aria-label="Search tables" value={filter} onChange={(e) => setFilter(e.target.value)} disabled={!editor.schema} />
        <ul className="table-picker" aria-label="Tables in schema">
          {tables.loading && <li className="table-picker__empty">Loading…</li>}
          {!tables.loading && editor.schema && shown.length === 0 && <li className="table-picker__empty">No tables</li>}
          {shown.slice(0, 500).map((t) => (
            <li key={t}>
              <button type="button" className="table-picker__item" title={`Show ${t} columns and preview`} onClick={() => void addTable(editor.id, t, editor.schema!, editor.catalog)}>
                <TableIcon /> {t}
              </button>
            </li>
          ))}
        </ul>
      </div>
      {tabTables.length > 0 && (
        <div className="left-bar__selected" aria-label="Selected tables">
          {tabTables.map((t) => <TableElement key={t.id} tableId={t.id} />)}
        </div>
      )}
    </aside>
  );
});
