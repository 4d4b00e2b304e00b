// The "Annotations and Layers" section of the time-series control panels (Superset's
// annotationLayers section): one control holding the list of layers (form data `annotation_layers`).
import { control, type ControlPanelSection } from '../controls/types';
import { AnnotationLayerSchema } from './types';

export const annotation_layers = control('annotation_layers', {
  type: 'AnnotationLayerControl',
  label: 'Annotation Layers',
  default: [],
  description: 'Annotation layers to overlay on the visualization',
  validators: [
    (value) => {
      if (!Array.isArray(value)) return false;
      const names = value.map((l) => (l as { name?: unknown })?.name);
      if (new Set(names).size !== names.length) return 'Annotation layer names must be unique';
      return value.every((l) => AnnotationLayerSchema.safeParse(l).success) ? false : 'An annotation layer is incomplete';
    },
  ],
});

export const annotationsSection: ControlPanelSection = {
  label: 'Annotations and Layers',
  tab: 'data',
  expanded: false,
  controlSetRows: [[annotation_layers]],
};
