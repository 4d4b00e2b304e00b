// Tabs and their table schemas in the main table.
//   tab:           pk TABSTATE#<id>      sk TABSTATE                 gsi1 USER#<uid>#TABS / padded id
//   table schema:  pk TABSTATE#<tabId>   sk TABLESCHEMA#<padded id>  (read with its tab in one query)
//   schema lookup: pk TABLESCHEMA#<id>   sk TABLESCHEMA              {tabId, userId} (calls by schema id)
//   active tab:    pk USER#<uid>         sk ACTIVETAB                {tabId}
// Keeping the active tab in one pointer item makes "activate" a single write instead of rewriting every
// tab's `active` flag as Superset does, and it cannot leave two tabs active.
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { badRequest } from '../../shared/errors';
import type { Ports } from '../ports/index';
import { queryAllItems } from '../ports/tables';
import type { TabStateRecord, TableSchemaRecord } from './records';
import { KEYS, padId } from '../../shared/resources/keys';

type P = Pick<Ports, 'tables'>;

const pad = padId;
const tabKey = KEYS.tab;
const schemaKey = KEYS.tabTableSchema;
const schemaLookupKey = KEYS.tableSchema;
const activeKey = KEYS.activeTab;
export const userTabsKey = KEYS.userTabs;

const isConditionFailure = (error: unknown) => (error as { name?: string }).name === 'ConditionalCheckFailedException';

/** DynamoDB refuses items over 400 KB; the caller hears it as a 400, not as a server fault. */
async function withinItemSize<T>(write: Promise<T>, what: string): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const e = error as { name?: string; message?: string };
    if (e.name === 'ValidationException' && /item size/i.test(e.message ?? '')) throw badRequest(`${what} is too large to store`);
    throw error;
  }
}

export async function putTab(ports: P, tab: TabStateRecord): Promise<void> {
  await withinItemSize(
    ports.tables.doc.send(
      new PutCommand({
        TableName: ports.tables.name('main'),
        Item: { ...tabKey(tab.id), gsi1pk: userTabsKey(tab.user_id), gsi1sk: pad(tab.id), tab },
      }),
    ),
    'The tab state',
  );
}

/** The tab with its table schemas (one strongly consistent query over the tab's partition). */
export async function loadTab(ports: P, id: number): Promise<{ tab: TabStateRecord; tableSchemas: TableSchemaRecord[] } | null> {
  const items = await queryAllItems(ports.tables, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': tabKey(id).pk },
    ConsistentRead: true,
  });
  const tabItem = items.find((i) => i.sk === 'TABSTATE');
  if (!tabItem) return null;
  return {
    tab: tabItem.tab as TabStateRecord,
    tableSchemas: items.filter((i) => String(i.sk).startsWith(KEYS.tableSchemaPrefix)).map((i) => i.tableSchema as TableSchemaRecord),
  };
}

export async function getTab(ports: P, id: number): Promise<TabStateRecord | null> {
  const out = await ports.tables.doc.send(
    new GetCommand({ TableName: ports.tables.name('main'), Key: tabKey(id), ConsistentRead: true }),
  );
  return (out.Item?.tab as TabStateRecord | undefined) ?? null;
}

/**
 * Sets the given fields of a tab owned by `userId`; null when the tab is missing or not the user's
 * (the condition checks both in the same write, so a concurrent delete cannot be resurrected).
 */
