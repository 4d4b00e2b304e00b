// Annotations of one layer (Superset's AnnotationRestApi under /annotation_layer/{pk}/annotation/).
// A missing layer is 404 for every call; the end may not come before the start ('End date must be
// after start date', on start_dttm), and a short description is unique within its layer.
import { notFound, unprocessable } from '../../shared/errors';
import type { AnnotationBody, AnnotationUpdateBody } from '../../shared/routes/annotationLayers';
import type { ListQuery } from '../../shared/schemas/common';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import { json, type RawResponse } from '../http/respond';
import { runList } from '../lists/engine';
import { relatedLoader } from '../lists/related';
import { selectColumns } from '../lists/select';
import { nextId } from '../ports/counters';
import type { Ports } from '../ports/index';
import { laterThan } from '../ports/tables';
import { ANNOTATION_VIEW, layerOr404 } from './layers';
import { annotationList } from './listResources';
import { dttmText, parseDttm, toAnnotationDict } from './present';
import { deleteAnnotationItem, findAnnotation, listAnnotations, writeAnnotation, type AnnotationRecord } from './repository';

const invalid = (messages: Record<string, string[]>) => unprocessable('Annotation parameters are invalid.', { messages });

async function validate(ports: Ports, a: AnnotationRecord) {
  const messages: Record<string, string[]> = {};
  if (a.end_dttm < a.start_dttm) messages.start_dttm = ['End date must be after start date'];
  const siblings = await listAnnotations(ports, a.layer_id);
  if (siblings.some((s) => s.short_descr === a.short_descr && s.id !== a.id)) {
    messages.short_descr = ['Short description must be unique for this layer'];
  }
  if (Object.keys(messages).length) throw invalid(messages);
}

async function annotationOr404(ports: Ports, layerId: number, id: number) {
  const annotation = await findAnnotation(ports, layerId, id);
  if (!annotation) throw notFound('Not found');
  return annotation;
}

const echo = (a: AnnotationRecord, keys: string[]) =>
  Object.fromEntries(
    Object.entries({
      short_descr: a.short_descr,
      long_descr: a.long_descr,
      start_dttm: dttmText(a.start_dttm),
      end_dttm: dttmText(a.end_dttm),
      json_metadata: a.json_metadata,
    }).filter(([k]) => keys.includes(k)),
  );

export async function createAnnotation(ports: Ports, user: Identity, layerId: number, body: AnnotationBody): Promise<RawResponse> {
  requirePermission(user, 'can_write', ANNOTATION_VIEW);
  await layerOr404(ports, layerId);
  const now = ports.clock.now();
  const annotation: AnnotationRecord = {
    id: await nextId(ports.tables, 'annotation'),
    layer_id: layerId,
    short_descr: body.short_descr,
    long_descr: body.long_descr ?? null,
    start_dttm: parseDttm(body.start_dttm),
    end_dttm: parseDttm(body.end_dttm),
    json_metadata: body.json_metadata ?? null,
    created_on: now,
    changed_on: now,
    created_by: user.userId,
    changed_by: user.userId,
  };
  await validate(ports, annotation);
  await writeAnnotation(ports, annotation);
  return json(201, { id: annotation.id, result: echo(annotation, Object.keys(body)) });
}

export async function getAnnotation(ports: Ports, user: Identity, layerId: number, id: number, q: { columns?: string[] } = {}) {
  requirePermission(user, 'can_read', ANNOTATION_VIEW);
  const layer = await layerOr404(ports, layerId);
  const annotation = await annotationOr404(ports, layerId, id);
  const dict = { ...(await toAnnotationDict(annotation, layer, relatedLoader(ports), ports.clock.now())) };
  return { id, result: q.columns?.length ? selectColumns(dict, q.columns) : dict };
}

export async function updateAnnotation(ports: Ports, user: Identity, layerId: number, id: number, body: AnnotationUpdateBody) {
  requirePermission(user, 'can_write', ANNOTATION_VIEW);
  await layerOr404(ports, layerId);
  const current = await annotationOr404(ports, layerId, id);
  const next: AnnotationRecord = {
    ...current,
    short_descr: body.short_descr ?? current.short_descr,
    long_descr: body.long_descr !== undefined ? body.long_descr : current.long_descr,
    start_dttm: body.start_dttm !== undefined ? parseDttm(body.start_dttm) : current.start_dttm,
    end_dttm: body.end_dttm !== undefined ? parseDttm(body.end_dttm) : current.end_dttm,
    json_metadata: body.json_metadata !== undefined ? body.json_metadata : current.json_metadata,
    changed_on: laterThan(ports.clock.now(), current.changed_on),
    changed_by: user.userId,
  };
  await validate(ports, next);
  await writeAnnotation(ports, next, current);
  return { id, result: echo(next, Object.keys(body)) };
}

export async function deleteAnnotation(ports: Ports, user: Identity, layerId: number, id: number) {
  requirePermission(user, 'can_write', ANNOTATION_VIEW);
  await layerOr404(ports, layerId);
  await annotationOr404(ports, layerId, id);
  await deleteAnnotationItem(ports, layerId, id);
  return { message: 'OK' };
}

/** All or nothing: an id that is not an annotation of this layer makes it a 404. */
export async function bulkDeleteAnnotations(ports: Ports, user: Identity, layerId: number, ids: number[]) {
  requirePermission(user, 'can_write', ANNOTATION_VIEW);
  await layerOr404(ports, layerId);
  const unique = [...new Set(ids)];
  for (const id of unique) await annotationOr404(ports, layerId, id);
  for (const id of unique) await deleteAnnotationItem(ports, layerId, id);
  const n = unique.length;
  return { message: n === 1 ? 'Deleted 1 annotation' : `Deleted ${n} annotations` };
}

export async function listLayerAnnotations(ports: Ports, user: Identity, layerId: number, q: ListQuery) {
  requirePermission(user, 'can_read', ANNOTATION_VIEW);
  const layer = await layerOr404(ports, layerId);
  return runList(annotationList(layer), { ports, user }, q);
}
