// Saved query operations (Superset's SavedQueryRestApi). Writes are the owner's only, and so are reads
// unless the user may see all queries (Superset's SavedQueryFilter); any other saved query answers 404
// as if it did not exist.
import { badRequest, notFound, unprocessable } from '../../shared/errors';
import type { ListQuery } from '../../shared/schemas/common';
import { ScheduleInfoSchema, type SavedQueryBody, type SavedQueryUpdateBody, type ScheduleInfo } from '../../shared/routes/savedQueries';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import { json, type RawResponse } from '../http/respond';
import type { Ports } from '../ports/index';
import { nextId } from '../ports/counters';
import { laterThan } from '../ports/tables';
import { findDatabase } from '../databases/repository';
import { runList } from '../lists/engine';
import { readsAllSavedQueries, savedQueryList } from './listResource';
import { relatedLoader, toSavedQueryDict } from './present';
import {
  deleteSavedQueryItems,
  findSavedQuery,
  listSavedQueryRecords,
  writeSavedQuery,
  type SavedQueryRecord,
} from './repository';
import { planSchedule } from './schedule';
import { selectColumns } from '../lists/select';
import { dropObjectTags, syncSystemTags } from '../tags/systemTags';

export const VIEW = 'SavedQuery';
const savedQueryNotFound = () => notFound('Saved query not found');

const readsAll = readsAllSavedQueries;

async function assertDatabase(ports: Ports, dbId: number) {
  if (!(await findDatabase(ports, dbId))) {
    throw unprocessable('Database does not exist', { messages: { db_id: ['Database does not exist'] } });
  }
}

/**
 * The schedule a body asks for: `schedule_info`, or (as Superset's "Schedule query" button sends it)
 * `schedule_info` inside the extra_json text. Undefined when the body says nothing about a schedule.
 */
