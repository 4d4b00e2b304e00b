// Unsaved explore form data (Superset's ExploreFormDataRestApi): JSON text under a random key for 7
// days. A user's tab reuses its key for the same datasource and chart (Superset's contextual key), so
// editing a chart does not mint a key per change. Anyone who may read the datasource may read a key
// (keys travel in URLs); only its owner changes or deletes it.
import { KEYS } from '../../shared/resources/keys';
import { badRequest } from '../../shared/errors';
import type { FormDataBody } from '../../shared/routes/explore';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import { json, type RawResponse } from '../http/respond';
import type { Ports } from '../ports/index';
import { cacheNotFound, createCacheEntry, deleteCacheEntry, readCacheEntry, updateCacheEntry, type CacheSpace } from '../platform/temporaryCache';
import { checkExploreAccess } from './access';

const VIEW = 'ExploreFormDataRestApi';

export interface FormDataEntry {
  owner: number;
  datasource_id: number;
  datasource_type: string;
  chart_id: number | null;
  form_data: string;
}

const SPACE: CacheSpace<FormDataEntry> = {
  item: KEYS.formData,
  context: (user, tabId, e) => KEYS.formDataContext(user.userId, tabId, `${e.datasource_id}__${e.datasource_type}`, e.chart_id),
};

function checkJson(text: string) {
  try {
    JSON.parse(text);
  } catch {
    throw badRequest('JSON not valid', { messages: { form_data: ['JSON not valid'] } });
  }
}

export const readFormData = (ports: Ports, key: string) => readCacheEntry(ports, SPACE, key);

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
  return json(201, { key: await createCacheEntry(ports, SPACE, user, entryOf(user, body), tabId) });
}

export async function updateFormData(ports: Ports, user: Identity, key: string, body: FormDataBody, tabId?: number) {
  requirePermission(user, 'can_write', VIEW);
  checkJson(body.form_data);
  await checkExploreAccess(ports, user, body);
  return { key: await updateCacheEntry(ports, SPACE, user, key, entryOf(user, body), tabId) };
}

export async function getFormData(ports: Ports, user: Identity, key: string) {
  requirePermission(user, 'can_read', VIEW);
  const entry = await readFormData(ports, key);
  if (!entry) throw cacheNotFound();
  await checkExploreAccess(ports, user, entry);
  return { form_data: entry.form_data };
}

export async function deleteFormData(ports: Ports, user: Identity, key: string) {
  requirePermission(user, 'can_write', VIEW);
  return deleteCacheEntry(ports, SPACE, user, key);
}
