// Annotation layer operations (Superset's AnnotationLayerRestApi). As in Superset, layers are shared:
// every holder of can_read/can_write on 'Annotation' (Alpha, Admin) reads and changes any layer;
// created_by keeps the creator and changed_by the last writer. Names are unique; a layer that still
// has annotations cannot be deleted.
import { badRequest, notFound, unprocessable } from '../../shared/errors';
import type { AnnotationLayerBody, AnnotationLayerUpdateBody } from '../../shared/routes/annotationLayers';
import type { ListQuery } from '../../shared/schemas/common';
import { can } from '../../shared/security/permissions';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import { json, type RawResponse } from '../http/respond';
import { runList } from '../lists/engine';
import { relatedLoader } from '../lists/related';
import { selectColumns } from '../lists/select';
import { nextId } from '../ports/counters';
import type { Ports } from '../ports/index';
import { laterThan } from '../ports/tables';
import { annotationLayerList } from './listResources';
import { toLayerDict } from './present';
import { deleteLayerItem, findLayer, listAnnotations, listLayers, writeLayer, type AnnotationLayerRecord } from './repository';

export const ANNOTATION_VIEW = 'Annotation';
const layerNotFound = () => notFound('Not found');

async function assertUniqueName(ports: Ports, name: string, exceptId?: number) {
  const taken = (await listLayers(ports)).some((l) => l.name === name && l.id !== exceptId);
  if (taken) throw unprocessable('Annotation layer parameters are invalid.', { messages: { name: ['Name must be unique'] } });
}

/** The layer, or 404 (also for ids that cannot exist). */
export async function layerOr404(ports: Ports, id: number): Promise<AnnotationLayerRecord> {
  const layer = await findLayer(ports, id);
  if (!layer) throw layerNotFound();
  return layer;
}

const echo = (layer: AnnotationLayerRecord, keys: string[]) =>
  Object.fromEntries(Object.entries({ name: layer.name, descr: layer.descr }).filter(([k]) => keys.includes(k)));

export async function createLayer(ports: Ports, user: Identity, body: AnnotationLayerBody): Promise<RawResponse> {
  requirePermission(user, 'can_write', ANNOTATION_VIEW);
  await assertUniqueName(ports, body.name);
  const now = ports.clock.now();
  const layer: AnnotationLayerRecord = {
    id: await nextId(ports.tables, 'annotationlayer'),
    name: body.name,
    descr: body.descr ?? null,
    created_on: now,
    changed_on: now,
    created_by: user.userId,
    changed_by: user.userId,
  };
  await writeLayer(ports, layer);
  return json(201, { id: layer.id, result: echo(layer, Object.keys(body)) });
}

export async function getLayer(ports: Ports, user: Identity, id: number, q: { columns?: string[] } = {}) {
  requirePermission(user, 'can_read', ANNOTATION_VIEW);
  const layer = await layerOr404(ports, id);
  const dict = { ...(await toLayerDict(layer, relatedLoader(ports), ports.clock.now())) };
  return { id, result: q.columns?.length ? selectColumns(dict, q.columns) : dict };
}

export async function updateLayer(ports: Ports, user: Identity, id: number, body: AnnotationLayerUpdateBody) {
  requirePermission(user, 'can_write', ANNOTATION_VIEW);
  const current = await layerOr404(ports, id);
  if (body.name !== undefined && body.name !== current.name) await assertUniqueName(ports, body.name, id);
  const next: AnnotationLayerRecord = {
    ...current,
    name: body.name ?? current.name,
    descr: body.descr !== undefined ? body.descr : current.descr,
    changed_on: laterThan(ports.clock.now(), current.changed_on),
    changed_by: user.userId,
  };
  await writeLayer(ports, next, current);
  return { id, result: echo(next, Object.keys(body)) };
}

async function assertNoAnnotations(ports: Ports, layerId: number) {
  if ((await listAnnotations(ports, layerId)).length > 0) throw unprocessable('Annotation layer has associated annotations.');
}

export async function deleteLayer(ports: Ports, user: Identity, id: number) {
  requirePermission(user, 'can_write', ANNOTATION_VIEW);
  await layerOr404(ports, id);
  await assertNoAnnotations(ports, id);
  await deleteLayerItem(ports, id);
  return { message: 'OK' };
}

/** All or nothing: one missing id is a 404, one layer with annotations a 422. */
export async function bulkDeleteLayers(ports: Ports, user: Identity, ids: number[]) {
  requirePermission(user, 'can_write', ANNOTATION_VIEW);
  const unique = [...new Set(ids)];
  for (const id of unique) await layerOr404(ports, id);
  for (const id of unique) await assertNoAnnotations(ports, id);
  for (const id of unique) await deleteLayerItem(ports, id);
  const n = unique.length;
  return { message: n === 1 ? 'Deleted 1 annotation layer' : `Deleted ${n} annotation layers` };
}

export async function listAnnotationLayers(ports: Ports, user: Identity, q: ListQuery) {
  requirePermission(user, 'can_read', ANNOTATION_VIEW);
  return runList(annotationLayerList, { ports, user }, q);
}

const FILTERS = {
  name: [{ name: 'Contains', operator: 'ct' }, { name: 'All Text', operator: 'annotation_layer_all_text' }],
  descr: [{ name: 'Contains', operator: 'ct' }],
  created_by: [{ name: 'Relation', operator: 'rel_o_m' }],
  changed_by: [{ name: 'Relation', operator: 'rel_o_m' }],
};

export function annotationLayerInfo(user: Identity, q: { keys?: string[] }) {
  requirePermission(user, 'can_read', ANNOTATION_VIEW);
  const keys = q.keys?.length ? q.keys : ['permissions', 'filters', 'add_columns', 'edit_columns'];
  const info: Record<string, unknown> = {};
  if (keys.includes('permissions')) info.permissions = ['can_read', 'can_write'].filter((p) => can(user, p, ANNOTATION_VIEW));
  if (keys.includes('filters')) info.filters = FILTERS;
  if (keys.includes('add_columns')) info.add_columns = [{ name: 'name' }, { name: 'descr' }];
  if (keys.includes('edit_columns')) info.edit_columns = [{ name: 'name' }, { name: 'descr' }];
  return info;
}

/** related/created_by and related/changed_by: the people who created or changed a layer. */
export async function annotationLayerRelated(ports: Ports, user: Identity, column: string, q: { filter?: string; page: number; page_size: number }) {
  requirePermission(user, 'can_read', ANNOTATION_VIEW);
  if (column !== 'created_by' && column !== 'changed_by') throw badRequest(`Related field ${column} is not allowed`);
  const related = relatedLoader(ports);
  const ids = [...new Set((await listLayers(ports)).map((l) => l[column]))];
  const users = (await Promise.all(ids.map((id) => related.user(id)))).filter((u) => u !== null);
  const needle = (q.filter ?? '').toLowerCase();
  const choices = users
    .map((u) => ({ value: u.id, text: `${u.first_name} ${u.last_name}`.trim() }))
    .filter((c) => c.text.toLowerCase().includes(needle))
    .sort((a, b) => a.text.localeCompare(b.text));
  return { count: choices.length, result: choices.slice(q.page * q.page_size, (q.page + 1) * q.page_size) };
}
