// Dashboards in the main table (keys in shared/resources/keys.ts): the entity item, listed through
// gsi2, and a slug claim item so two dashboards never share a slug.
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { unprocessable } from '../../shared/errors';
import { KEYS, padId } from '../../shared/resources/keys';
import type { Ports } from '../ports/index';
import { queryAllItems } from '../ports/tables';

type P = Pick<Ports, 'tables'>;

export interface DashboardRecord {
  id: number;
  uuid: string;
  dashboard_title: string;
  slug: string | null;
  css: string;
  /** Layout (position_json) and metadata (json_metadata) as JSON text, as Superset stores them. */
  position_json: string | null;
  json_metadata: string;
  published: boolean;
  certified_by: string | null;
  certification_details: string | null;
  owners: number[];
  roles: number[];
  /** The charts on the dashboard (Superset's dashboard_slices). */
  slice_ids: number[];
  is_managed_externally: boolean;
  external_url: string | null;
  created_on: number;
  changed_on: number;
  created_by: number;
  changed_by: number;
}

const table = (ports: P) => ports.tables.name('main');

export async function findDashboard(ports: P, id: number): Promise<DashboardRecord | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const out = await ports.tables.doc.send(new GetCommand({ TableName: table(ports), Key: KEYS.dashboard(id), ConsistentRead: true }));
  return (out.Item?.dashboard as DashboardRecord | undefined) ?? null;
}

export async function findDashboardIdBySlug(ports: P, slug: string): Promise<number | null> {
  const out = await ports.tables.doc.send(new GetCommand({ TableName: table(ports), Key: KEYS.dashboardSlug(slug), ConsistentRead: true }));
  return typeof out.Item?.dashboard_id === 'number' ? out.Item.dashboard_id : null;
}

/** Claims a slug for a dashboard; a slug held by another dashboard is 422 as Superset answers. */
export async function claimSlug(ports: P, slug: string, dashboardId: number): Promise<void> {
  try {
    await ports.tables.doc.send(
      new PutCommand({
        TableName: table(ports),
        Item: { ...KEYS.dashboardSlug(slug), dashboard_id: dashboardId },
        ConditionExpression: 'attribute_not_exists(pk) OR dashboard_id = :id',
        ExpressionAttributeValues: { ':id': dashboardId },
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    throw unprocessable('Dashboard could not be updated.', { messages: { slug: ['Must be unique'] } });
  }
}

export async function releaseSlug(ports: P, slug: string): Promise<void> {
  await ports.tables.doc.send(new DeleteCommand({ TableName: table(ports), Key: KEYS.dashboardSlug(slug) }));
}

/**
 * Writes the dashboard; with `expectedChangedOn` the write only succeeds when the stored version is
 * still that one (two editors never silently overwrite each other). Returns false when it was not.
 */
export async function putDashboard(ports: P, dashboard: DashboardRecord, expectedChangedOn?: number): Promise<boolean> {
  try {
    await ports.tables.doc.send(
      new PutCommand({
        TableName: table(ports),
        Item: { ...KEYS.dashboard(dashboard.id), gsi2pk: KEYS.dashboardsList, gsi2sk: padId(dashboard.id), dashboard },
        ...(expectedChangedOn !== undefined
          ? { ConditionExpression: 'dashboard.changed_on = :v', ExpressionAttributeValues: { ':v': expectedChangedOn } }
          : {}),
      }),
    );
    return true;
  } catch (error) {
    const e = error as { name?: string; message?: string };
    if (e.name === 'ConditionalCheckFailedException') return false;
    if (e.name === 'ValidationException' && /item size/i.test(e.message ?? '')) throw unprocessable('The dashboard is too large to store');
    throw error;
  }
}

export async function deleteDashboardItem(ports: P, dashboard: DashboardRecord): Promise<void> {
  await ports.tables.doc.send(new DeleteCommand({ TableName: table(ports), Key: KEYS.dashboard(dashboard.id) }));
  if (dashboard.slug) await releaseSlug(ports, dashboard.slug);
}

export async function listDashboardRecords(ports: P): Promise<DashboardRecord[]> {
  const items = await queryAllItems(ports.tables, {
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :k',
    ExpressionAttributeValues: { ':k': KEYS.dashboardsList },
  });
  return items.map((i) => i.dashboard as DashboardRecord).filter(Boolean);
}
