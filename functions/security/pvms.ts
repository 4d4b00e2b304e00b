// Permission/view-menu pairs with the integer ids Flask-AppBuilder's security API speaks in
// (permission_view_menu_ids). A pair gets its id the first time it is listed: the built-in roles'
// pairs, the all-access pairs, and the data grants every database, schema and dataset offers.
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { KEYS } from '../../shared/resources/keys';
import { ROLES, type PermissionView } from '../../shared/security/roles';
import { databasePerm, datasourcePerm, pairKey, schemaPerm } from '../../shared/security/permissions';
import { listDatabases } from '../databases/repository';
import { listDatasetsOfDatabase } from '../datasets/repository';
import { nextId } from '../ports/counters';
import type { Ports } from '../ports/index';
import { listRoles } from './roleStore';

export interface Pvm {
  id: number;
  permission: string;
  view: string;
}

export async function listPvms(ports: Ports): Promise<Pvm[]> {
  const out: Pvm[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ports.tables.doc.send(
      new QueryCommand({ TableName: ports.tables.name('main'), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': KEYS.pvmsPk }, ExclusiveStartKey: start }),
    );
    for (const item of page.Items ?? []) out.push(item.pvm as Pvm);
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** The id of one pair, made once: a conditional claim keeps two writers from giving it two ids. */
async function ensurePvm(ports: Ports, permission: string, view: string): Promise<Pvm> {
  const table = ports.tables.name('main');
  const id = await nextId(ports.tables, 'pvm');
  try {
    await ports.tables.doc.send(new PutCommand({ TableName: table, Item: { ...KEYS.pvmKey(permission, view), pvmId: id }, ConditionExpression: 'attribute_not_exists(pk)' }));
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    const claim = await ports.tables.doc.send(new GetCommand({ TableName: table, Key: KEYS.pvmKey(permission, view), ConsistentRead: true }));
    return { id: Number(claim.Item?.pvmId), permission, view };
  }
  const pvm = { id, permission, view };
  await ports.tables.doc.send(new PutCommand({ TableName: table, Item: { ...KEYS.pvm(id), pvm } }));
  return pvm;
}

/** Every pair given, with its id (new pairs get one). */
export async function pvmsFor(ports: Ports, pairs: readonly PermissionView[]): Promise<Pvm[]> {
  const known = new Map((await listPvms(ports)).map((p) => [pairKey(p.permission, p.view), p]));
  const out: Pvm[] = [];
  for (const [permission, view] of pairs) {
    const key = pairKey(permission, view);
    let pvm = known.get(key);
    if (!pvm) known.set(key, (pvm = await ensurePvm(ports, permission, view)));
    out.push(pvm);
  }
  return out;
}

/** Every pair an admin may grant: the built-in roles', the roles' own, and each data grant. */
export async function grantablePairs(ports: Ports): Promise<PermissionView[]> {
  const pairs: PermissionView[] = [['all_datasource_access', 'all_datasource_access'], ['all_database_access', 'all_database_access'], ['all_query_access', 'all_query_access']];
  for (const role of Object.values(ROLES)) pairs.push(...role);
  for (const role of await listRoles(ports)) pairs.push(...role.permissions);
  for (const db of await listDatabases(ports)) {
    pairs.push(['database_access', databasePerm(db)]);
    const datasets = await listDatasetsOfDatabase(ports, db.id);
    for (const schema of new Set(datasets.map((d) => d.schema).filter((s): s is string => Boolean(s)))) pairs.push(['schema_access', schemaPerm(db, schema)]);
    for (const d of datasets) pairs.push(['datasource_access', datasourcePerm(db, d)]);
  }
  const seen = new Set<string>();
  return pairs.filter(([p, v]) => !seen.has(pairKey(p, v)) && Boolean(seen.add(pairKey(p, v))));
}
