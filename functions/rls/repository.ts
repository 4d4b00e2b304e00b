// Row level security filters (Superset's RowLevelSecurityFilter), all in one item of the main table
// with a version. Every chart query reads them, in the same strongly consistent batch as its dataset
// and database (charts/datasource.ts), or as its container read them less than 30 s ago
// (setCache.ts): a filter an admin saves binds the next query of the same container at once, and of
// every other container within 30 s. (They used
// to be one item each, listed through gsi2, whose reads lag writes.) A change reads the set, applies
// itself and writes it back on condition that the version is still the one it read, else tries again:
// concurrent admins never overwrite each other, and a name is unique atomically. Deployments hold tens
// of filters; the item holds DynamoDB's 400 kB, which a change past RLS_SET_MAX_BYTES is refused.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { conflict, unprocessable } from '../../shared/errors';
import { KEYS } from '../../shared/resources/keys';
import type { Ports } from '../ports/index';
import { isConditionFailure, queryAllItems } from '../ports/tables';
import { forgetRlsFilters } from './setCache';

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

export const RLS_SET_KEY = KEYS.rlsFilterSet;
/** Room left under DynamoDB's 400 kB item limit for the keys and attribute names. */
export const RLS_SET_MAX_BYTES = 390_000;
const CHANGE_ATTEMPTS = 8;

interface RlsSet {
  filters: RlsRecord[];
  /** 0: no set item yet. */
  version: number;
}

/** The filters of the set item as a batch read returns it; null when there is no set item yet. */
export function filtersOfSetItem(item: Record<string, unknown> | undefined): RlsRecord[] | null {
  return item ? ((item.filters as RlsRecord[] | undefined) ?? []) : null;
}


async function getSet(ports: P): Promise<RlsSet | null> {
  const out = await ports.tables.doc.send(new GetCommand({ TableName: ports.tables.name('main'), Key: RLS_SET_KEY, ConsistentRead: true }));
  return out.Item ? { filters: filtersOfSetItem(out.Item) ?? [], version: Number(out.Item.version) || 0 } : null;
}

/** Writes `filters` as the version after `version`, if the set is still at `version`. False when it moved on. */
async function putSet(ports: P, filters: RlsRecord[], version: number): Promise<boolean> {
  try {
    await ports.tables.doc.send(
      new PutCommand({
        TableName: ports.tables.name('main'),
        Item: { ...RLS_SET_KEY, filters, version: version + 1 },
        ...(version === 0 ? { ConditionExpression: 'attribute_not_exists(pk)' } : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': version } }),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * The set; created on first need from the filters kept one item each before it existed (a query
 * that finds none creates an empty set, so no later read looks for them again).
 */
async function readSet(ports: P): Promise<RlsSet> {
  for (let attempt = 0; attempt < CHANGE_ATTEMPTS; attempt++) {
    const found = await getSet(ports);
    if (found) return found;
    const legacy = await queryAllItems(ports.tables, {
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': KEYS.legacyAllRlsFilters },
    });
    const filters = legacy.map((item) => item.rls as RlsRecord | undefined).filter((r): r is RlsRecord => Boolean(r)).sort((a, b) => a.id - b.id);
    if (await putSet(ports, filters, 0)) return { filters, version: 1 };
  }
  throw conflict('Row level security filters are being changed by someone else. Try again.');
}

export async function listRlsFilters(ports: P): Promise<RlsRecord[]> {
  return (await readSet(ports)).filters;
}

export async function findRlsFilter(ports: P, id: number): Promise<RlsRecord | null> {
  if (!Number.isInteger(id) || id <= 0) return null;
  return (await listRlsFilters(ports)).find((f) => f.id === id) ?? null;
}

/**
 * Applies `change` to the filters as they are now and saves the result, atomically: `change` may be
 * called again with a newer list when another change landed first, and may throw to refuse it (its
 * checks then hold on exactly the list that is saved).
 */
export async function changeRlsFilters(ports: P, change: (filters: readonly RlsRecord[]) => RlsRecord[]): Promise<void> {
  for (let attempt = 0; attempt < CHANGE_ATTEMPTS; attempt++) {
    const set = await readSet(ports);
    const next = [...change(set.filters)].sort((a, b) => a.id - b.id);
    if (Buffer.byteLength(JSON.stringify(next)) > RLS_SET_MAX_BYTES) {
      throw unprocessable(`Row level security filters may hold ${Math.floor(RLS_SET_MAX_BYTES / 1000)} kB in all (clauses, names, descriptions). Remove or shorten some.`);
    }
    if (await putSet(ports, next, set.version)) {
      // Chart requests in this container see the change at once (others within RLS_CACHE_MS).
      forgetRlsFilters();
      return;
    }
  }
  throw conflict('Row level security filters are being changed by someone else. Try again.');
}
