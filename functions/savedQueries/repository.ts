// Saved queries in the main table.
//   entity:    pk SAVEDQUERY#<id>        sk SAVEDQUERY   gsi1 USER#<uid>#SAVEDQUERIES / padded id (owner's list)
//                                                        gsi2 SAVEDQUERIES / padded id (everyone's, for admins)
//   schedule:  pk SCHEDULE#SAVEDQUERY    sk <padded next run ms>#<padded id>   {id}
// The schedule partition is sorted by next run, so the every-minute scheduler reads "due" as one range
// query; pointers are rewritten whenever next_run_ms changes and re-checked against the entity on read.
import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ScheduleInfo } from '../../shared/routes/savedQueries';
import { badRequest } from '../../shared/errors';
import type { Ports } from '../ports/index';
import { putIfUnchanged, queryAllItems } from '../ports/tables';
import { KEYS, padId, padMs } from '../../shared/resources/keys';

type P = Pick<Ports, 'tables'>;

export interface SavedQueryRecord {
  id: number;
  /** Superset's import/export identity; records stored before it existed get one on first read. */
  uuid: string;
  /** Owner (Superset's user_id / created_by_fk). */
  user_id: number;
  db_id: number;
  catalog: string | null;
  schema: string | null;
  label: string | null;
  description: string | null;
  sql: string;
  template_parameters: string | null;
  extra_json: string;
  schedule_info: ScheduleInfo | null;
  /** Next scheduled run (epoch ms) while the schedule is active, else null. */
  next_run_ms: number | null;
  last_run: number | null;
  rows: number | null;
  created_on: number;
  changed_on: number;
  created_by: number;
  changed_by: number;
}

const pad = padId;
const entityKey = KEYS.savedQuery;
const ownerKey = KEYS.userSavedQueries;
const ALL_KEY = KEYS.allSavedQueries;
const SCHEDULE_PK = KEYS.savedQuerySchedulePk;
const scheduleKey = KEYS.savedQuerySchedule;

const isConditionFailure = (error: unknown) => (error as { name?: string }).name === 'ConditionalCheckFailedException';

async function putSchedulePointer(ports: P, record: Pick<SavedQueryRecord, 'id' | 'next_run_ms'>) {
  if (record.next_run_ms === null) return;
  await ports.tables.doc.send(
    new PutCommand({ TableName: ports.tables.name('main'), Item: { ...scheduleKey(record.next_run_ms, record.id), id: record.id } }),
  );
}

async function deleteSchedulePointer(ports: P, record: Pick<SavedQueryRecord, 'id' | 'next_run_ms'>) {
  if (record.next_run_ms === null) return;
  await ports.tables.doc.send(
    new DeleteCommand({ TableName: ports.tables.name('main'), Key: scheduleKey(record.next_run_ms, record.id) }),
  );
}

/**
 * Writes the entity; `previous` is the stored version whose schedule pointer this replaces. With
 * `basedOn` (the record the change was made from) it lands only if the stored query is still that
 * one (its changed_on, and its next run, which the scheduler moves), else 409 "changed by someone else".
 */
export async function writeSavedQuery(
  ports: P,
  record: SavedQueryRecord,
  previous?: SavedQueryRecord,
  options: { basedOn?: SavedQueryRecord } = {},
): Promise<void> {
  const item = {
    ...entityKey(record.id),
    gsi1pk: ownerKey(record.user_id),
    gsi1sk: pad(record.id),
    gsi2pk: ALL_KEY,
    gsi2sk: pad(record.id),
    savedQuery: record,
  };
  const read = options.basedOn;
  try {
    await putIfUnchanged(ports.tables, item, read && { 'savedQuery.changed_on': read.changed_on, 'savedQuery.next_run_ms': read.next_run_ms }, 'saved query');
  } catch (error) {
    // DynamoDB refuses items over 400 KB; the caller hears it as a 400, not as a server fault.
    const e = error as { name?: string; message?: string };
    if (e.name === 'ValidationException' && /item size/i.test(e.message ?? '')) throw badRequest('The saved query is too large to store');
    throw error;
  }
  if (previous?.next_run_ms !== record.next_run_ms) {
    if (previous) await deleteSchedulePointer(ports, previous);
    await putSchedulePointer(ports, record);
  }
}

/**
 * Gives a record stored before uuids existed its uuid, once: a conditional write, so two first reads
 * racing agree on the winner's uuid.
 */