export async function updateTabFields(
  ports: P,
  id: number,
  userId: number,
  fields: Partial<Omit<TabStateRecord, 'id' | 'user_id' | 'created_on'>>,
): Promise<TabStateRecord | null> {
  const names: Record<string, string> = { '#tab': 'tab', '#uid': 'user_id' };
  const values: Record<string, unknown> = { ':uid': userId };
  const sets: string[] = [];
  Object.entries(fields).forEach(([key, value], i) => {
    if (value === undefined) return;
    names[`#f${i}`] = key;
    values[`:f${i}`] = value;
    sets.push(`#tab.#f${i} = :f${i}`);
  });
  try {
    const out = await withinItemSize(
      ports.tables.doc.send(
        new UpdateCommand({
          TableName: ports.tables.name('main'),
          Key: tabKey(id),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: 'attribute_exists(pk) AND #tab.#uid = :uid',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      ),
      'The tab state',
    );
    return out.Attributes?.tab as TabStateRecord;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** The user's tabs by id (the tab index is eventually consistent, like any GSI). */
export async function listTabs(ports: P, userId: number): Promise<TabStateRecord[]> {
  const items = await queryAllItems(ports.tables, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :k',
    ExpressionAttributeValues: { ':k': userTabsKey(userId) },
  });
  return items.map((item) => item.tab as TabStateRecord);
}

/** Deletes the tab item and every table schema in its partition, with their lookup items. */
export async function deleteTabItems(ports: P, id: number, tableSchemas: TableSchemaRecord[]): Promise<void> {
  const main = ports.tables.name('main');
  // Schemas first: if this stops half way the tab still exists and a retried delete finishes the job.
  for (const ts of tableSchemas) await deleteTableSchemaItems(ports, ts);
  await ports.tables.doc.send(new DeleteCommand({ TableName: main, Key: tabKey(id) }));
}

export async function getActiveTabPointer(ports: P, userId: number): Promise<number | null> {
  const out = await ports.tables.doc.send(
    new GetCommand({ TableName: ports.tables.name('main'), Key: activeKey(userId), ConsistentRead: true }),
  );
  return typeof out.Item?.tabId === 'number' ? out.Item.tabId : null;
}

export async function setActiveTabPointer(ports: P, userId: number, tabId: number): Promise<void> {
  await ports.tables.doc.send(
    new PutCommand({ TableName: ports.tables.name('main'), Item: { ...activeKey(userId), tabId } }),
  );
}

export async function putTableSchema(ports: P, ts: TableSchemaRecord): Promise<void> {
  const main = ports.tables.name('main');
  // The lookup goes first so a schema visible in its tab can always be found by id.
  await ports.tables.doc.send(
    new PutCommand({ TableName: main, Item: { ...schemaLookupKey(ts.id), tabId: ts.tab_state_id, userId: ts.user_id } }),
  );
  await withinItemSize(
    ports.tables.doc.send(new PutCommand({ TableName: main, Item: { ...schemaKey(ts.tab_state_id, ts.id), tableSchema: ts } })),
    'The table entry',
  ).catch(async (error: unknown) => {
    await ports.tables.doc.send(new DeleteCommand({ TableName: main, Key: schemaLookupKey(ts.id) }));
    throw error;
  });
}

/** The table schema by id, or null when it is missing or another user's. */
export async function findTableSchema(ports: P, id: number, userId: number): Promise<TableSchemaRecord | null> {
  const main = ports.tables.name('main');
  const lookup = await ports.tables.doc.send(new GetCommand({ TableName: main, Key: schemaLookupKey(id), ConsistentRead: true }));
  if (!lookup.Item || lookup.Item.userId !== userId) return null;
  const out = await ports.tables.doc.send(
    new GetCommand({ TableName: main, Key: schemaKey(Number(lookup.Item.tabId), id), ConsistentRead: true }),
  );
  return (out.Item?.tableSchema as TableSchemaRecord | undefined) ?? null;
}

export async function setTableSchemaExpanded(ports: P, ts: TableSchemaRecord, expanded: boolean, nowMs: number): Promise<boolean> {
  try {
    await ports.tables.doc.send(
      new UpdateCommand({
        TableName: ports.tables.name('main'),
        Key: schemaKey(ts.tab_state_id, ts.id),
        UpdateExpression: 'SET tableSchema.expanded = :e, tableSchema.changed_on = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':e': expanded, ':now': nowMs },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function deleteTableSchemaItems(ports: P, ts: Pick<TableSchemaRecord, 'id' | 'tab_state_id'>): Promise<void> {
  const main = ports.tables.name('main');
  await ports.tables.doc.send(new DeleteCommand({ TableName: main, Key: schemaKey(ts.tab_state_id, ts.id) }));
  await ports.tables.doc.send(new DeleteCommand({ TableName: main, Key: schemaLookupKey(ts.id) }));
}
