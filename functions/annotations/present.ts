// Annotation layers and annotations as Superset's API shows them: naive UTC datetimes, people as
// {id, first_name, last_name}, changed_on_delta_humanized.
import type { AnnotationDict, AnnotationLayerDict } from '../../shared/schemas/responses/annotationLayers';
import type { RelatedLoader } from '../lists/related';
import { naturalTime } from '../savedQueries/humanize';
import type { AnnotationLayerRecord, AnnotationRecord } from './repository';

/** Superset's datetime text: naive UTC, seconds precision unless there is a fraction. */
export const dttmText = (ms: number) => new Date(ms).toISOString().replace('Z', '').replace(/\.000$/, '');

/** An ISO text as epoch ms; a text without a zone is UTC (Superset stores naive datetimes). */
export function parseDttm(text: string): number {
  const t = text.trim().replace(' ', 'T');
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(t);
  return Date.parse(zoned || !t.includes('T') ? (t.includes('T') ? t : `${t}T00:00:00Z`) : `${t}Z`);
}

export async function toLayerDict(layer: AnnotationLayerRecord, related: RelatedLoader, nowMs: number): Promise<AnnotationLayerDict> {
  return {
    id: layer.id,
    name: layer.name,
    descr: layer.descr,
    created_by: await related.user(layer.created_by),
    changed_by: await related.user(layer.changed_by),
    created_on: dttmText(layer.created_on),
    changed_on: dttmText(layer.changed_on),
    changed_on_delta_humanized: naturalTime(layer.changed_on, nowMs),
  };
}

export async function toAnnotationDict(
  annotation: AnnotationRecord,
  layer: AnnotationLayerRecord,
  related: RelatedLoader,
  nowMs: number,
): Promise<AnnotationDict> {
  return {
    id: annotation.id,
    short_descr: annotation.short_descr,
    long_descr: annotation.long_descr,
    start_dttm: dttmText(annotation.start_dttm),
    end_dttm: dttmText(annotation.end_dttm),
    json_metadata: annotation.json_metadata,
    layer: { id: layer.id, name: layer.name },
    created_by: await related.user(annotation.created_by),
    changed_by: await related.user(annotation.changed_by),
    created_on: dttmText(annotation.created_on),
    changed_on: dttmText(annotation.changed_on),
    changed_on_delta_humanized: naturalTime(annotation.changed_on, nowMs),
  };
}