async function withUuid(ports: P, record: SavedQueryRecord): Promise<SavedQueryRecord> {
  if (record.uuid) return record;
  const uuid = randomUUID();
  try {
    await ports.tables.doc.send(
      new UpdateCommand({
        TableName: ports.tables.name('main'),
        Key: entityKey(record.id),
        UpdateExpression: 'SET savedQuery.#u = :u',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(savedQuery.#u)',
        ExpressionAttributeNames: { '#u': 'uuid' },
        ExpressionAttributeValues: { ':u': uuid },
      }),
    );
    return { ...record, uuid };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const out = await ports.tables.doc.send(new GetCommand({ TableName: ports.tables.name('main'), Key: entityKey(record.id), ConsistentRead: true }));
    return (out.Item?.savedQuery as SavedQueryRecord | undefined) ?? record;
  }
}

export async function findSavedQuery(ports: P, id: number): Promise<SavedQueryRecord | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const out = await ports.tables.doc.send(
    new GetCommand({ TableName: ports.tables.name('main'), Key: entityKey(id), ConsistentRead: true }),
  );
  const record = out.Item?.savedQuery as SavedQueryRecord | undefined;
  return record ? withUuid(ports, record) : null;
}

export async function deleteSavedQueryItems(ports: P, record: SavedQueryRecord): Promise<void> {
  await ports.tables.doc.send(new DeleteCommand({ TableName: ports.tables.name('main'), Key: entityKey(record.id) }));
  await deleteSchedulePointer(ports, record);
}

async function queryAll(ports: P, input: { IndexName?: 'gsi1' | 'gsi2'; value: string; skBelow?: string }) {
  const pkName = input.IndexName ? `${input.IndexName}pk` : 'pk';
  const skName = input.IndexName ? `${input.IndexName}sk` : 'sk';
  return queryAllItems(ports.tables, {
    IndexName: input.IndexName,
    KeyConditionExpression: input.skBelow ? '#pk = :pk AND #sk < :below' : '#pk = :pk',
    ExpressionAttributeNames: { '#pk': pkName, ...(input.skBelow ? { '#sk': skName } : {}) },
    ExpressionAttributeValues: { ':pk': input.value, ...(input.skBelow ? { ':below': input.skBelow } : {}) },
  });
}

/** The owner's saved queries, or everyone's when `userId` is null. */
export async function listSavedQueryRecords(ports: P, userId: number | null): Promise<SavedQueryRecord[]> {
  const items = await queryAll(
    ports,
    userId === null ? { IndexName: 'gsi2', value: ALL_KEY } : { IndexName: 'gsi1', value: ownerKey(userId) },
  );
  return Promise.all(items.map((i) => withUuid(ports, i.savedQuery as SavedQueryRecord)));
}

/** Schedule pointers due at `nowMs`, oldest first (may include stale ones; callers re-check). */
export async function dueSchedulePointers(ports: P, nowMs: number): Promise<{ id: number; nextRunMs: number }[]> {
  // Every pointer with next run <= now sorts before "<now + 1>#".
  const items = await queryAll(ports, { value: SCHEDULE_PK, skBelow: `${padMs(nowMs + 1)}#` });
  return items.map((i) => ({ id: Number(i.id), nextRunMs: Number(String(i.sk).split('#')[0]) }));
}

/** Writes the pointer of a saved query's current next run (idempotent). */
export const restoreSchedulePointer = (ports: P, record: SavedQueryRecord) => putSchedulePointer(ports, record);

/** Drops a pointer that no longer matches its saved query. */
export const dropSchedulePointer = (ports: P, id: number, nextRunMs: number) =>
  deleteSchedulePointer(ports, { id, next_run_ms: nextRunMs });

/**
 * Records a scheduled run: sets last_run and the next run, but only if the stored next run is still
 * `expectedNextRunMs`, so two scheduler ticks racing for one run cannot both claim it.
 */
export async function claimScheduledRun(
  ports: P,
  record: SavedQueryRecord,
  ranAtMs: number,
  nextRunMs: number | null,
): Promise<boolean> {
  try {
    await ports.tables.doc.send(
      new UpdateCommand({
        TableName: ports.tables.name('main'),
        Key: entityKey(record.id),
        UpdateExpression: 'SET savedQuery.last_run = :ran, savedQuery.next_run_ms = :next',
        ConditionExpression: 'attribute_exists(pk) AND savedQuery.next_run_ms = :expected',
        ExpressionAttributeValues: { ':ran': ranAtMs, ':next': nextRunMs, ':expected': record.next_run_ms },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
  await deleteSchedulePointer(ports, record);
  await putSchedulePointer(ports, { id: record.id, next_run_ms: nextRunMs });
  return true;
}
