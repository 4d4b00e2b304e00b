// Annotation layers and their annotations: /api/v1/annotation_layer/ (one Lambda).
import { bulkDeleteAnnotations, createAnnotation, deleteAnnotation, getAnnotation, listLayerAnnotations, updateAnnotation } from '../annotations/annotations';
import {
  annotationLayerInfo,
  annotationLayerRelated,
  bulkDeleteLayers,
  createLayer,
  deleteLayer,
  getLayer,
  listAnnotationLayers,
  updateLayer,
} from '../annotations/layers';
import { httpModule } from '../http/httpModule';
import { getPorts } from '../ports/index';

export const handler = httpModule({
  'annotationLayer.list': (req) => listAnnotationLayers(getPorts(), req.user, req.q),
  'annotationLayer.create': (req) => createLayer(getPorts(), req.user, req.body),
  'annotationLayer.bulkDelete': (req) => bulkDeleteLayers(getPorts(), req.user, req.q),
  'annotationLayer.info': (req) => annotationLayerInfo(req.user, req.q),
  'annotationLayer.related': (req) => annotationLayerRelated(getPorts(), req.user, req.params.column, req.q),
  'annotationLayer.get': (req) => getLayer(getPorts(), req.user, req.params.pk, req.q),
  'annotationLayer.update': (req) => updateLayer(getPorts(), req.user, req.params.pk, req.body),
  'annotationLayer.delete': (req) => deleteLayer(getPorts(), req.user, req.params.pk),
  'annotation.list': (req) => listLayerAnnotations(getPorts(), req.user, req.params.pk, req.q),
  'annotation.create': (req) => createAnnotation(getPorts(), req.user, req.params.pk, req.body),
  'annotation.bulkDelete': (req) => bulkDeleteAnnotations(getPorts(), req.user, req.params.pk, req.q),
  'annotation.get': (req) => getAnnotation(getPorts(), req.user, req.params.pk, req.params.annotation_id, req.q),
  'annotation.update': (req) => updateAnnotation(getPorts(), req.user, req.params.pk, req.params.annotation_id, req.body),
  'annotation.delete': (req) => deleteAnnotation(getPorts(), req.user, req.params.pk, req.params.annotation_id),
});
