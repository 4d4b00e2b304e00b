// The annotation layer pages' calls: layers and a layer's annotations through the typed API client.
import { api } from '../../api/client';
import type { ListArgs, ListPage } from '../../app/list/types';

export interface LayerRow {
  id: number;
  name: string;
  descr: string | null;
  changed_on_delta_humanized: string;
  created_by: string;
}

export interface AnnotationRow {
  id: number;
  short_descr: string;
  long_descr: string | null;
  start_dttm: string;
  end_dttm: string;
  json_metadata: string | null;
  changed_on_delta_humanized: string;
  created_by: string;
}

const person = (p: { first_name?: string; last_name?: string } | null | undefined) => (p ? `${p.first_name ?? ''} ${p.last_name ?? ''}`.trim() : '');

export async function fetchLayerPage(q: ListArgs): Promise<ListPage<LayerRow>> {
  const answer = await api.call('annotationLayer.list', { q: { ...q } });
  return {
    count: answer.count,
    result: answer.result.map((r) => ({
      id: Number(r.id),
      name: r.name ?? '',
      descr: r.descr ?? null,
      changed_on_delta_humanized: r.changed_on_delta_humanized ?? '',
      created_by: person(r.created_by),
    })),
  };
}

export const getLayer = async (id: number) => (await api.call('annotationLayer.get', { params: { pk: id } })).result;
export const createLayer = (body: { name: string; descr: string | null }) => api.call('annotationLayer.create', { body });
export const updateLayer = (id: number, body: { name: string; descr: string | null }) => api.call('annotationLayer.update', { params: { pk: id }, body });
export const deleteLayers = (ids: number[]) => api.call('annotationLayer.bulkDelete', { q: ids });

export async function fetchAnnotationPage(layerId: number, q: ListArgs): Promise<ListPage<AnnotationRow>> {
  const answer = await api.call('annotation.list', { params: { pk: layerId }, q: { ...q } });
  return {
    count: answer.count,
    result: answer.result.map((r) => ({
      id: Number(r.id),
      short_descr: r.short_descr ?? '',
      long_descr: r.long_descr ?? null,
      start_dttm: r.start_dttm ?? '',
      end_dttm: r.end_dttm ?? '',
      json_metadata: r.json_metadata ?? null,
      changed_on_delta_humanized: r.changed_on_delta_humanized ?? '',
      created_by: person(r.created_by),
    })),
  };
}

export interface AnnotationBody {
  short_descr: string;
  long_descr: string | null;
  start_dttm: string;
  end_dttm: string;
  json_metadata: string | null;
}
export const createAnnotation = (layerId: number, body: AnnotationBody) => api.call('annotation.create', { params: { pk: layerId }, body });
export const updateAnnotation = (layerId: number, id: number, body: AnnotationBody) =>
  api.call('annotation.update', { params: { pk: layerId, annotation_id: id }, body });
export const deleteAnnotations = (layerId: number, ids: number[]) => api.call('annotation.bulkDelete', { params: { pk: layerId }, q: ids });
