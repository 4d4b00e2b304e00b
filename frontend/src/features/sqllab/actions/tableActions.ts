// Left-bar table entries: add (metadata + data preview), expand/collapse, remove, and their
// TableSchemaView rows on the server.
import { addDangerToast } from '../../toasts/toastStore';
import * as sqllabApi from '../api/sqllabApi';
import { clientId } from '../state/initialState';
import { createQuery } from '../state/queryTransitions';
import { tableToServer } from '../state/serverMapping';
import { apply, getEditor, sqlLab, sqlLabConfig } from '../state/store';
import { collapseTable, expandTable, mergeTable, migrateTable, removeTables, tableMetadataLoaded, tableMetadataRequested } from '../state/tableTransitions';
import type { Table } from '../state/types';
import { execute } from './queryActions';

const findTable = (id: string) => sqlLab.tables.find((t) => t.id === id);

/** Data preview is skipped if the database disables data preview. */
export function previewDisabled(dbId: number): boolean {
  const db = sqlLab.databases[dbId];
  return Boolean(db?.disable_data_preview);
}

export async function runTablePreview(tableId: string): Promise<void> {
  const table = findTable(tableId);
  if (!table?.selectStar || previewDisabled(table.dbId)) return;
  const query = createQuery(
    {
      id: clientId(),
      dbId: table.dbId,
      sql: table.selectStar,
      sqlEditorId: null,
      tab: '',
      catalog: table.catalog ?? null,
      schema: table.schema,
      runAsync: Boolean(sqlLab.databases[table.dbId]?.allow_run_async),
      ctas: false,
      isDataPreview: true,
    },
    Date.now(),
  );
  apply((s) => mergeTable(s, table, query.id));
  await execute(query);
}

/** Creates the table's server row (TableSchemaView) once its tab lives on the server. */
export async function persistTable(id: string) {
  const table = findTable(id);
  const editor = table && getEditor(table.queryEditorId);
  if (!table || !editor || !sqlLabConfig.backendPersistence || editor.inLocalStorage || table.remoteId) return;
  try {
    const { id: remoteId } = await sqllabApi.createTableSchema({ ...tableToServer(table), dbId: table.dbId, queryEditorId: editor.id, name: table.name });
    apply((s) => migrateTable(s, id, remoteId));
  } catch {
    addDangerToast('An error occurred while fetching table metadata');
  }
}

/** Shows a table in the left bar of a tab: its columns, keys and indexes, then its data preview. */
export async function addTable(editorId: string, name: string, schema: string, catalog?: string | null): Promise<void> {
  const editor = getEditor(editorId);
  if (!editor?.dbId) return;
  const draft: Table = {
    id: clientId(),
    dbId: editor.dbId,
    queryEditorId: editorId,
    catalog: catalog ?? null,
    schema,
    name,
    expanded: true,
    isMetadataLoading: true,
    inLocalStorage: Boolean(editor.inLocalStorage),
  };
  apply((s) => mergeTable(s, draft, null, true));
  const id = sqlLab.tables.find((t) => t.queryEditorId === editorId && t.name === name && t.schema === schema && (t.catalog ?? null) === (catalog ?? null))!.id;
  await loadTableMetadata(id);
  void persistTable(id);
  await runTablePreview(id);
}

/** A primary or foreign key as the table entry marks it: the columns it constrains. */
const keyColumns = (key: { name: string | null; type: string; constrained_columns: string[] }) => ({
  name: key.name ?? undefined,
  type: key.type,
  column_names: key.constrained_columns,
});

export async function loadTableMetadata(id: string): Promise<void> {
  const table = findTable(id);
  if (!table) return;
  if (!table.isMetadataLoading) apply((s) => tableMetadataRequested(s, id));
  try {
    const meta = await sqllabApi.tableMetadata(table.dbId, table.name, table.schema, table.catalog);
    apply((s) =>
      tableMetadataLoaded(s, id, {
        columns: meta.columns,
        selectStar: meta.selectStar,
        primaryKey: meta.primaryKey.constrained_columns.length ? keyColumns(meta.primaryKey) : null,
        foreignKeys: meta.foreignKeys.map(keyColumns),
        indexes: meta.indexes,
      }),
    );
  } catch {
    apply((s) => tableMetadataLoaded(s, id, {}));
    addDangerToast('An error occurred while fetching table metadata');
  }
}

export async function setTableExpanded(id: string, expanded: boolean): Promise<void> {
  apply((s) => (expanded ? expandTable(s, id) : collapseTable(s, id)));
  const remoteId = findTable(id)?.remoteId;
  if (!remoteId || !sqlLabConfig.backendPersistence) return;
  try {
    await sqllabApi.setTableSchemaExpanded(remoteId, expanded);
  } catch {
    addDangerToast(expanded ? 'An error occurred while expanding the table schema' : 'An error occurred while collapsing the table schema');
  }
}

export async function removeTable(id: string): Promise<void> {
  const remoteId = findTable(id)?.remoteId;
  apply((s) => removeTables(s, [id]));
  if (!remoteId || !sqlLabConfig.backendPersistence) return;
  try {
    await sqllabApi.deleteTableSchema(remoteId);
  } catch {
    addDangerToast('An error occurred while removing the table schema');
  }
}
