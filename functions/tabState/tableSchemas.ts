// Table entries of a tab on the server (Superset's TableSchemaView): the schema browser's opened tables
// with their expanded flag and preview query, reloaded with the tab.
import { TableSchemaInputSchema } from '../../shared/routes/tabState';
import { notFound } from '../../shared/errors';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { nextId } from '../ports/counters';
import { readNested } from './formBody';
import type { TableSchemaRecord } from './records';
import {
  deleteTableSchemaItems,
  findTableSchema,
  getTab,
  loadTab,
  putTableSchema,
  setTableSchemaExpanded,
} from './repository';

type P = Pick<Ports, 'tables' | 'clock'>;
const VIEW = 'TableSchemaView';
const tableSchemaNotFound = () => notFound('Table schema not found');

/**
 * POST /tableschemaview/: opens a table in a tab. Like Superset, an entry for the same database,
 * catalog, schema and table in that tab is replaced rather than duplicated.
 */
export async function createTableSchema(ports: P, user: Identity, body: { table: unknown }): Promise<{ id: number }> {
  requirePermission(user, 'can_write', VIEW);
  const table = readNested(body.table, TableSchemaInputSchema, 'table');
  const tabId = (table.queryEditorId ?? table.tab_state_id)!;
  const tab = await getTab(ports, tabId);
  if (!tab || tab.user_id !== user.userId) throw notFound('Tab state not found');
  const entry = {
    database_id: (table.dbId ?? table.database_id)!,
    catalog: table.catalog ?? null,
    schema: table.schema ?? null,
    table: (table.name ?? table.table)!,
  };
  const loaded = await loadTab(ports, tabId);
  for (const existing of loaded?.tableSchemas ?? []) {
    const same =
      existing.database_id === entry.database_id &&
      existing.catalog === entry.catalog &&
      existing.schema === entry.schema &&
      existing.table === entry.table;
    if (same) await deleteTableSchemaItems(ports, existing);
  }
  const now = ports.clock.now();
  const record: TableSchemaRecord = {
    id: await nextId(ports.tables, 'tableschema'),
    tab_state_id: tabId,
    user_id: user.userId,
    ...entry,
    description: JSON.stringify(table),
    expanded: table.expanded ?? true,
    created_on: now,
    changed_on: now,
  };
  await putTableSchema(ports, record);
  return { id: record.id };
}

/** POST /tableschemaview/{id}/expanded. */
export async function setTableSchemaExpandedFlag(
  ports: P,
  user: Identity,
  id: number,
  expanded: boolean,
): Promise<{ id: number; expanded: boolean }> {
  requirePermission(user, 'can_expanded', VIEW);
  const ts = await findTableSchema(ports, id, user.userId);
  if (!ts || !(await setTableSchemaExpanded(ports, ts, expanded, ports.clock.now()))) throw tableSchemaNotFound();
  return { id, expanded };
}

/** DELETE /tableschemaview/{id}. */
export async function deleteTableSchema(ports: P, user: Identity, id: number): Promise<string> {
  requirePermission(user, 'can_write', VIEW);
  const ts = await findTableSchema(ports, id, user.userId);
  if (!ts) throw tableSchemaNotFound();
  await deleteTableSchemaItems(ports, ts);
  return 'OK';
}
