// Row level security filters (Superset's RowLevelSecurityFilter) in the main table: the entity item
// (pk RLS#<id>) listed through gsi2 (RLSFILTERS). Deployments hold tens of filters, and every chart
// query reads them all once, so the list is the only access pattern.
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { KEYS, padId } from '../../shared/resources/keys';
import type { Ports } from '../ports/index';
import { queryAllItems } from '../ports/tables';

type P = Pick<Ports, 'tables'>;

export type RlsFilterType = 'Regular' | 'Base';

export interface RlsRecord {
  id: number;
  name: string;
  description: string | null;
  filter_type: RlsFilterType;
  /** Dataset ids the filter applies to. */
  tables: number[];
  /** Role ids: Regular applies to members of these roles, Base to everyone else. */
  roles: number[];
  group_key: string | null;
  clause: string;
  created_on: string;
  changed_on: string;
  created_by: number | null;
  changed_by: number | null;
}

export async function findRlsFilter(ports: P, id: number): Promise<RlsRecord | null> {
  if (!Number.isInteger(id) || id <= 0) return null;
  const out = await ports.tables.doc.send(new GetCommand({ TableName: ports.tables.name('main'), Key: KEYS.rlsFilter(id), ConsistentRead: true }));
  return (out.Item?.rls as RlsRecord | undefined) ?? null;
}

export async function listRlsFilters(ports: P): Promise<RlsRecord[]> {
  const items = await queryAllItems(ports.tables, {
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': KEYS.allRlsFilters },
  });
  return items.map((item) => item.rls as RlsRecord).filter(Boolean);
}

export async function putRlsFilter(ports: P, record: RlsRecord): Promise<void> {
  await ports.tables.doc.send(
    new PutCommand({
      TableName: ports.tables.name('main'),
      Item: { ...KEYS.rlsFilter(record.id), gsi2pk: KEYS.allRlsFilters, gsi2sk: padId(record.id), rls: record },
    }),
  );
}

export async function deleteRlsFilter(ports: P, id: number): Promise<void> {
  await ports.tables.doc.send(new DeleteCommand({ TableName: ports.tables.name('main'), Key: KEYS.rlsFilter(id) }));
}
