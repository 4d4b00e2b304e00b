// The "Annotation Layers" control: the chart's layers with their query state (loading, or the error
// of their last query: 'Query timeout' and others), and the editor to add, change or remove one.
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { annotationLayersOf, type AnnotationLayer } from '../../../../../../../shared/viz/annotations/types';
import { exploreStore } from '../../../state/exploreStore';
import type { ControlProps } from '../types';
import { AnnotationLayerEditor, newLayer } from './AnnotationLayerEditor';

export function AnnotationLayerControl({ value, onChange }: ControlProps) {
  const layers = annotationLayersOf(value);
  const chart = useSnapshot(exploreStore).chart;
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const names = (except: number | null) => layers.filter((_, i) => i !== except).map((l) => l.name);
  const replace = (index: number, layer: AnnotationLayer | null) => {
    const next = layers.flatMap((l, i) => (i === index ? (layer ? [layer] : []) : [l]));
    onChange(next);
    setEditing(null);
  };
  return (
    <div className="annotation-layers">
      <ul className="annotation-layers__list" aria-label="Annotation layers">
        {layers.map((layer, i) => {
          const error = chart.annotationError[layer.name];
          const loading = layer.name in chart.annotationQuery;
          return (
            <li key={layer.name}>
              <button type="button" className="button button--ghost" aria-label={`Edit annotation layer ${layer.name}`} onClick={() => setEditing(i)}>
                {layer.name}
                {!layer.show && ' (hidden)'}
              </button>
              {loading && <span role="status"> Loading…</span>}
              {error && (
                <span role="alert" className="control__errors">
                  {' '}
                  {error}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {editing === null && (
        <button type="button" className="button button--ghost" onClick={() => setEditing('new')}>
          Add annotation layer
        </button>
      )}
      {editing === 'new' && (
        <AnnotationLayerEditor initial={newLayer()} takenNames={names(null)} onCancel={() => setEditing(null)} onApply={(layer) => { onChange([...layers, layer]); setEditing(null); }} />
      )}
      {typeof editing === 'number' && layers[editing] && (
        <AnnotationLayerEditor
          initial={layers[editing]}
          takenNames={names(editing)}
          onCancel={() => setEditing(null)}
          onApply={(layer) => replace(editing, layer)}
          onRemove={() => replace(editing, null)}
        />
      )}
    </div>
  );
}