function requestedSchedule(body: SavedQueryUpdateBody): ScheduleInfo | null | undefined {
  if (body.schedule_info !== undefined) return body.schedule_info;
  let extra: unknown;
  try {
    extra = body.extra_json ? JSON.parse(body.extra_json) : undefined;
  } catch {
    throw badRequest('extra_json is not valid JSON', { messages: { extra_json: ['Not valid JSON'] } });
  }
  const nested = extra && typeof extra === 'object' ? (extra as { schedule_info?: unknown }).schedule_info : undefined;
  // Superset's own form fields (start_date, schedule_interval...) carry no crontab: kept as extra only.
  if (!nested || typeof nested !== 'object' || !('crontab' in nested)) return undefined;
  const parsed = ScheduleInfoSchema.safeParse(nested);
  if (!parsed.success) {
    throw badRequest(`Invalid schedule_info in extra_json: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

/** The fields a create or update echoes back as `result`, as Superset returns the loaded body. */
function echo(record: SavedQueryRecord, keys: readonly string[], scheduleSent: boolean) {
  const all: Record<string, unknown> = {
    db_id: record.db_id,
    label: record.label,
    description: record.description,
    catalog: record.catalog,
    schema: record.schema,
    sql: record.sql,
    template_parameters: record.template_parameters,
    extra_json: record.extra_json,
    schedule_info: record.schedule_info,
    next_run: record.next_run_ms === null ? null : new Date(record.next_run_ms).toISOString(),
  };
  const shown = (k: string) => keys.includes(k) || (scheduleSent && (k === 'schedule_info' || k === 'next_run'));
  return Object.fromEntries(Object.entries(all).filter(([k]) => shown(k)));
}

export async function createSavedQuery(ports: Ports, user: Identity, body: SavedQueryBody): Promise<RawResponse> {
  requirePermission(user, 'can_write', VIEW);
  await assertDatabase(ports, body.db_id);
  const now = ports.clock.now();
  const requested = requestedSchedule(body);
  const schedule = planSchedule(requested, now);
  const record: SavedQueryRecord = {
    id: await nextId(ports.tables, 'savedquery'),
    uuid: ports.ids.uuid(),
    user_id: user.userId,
    db_id: body.db_id,
    catalog: body.catalog ?? null,
    schema: body.schema ?? null,
    label: body.label ?? null,
    description: body.description ?? null,
    sql: body.sql ?? '',
    template_parameters: body.template_parameters ?? null,
    extra_json: body.extra_json ?? '{}',
    ...schedule,
    last_run: null,
    rows: null,
    created_on: now,
    changed_on: now,
    created_by: user.userId,
    changed_by: user.userId,
  };
  await writeSavedQuery(ports, record);
  await syncSystemTags(ports, { type: 'query', id: record.id }, [record.user_id]);
  return json(201, { id: record.id, result: echo(record, Object.keys(body), requested !== undefined) });
}

/** The saved query if this user may read it. */
async function readable(ports: Ports, user: Identity, id: number): Promise<SavedQueryRecord> {
  const record = await findSavedQuery(ports, id);
  if (!record || (record.user_id !== user.userId && !readsAll(user))) throw savedQueryNotFound();
  return record;
}

/** The saved query if this user owns it (only owners change or delete). */
async function owned(ports: Ports, user: Identity, id: number): Promise<SavedQueryRecord> {
  const record = await findSavedQuery(ports, id);
  if (!record || record.user_id !== user.userId) throw savedQueryNotFound();
  return record;
}

export async function getSavedQuery(ports: Ports, user: Identity, id: number, q: { columns?: string[] } = {}) {
  requirePermission(user, 'can_read', VIEW);
  const record = await readable(ports, user, id);
  const dict = await toSavedQueryDict(record, relatedLoader(ports), ports.clock.now());
  const result: Record<string, unknown> = q.columns?.length ? selectColumns({ ...dict }, q.columns) : { ...dict };
  return { id: record.id, result };
}

export async function updateSavedQuery(ports: Ports, user: Identity, id: number, body: SavedQueryUpdateBody) {
  requirePermission(user, 'can_write', VIEW);
  const current = await owned(ports, user, id);
  if (body.db_id !== undefined && body.db_id !== current.db_id) await assertDatabase(ports, body.db_id);
  const now = ports.clock.now();
  const next: SavedQueryRecord = { ...current, changed_on: laterThan(now, current.changed_on), changed_by: user.userId };
  for (const key of ['db_id', 'catalog', 'schema', 'label', 'description', 'template_parameters', 'extra_json'] as const) {
    if (body[key] !== undefined) (next as unknown as Record<string, unknown>)[key] = body[key];
  }
  if (body.sql !== undefined) next.sql = body.sql ?? '';
  if (body.extra_json === null) next.extra_json = '{}';
  const schedule = requestedSchedule(body);
  if (schedule !== undefined) Object.assign(next, planSchedule(schedule, now));
  await writeSavedQuery(ports, next, current, { basedOn: current });
  return { id, result: echo(next, Object.keys(body), schedule !== undefined) };
}

export async function deleteSavedQuery(ports: Ports, user: Identity, id: number) {
  requirePermission(user, 'can_write', VIEW);
  await deleteSavedQueryItems(ports, await owned(ports, user, id));
  await dropObjectTags(ports, 'query', id);
  return { message: 'OK' };
}

/** DELETE /?q=!(1,2): all or nothing; one id that is missing or not the user's makes it a 404. */
export async function bulkDeleteSavedQueries(ports: Ports, user: Identity, ids: number[]) {
  requirePermission(user, 'can_write', VIEW);
  const unique = [...new Set(ids)];
  const records = await Promise.all(unique.map((id) => findSavedQuery(ports, id)));
  if (records.some((r) => !r || r.user_id !== user.userId)) throw savedQueryNotFound();
  for (const r of records) {
    await deleteSavedQueryItems(ports, r!);
    await dropObjectTags(ports, 'query', r!.id);
  }
  const n = unique.length;
  return { message: n === 1 ? 'Deleted 1 saved query' : `Deleted ${n} saved queries` };
}

export async function listSavedQueries(ports: Ports, user: Identity, q: ListQuery) {
  requirePermission(user, 'can_read', VIEW);
  return runList(savedQueryList, { ports, user }, q);
}
