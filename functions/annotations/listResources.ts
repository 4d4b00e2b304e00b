// GET /api/v1/annotation_layer/ and /api/v1/annotation_layer/{pk}/annotation/ on the list engine:
// Superset's search columns (name with annotation_layer_all_text, short_descr with
// annotation_all_text, created_by/changed_by relations), order columns and list columns.
import { allText, relOneMany, textOps, timeOps } from '../lists/operators';
import { relatedLoader, type RelatedLoader } from '../lists/related';
import type { ListResource } from '../lists/types';
import { toAnnotationDict, toLayerDict } from './present';
import { listAnnotations, listLayers, type AnnotationLayerRecord, type AnnotationRecord } from './repository';

interface Ctx {
  related: RelatedLoader;
  now: number;
}

const firstName = async (id: number | null, ctx: Ctx) => (await ctx.related.user(id))?.first_name ?? null;

export const annotationLayerList: ListResource<AnnotationLayerRecord, Ctx> = {
  title: 'List Annotation Layer',
  pageSize: 25,
  maxPageSize: 100,
  defaultOrder: { column: 'changed_on', direction: 'desc' },
  listColumns: [
    'id', 'name', 'descr', 'created_by.id', 'created_by.first_name', 'created_by.last_name', 'changed_by.id',
    'changed_by.first_name', 'changed_by.last_name', 'changed_on', 'changed_on_delta_humanized', 'created_on',
  ],
  orderColumns: {
    name: (r) => r.name,
    descr: (r) => r.descr,
    'created_by.first_name': (r, ctx) => firstName(r.created_by, ctx),
    'changed_by.first_name': (r, ctx) => firstName(r.changed_by, ctx),
    changed_on: (r) => r.changed_on,
    changed_on_delta_humanized: (r) => r.changed_on,
    created_on: (r) => r.created_on,
    id: (r) => r.id,
  },
  filters: {
    // AnnotationLayerAllTextFilter: the search box matches name or description.
    name: { ...textOps((r) => r.name), annotation_layer_all_text: allText((r) => [r.name, r.descr]) },
    descr: textOps((r) => r.descr),
    created_by: relOneMany((r) => r.created_by),
    changed_by: relOneMany((r) => r.changed_by),
    changed_on: timeOps((r) => r.changed_on),
  },
  context: ({ ports }) => ({ related: relatedLoader(ports), now: ports.clock.now() }),
  load: ({ ports }) => listLayers(ports),
  id: (r) => r.id,
  present: (records, _env, ctx) => Promise.all(records.map(async (r) => ({ ...(await toLayerDict(r, ctx.related, ctx.now)) }))),
};

/** The annotations of one layer (the layer is the list's base filter, as Superset's rel_o_m on layer). */
export const annotationList = (layer: AnnotationLayerRecord): ListResource<AnnotationRecord, Ctx> => ({
  title: 'List Annotation',
  pageSize: 25,
  maxPageSize: 100,
  defaultOrder: { column: 'start_dttm', direction: 'desc' },
  listColumns: [
    'id', 'short_descr', 'long_descr', 'start_dttm', 'end_dttm', 'json_metadata', 'layer.id', 'layer.name',
    'created_by.id', 'created_by.first_name', 'created_by.last_name', 'changed_by.id', 'changed_by.first_name',
    'changed_by.last_name', 'changed_on', 'changed_on_delta_humanized', 'created_on',
  ],
  orderColumns: {
    short_descr: (r) => r.short_descr,
    long_descr: (r) => r.long_descr,
    start_dttm: (r) => r.start_dttm,
    end_dttm: (r) => r.end_dttm,
    'created_by.first_name': (r, ctx) => firstName(r.created_by, ctx),
    'changed_by.first_name': (r, ctx) => firstName(r.changed_by, ctx),
    changed_on: (r) => r.changed_on,
    changed_on_delta_humanized: (r) => r.changed_on,
    id: (r) => r.id,
  },
  filters: {
    // AnnotationAllTextFilter: short or long description.
    short_descr: { ...textOps((r) => r.short_descr), annotation_all_text: allText((r) => [r.short_descr, r.long_descr]) },
    long_descr: textOps((r) => r.long_descr),
    start_dttm: timeOps((r) => r.start_dttm),
    end_dttm: timeOps((r) => r.end_dttm),
    created_by: relOneMany((r) => r.created_by),
    changed_by: relOneMany((r) => r.changed_by),
  },
  context: ({ ports }) => ({ related: relatedLoader(ports), now: ports.clock.now() }),
  load: ({ ports }) => listAnnotations(ports, layer.id),
  id: (r) => r.id,
  present: (records, _env, ctx) => Promise.all(records.map(async (r) => ({ ...(await toAnnotationDict(r, layer, ctx.related, ctx.now)) }))),
});
