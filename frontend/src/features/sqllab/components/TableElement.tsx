// One table added to a tab: header with expand/collapse, preview, copy SELECT * and remove; when
// expanded, its columns with type and key/index markers.
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { loadTableMetadata, runTablePreview, removeTable, setTableExpanded, previewDisabled } from '../actions/tableActions';
import { copyText } from '../actions/savedActions';
import { addSuccessToast } from '../../toasts/toastStore';
import { sqlLab } from '../state/store';
import { CopyIcon, PlayIcon } from './Icons';
import type { Table, TableColumn } from '../state/types';

function keyMarkers(table: Table, column: TableColumn): string[] {
  const marks: string[] = [];
  if (table.primaryKey?.column_names?.includes(column.name)) marks.push('PK');
  if (table.foreignKeys?.some((fk) => fk.column_names.includes(column.name))) marks.push('FK');
  if (table.indexes?.some((ix) => ix.column_names.includes(column.name))) marks.push('IDX');
  for (const k of column.keys ?? []) {
    const label = k.type === 'pk' ? 'PK' : k.type === 'fk' ? 'FK' : k.type === 'index' ? 'IDX' : k.type.toUpperCase();
    if (!marks.includes(label)) marks.push(label);
  }
  return marks;
}

export function TableElement({ tableId }: { tableId: string }) {
  const snap = useSnapshot(sqlLab);
  const table = snap.tables.find((t) => t.id === tableId) as Table | undefined;
  // Columns are not stored (server row or local storage): a table restored expanded loads them again.
  const needsColumns = Boolean(table?.expanded && !table.initialized && !table.isMetadataLoading);
  useEffect(() => {
    if (needsColumns) void loadTableMetadata(tableId);
  }, [needsColumns, tableId]);
  if (!table) return null;
  const label = table.schema ? `${table.schema}.${table.name}` : table.name;
  return (
    <section className={`table-element${table.expanded ? ' is-expanded' : ''}`} aria-label={`Table ${label}`}>
      <div className="table-element__head">
        <button
          type="button"
          className="table-element__toggle"
          aria-expanded={table.expanded}
          aria-label={`${table.expanded ? 'Collapse' : 'Expand'} ${table.name}`}
          onClick={() => void setTableExpanded(table.id, !table.expanded)}
        >
          <span aria-hidden="true">{table.expanded ? '▾' : '▸'}</span> <strong>{table.name}</strong>
        </button>
        {table.isMetadataLoading && <span className="spinner" role="status" aria-label="Loading columns" />}
        <span className="table-element__actions">
          {!previewDisabled(table.dbId) && (
            <button type="button" className="icon-button" aria-label={`Preview ${table.name}`} title="Run data preview" onClick={() => void runTablePreview(table.id)}>
              <PlayIcon />
            </button>
          )}
          {table.selectStar && (
            <button
              type="button"
              className="icon-button"
              aria-label={`Copy SELECT statement for ${table.name}`}
              title="Copy SELECT *"
              onClick={async () => {
                await copyText(table.selectStar!);
                addSuccessToast('Copied to clipboard!');
              }}
            >
              <CopyIcon />
            </button>
          )}
          <button type="button" className="icon-button" aria-label={`Remove ${table.name}`} title="Remove table" onClick={() => void removeTable(table.id)}>
            ×
          </button>
        </span>
      </div>
      {table.expanded && (
        <ul className="table-element__columns" aria-label={`Columns of ${table.name}`}>
          {(table.columns ?? []).map((c) => (
            <li key={c.name} className="table-element__column">
              <span className="table-element__col-name" title={c.comment ?? undefined}>{c.name}</span>
              {keyMarkers(table, c).map((m) => (
                <span key={m} className={`key-badge key-badge--${m.toLowerCase()}`} title={m === 'PK' ? 'Primary key' : m === 'FK' ? 'Foreign key' : 'Indexed'}>
                  {m}
                </span>
              ))}
              <span className="table-element__col-type">{(c.type ?? '').toLowerCase()}</span>
            </li>
          ))}
          {table.initialized && (table.columns ?? []).length === 0 && <li className="table-picker__empty">No column information</li>}
        </ul>
      )}
    </section>
  );
}
