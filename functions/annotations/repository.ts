// Annotation layers and annotations in the main table (keys in shared/resources/keys.ts):
//   layer:      pk ANNOTATIONLAYER#<id>   sk ANNOTATIONLAYER         gsi2 ANNOTATIONLAYERS / padded id
//   annotation: pk ANNOTATIONLAYER#<layer> sk ANNOTATION#<padded id>
// A layer's annotations share its partition, so "the layer's annotations" (list, chart annotation
// data, "has annotations" before a delete) is one query.
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { KEYS, padId } from '../../shared/resources/keys';
import type { Ports } from '../ports/index';
import { putIfUnchanged, queryAllItems } from '../ports/tables';

type P = Pick<Ports, 'tables'>;

interface Audit {
  created_on: number;
  changed_on: number;
  created_by: number | null;
  changed_by: number | null;
}

export interface AnnotationLayerRecord extends Audit {
  id: number;
  name: string;
  descr: string | null;
}

export interface AnnotationRecord extends Audit {
  id: number;
  layer_id: number;
  short_descr: string;
  long_descr: string | null;
  /** Epoch ms (UTC). */
  start_dttm: number;
  end_dttm: number;
  json_metadata: string | null;
}

const table = (ports: P) => ports.tables.name('main');
const validId = (id: number) => Number.isSafeInteger(id) && id > 0;

/**
 * Writes the layer. With `basedOn` (the record it was changed from) only if the stored layer is still
 * that one (its changed_on), else 409 "changed by someone else".
 */
export async function writeLayer(ports: P, layer: AnnotationLayerRecord, basedOn?: AnnotationLayerRecord): Promise<void> {
  const item = { ...KEYS.annotationLayer(layer.id), gsi2pk: KEYS.allAnnotationLayers, gsi2sk: padId(layer.id), layer };
  await putIfUnchanged(ports.tables, item, basedOn && { 'layer.changed_on': basedOn.changed_on }, 'annotation layer');
}

export async function findLayer(ports: P, id: number): Promise<AnnotationLayerRecord | null> {
  if (!validId(id)) return null;
  const out = await ports.tables.doc.send(new GetCommand({ TableName: table(ports), Key: KEYS.annotationLayer(id), ConsistentRead: true }));
  return (out.Item?.layer as AnnotationLayerRecord | undefined) ?? null;
}

export async function listLayers(ports: P): Promise<AnnotationLayerRecord[]> {
  const items = await queryAllItems(ports.tables, {
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': KEYS.allAnnotationLayers },
  });
  return items.map((i) => i.layer as AnnotationLayerRecord);
}

export async function deleteLayerItem(ports: P, id: number): Promise<void> {
  await ports.tables.doc.send(new DeleteCommand({ TableName: table(ports), Key: KEYS.annotationLayer(id) }));
}

/** Writes the annotation; with `basedOn` only if the stored one is still that one (as writeLayer). */
export async function writeAnnotation(ports: P, annotation: AnnotationRecord, basedOn?: AnnotationRecord): Promise<void> {
  const item = { ...KEYS.annotation(annotation.layer_id, annotation.id), annotation };
  await putIfUnchanged(ports.tables, item, basedOn && { 'annotation.changed_on': basedOn.changed_on }, 'annotation');
}

export async function findAnnotation(ports: P, layerId: number, id: number): Promise<AnnotationRecord | null> {
  if (!validId(layerId) || !validId(id)) return null;
  const out = await ports.tables.doc.send(new GetCommand({ TableName: table(ports), Key: KEYS.annotation(layerId, id), ConsistentRead: true }));
  return (out.Item?.annotation as AnnotationRecord | undefined) ?? null;
}

/** Every annotation of a layer, by id. */
export async function listAnnotations(ports: P, layerId: number): Promise<AnnotationRecord[]> {
  const items = await queryAllItems(ports.tables, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': KEYS.annotationLayer(layerId).pk, ':prefix': KEYS.annotationPrefix },
    ConsistentRead: true,
  });
  return items.map((i) => i.annotation as AnnotationRecord);
}

export async function deleteAnnotationItem(ports: P, layerId: number, id: number): Promise<void> {
  await ports.tables.doc.send(new DeleteCommand({ TableName: table(ports), Key: KEYS.annotation(layerId, id) }));
}
