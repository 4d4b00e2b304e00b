// Unsaved explore form data (Superset's ExploreFormDataRestApi): JSON text under a random key for 7
// days. A user's tab reuses its key for the same datasource and chart (Superset's contextual key), so
// editing a chart does not mint a key per change. Anyone who may read the datasource may read a key
// (keys travel in URLs); only its owner changes or deletes it.
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { KEYS } from '../../shared/resources/keys';
import { SupersetError, badRequest } from '../../shared/errors';
import type { FormDataBody } from '../../shared/routes/explore';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import { json, type RawResponse } from '../http/respond';
import type { Ports } from '../ports/index';
import { isExpired } from '../ports/tables';
import { checkExploreAccess } from './access';

const VIEW = 'ExploreFormDataRestApi';
const TTL_SECONDS = 7 * 86_400;

export interface FormDataEntry {
  owner: number;
  datasource_id: number;
  datasource_type: string;
  chart_id: number | null;
  form_data: string;
}

const notFound = () => new SupersetError('OBJECT_DOES_NOT_EXIST_ERROR', 'Not found', { status: 404 });
const denied = () => new SupersetError('GENERIC_BACKEND_ERROR', 'Forbidden', { status: 403 });

function checkJson(text: string) {
  try {
    JSON.parse(text);
  } catch {
    throw badRequest('JSON not valid', { messages: { form_data: ['JSON not valid'] } });
  }
}

const ttl = (ports: Ports) => Math.ceil(ports.clock.now() / 1000) + TTL_SECONDS;
const contextKey = (user: Identity, tabId: number | undefined, body: FormDataBody) =>
  KEYS.formDataContext(user.userId, tabId ?? '', `${body.datasource_id}__${body.datasource_type}`, body.chart_id ?? null);

export async function readFormData(ports: Ports, key: string): Promise<FormDataEntry | null> {
  const out = await ports.tables.doc.send(new GetCommand({ TableName: ports.tables.name('main'), Key: KEYS.formData(key) }));
  if (!out.Item || isExpired(out.Item as { ttl?: number }, ports.clock.now())) return null;
  return out.Item.entry as FormDataEntry;
}

async function writeEntry(ports: Ports, key: string, entry: FormDataEntry) {
  await ports.tables.doc.send(
    new PutCommand({ TableName: ports.tables.name('main'), Item: { ...KEYS.formData(key), entry, ttl: ttl(ports) } }),
  );
}

async function rememberKey(ports: Ports, user: Identity, tabId: number | undefined, body: FormDataBody, key: string) {
  if (tabId === undefined) return;
  await ports.tables.doc.send(
    new PutCommand({ TableName: ports.tables.name('main'), Item: { ...contextKey(user, tabId, body), key, ttl: ttl(ports) } }),
  );
}

async function rememberedKey(ports: Ports, user: Identity, tabId: number | undefined, body: FormDataBody): Promise<string | null> {
  if (tabId === undefined) return null;
  const out = await ports.tables.doc.send(
    new GetCommand({ TableName: ports.tables.name('main'), Key: contextKey(user, tabId, body), ConsistentRead: true }),
  );
  if (!out.Item || isExpired(out.Item as { ttl?: number }, ports.clock.now())) return null;
  return String(out.Item.key);
}

const entryOf = (user: Identity, body: FormDataBody): FormDataEntry => ({
  owner: user.userId,
  datasource_id: body.datasource_id,
  datasource_type: body.datasource_type,
  chart_id: body.chart_id ?? null,
  form_data: body.form_data,
});

export async function createFormData(ports: Ports, user: Identity, body: FormDataBody, tabId?: number): Promise<RawResponse> {
  requirePermission(user, 'can_write', VIEW);
  checkJson(body.form_data);
  await checkExploreAccess(ports, user, body);
  const reused = await rememberedKey(ports, user, tabId, body);
  const current = reused ? await readFormData(ports, reused) : null;
  const key = current && current.owner === user.userId ? reused! : ports.ids.short(16);
  await writeEntry(ports, key, entryOf(user, body));
  await rememberKey(ports, user, tabId, body, key);
  return json(201, { key });
}

/** PUT: the owner's key is updated in place; anyone else's becomes a new key of their own. */
export async function updateFormData(ports: Ports, user: Identity, key: string, body: FormDataBody, tabId?: number) {
  requirePermission(user, 'can_write', VIEW);
  checkJson(body.form_data);
  await checkExploreAccess(ports, user, body);
  const current = await readFormData(ports, key);
  if (!current) throw notFound();
  const target = current.owner === user.userId ? key : ((await rememberedKey(ports, user, tabId, body)) ?? ports.ids.short(16));
  await writeEntry(ports, target, entryOf(user, body));
  await rememberKey(ports, user, tabId, body, target);
  return { key: target };
}

export async function getFormData(ports: Ports, user: Identity, key: string) {
  requirePermission(user, 'can_read', VIEW);
  const entry = await readFormData(ports, key);
  if (!entry) throw notFound();
  await checkExploreAccess(ports, user, entry);
  return { form_data: entry.form_data };
}

export async function deleteFormData(ports: Ports, user: Identity, key: string) {
  requirePermission(user, 'can_write', VIEW);
  const entry = await readFormData(ports, key);
  if (!entry) throw notFound();
  if (entry.owner !== user.userId) throw denied();
  await ports.tables.doc.send(new DeleteCommand({ TableName: ports.tables.name('main'), Key: KEYS.formData(key) }));
  return { message: 'Deleted successfully' };
}
