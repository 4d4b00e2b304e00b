// One annotation layer's popover (Superset's AnnotationLayer): name, type, source and value (a
// formula, an annotation layer or a saved chart), the source chart's columns and overrides, and how
// it is drawn (style, color, opacity, width, label, markers, hidden).
import { useEffect, useState } from 'react';
import {
  ANNOTATION_OPACITIES,
  ANNOTATION_STYLES,
  ANNOTATION_TYPES,
  ANNOTATION_TYPE_LABELS,
  AnnotationLayerSchema,
  SOURCES_BY_TYPE,
  SOURCE_LABELS,
  type AnnotationLayer,
  type AnnotationLayerInput,
  type AnnotationSourceType,
  type AnnotationType,
} from '../../../../../../../shared/viz/annotations/types';
import { FormulaError, compileFormula } from '../../../../../../../shared/viz/annotations/formula';
import { fetchSourceChoices, type SourceChoice } from './annotationSources';

const STYLE_LABELS: Record<string, string> = { solid: 'Solid', dashed: 'Dashed', longDashed: 'Long dashed', dotted: 'Dotted' };
const OPACITY_LABELS: Record<string, string> = { '': 'Opaque', opacityLow: 'Low', opacityMedium: 'Medium', opacityHigh: 'High' };
const OVERRIDES: [key: string, label: string][] = [
  ['time_range', 'Override time range'],
  ['time_grain_sqla', 'Override time grain'],
  ['granularity', 'Override time column'],
];

export const newLayer = (): AnnotationLayerInput => ({ name: '', annotationType: 'FORMULA', sourceType: '', value: '', show: true, showLabel: false, overrides: {}, style: 'solid', opacity: '', width: 1 });

function formulaError(text: string): string | null {
  try {
    compileFormula(text);
    return null;
  } catch (error) {
    return error instanceof FormulaError ? error.message : String(error);
  }
}

interface Props {
  initial: AnnotationLayerInput;
  takenNames: string[];
  onApply: (layer: AnnotationLayer) => void;
  onRemove?: () => void;
  onCancel: () => void;
}

export function AnnotationLayerEditor({ initial, takenNames, onApply, onRemove, onCancel }: Props) {
  const [layer, setLayer] = useState<AnnotationLayerInput>(initial);
  const [choices, setChoices] = useState<SourceChoice[]>([]);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const set = (patch: Partial<AnnotationLayerInput>) => setLayer((l) => ({ ...l, ...patch }));
  const type = layer.annotationType as AnnotationType;
  const source = (layer.sourceType ?? '') as AnnotationSourceType;
  const chartSource = source === 'table' || source === 'line';

  useEffect(() => {
    let live = true;
    setChoices([]);
    setChoiceError(null);
    fetchSourceChoices(source)
      .then((c) => live && setChoices(c))
      .catch((e: unknown) => live && setChoiceError(e instanceof Error ? e.message : 'An error occurred'));
    return () => {
      live = false;
    };
  }, [source]);

  const changeType = (next: AnnotationType) => set({ annotationType: next, sourceType: SOURCES_BY_TYPE[next][0], value: '' });
  const parsed = AnnotationLayerSchema.safeParse({ ...layer, name: String(layer.name ?? '').trim() });
  const duplicate = takenNames.includes(String(layer.name ?? '').trim());
  const problem =
    !String(layer.name ?? '').trim() ? 'Name is required'
    : duplicate ? 'Annotation layer names must be unique'
    : type === 'FORMULA' ? formulaError(String(layer.value ?? ''))
    : layer.value === '' || layer.value === null ? 'Choose a value'
    : !parsed.success ? 'The layer is incomplete'
    : null;
  const overrides = (layer.overrides ?? {}) as Record<string, unknown>;
  const toggleOverride = (key: string, on: boolean) => {
    const next = { ...overrides };
    if (on) next[key] = null;
    else delete next[key];
    set({ overrides: next });
  };

  return (
    <div className="popover annotation-editor" role="dialog" aria-label={initial.name ? `Edit annotation layer ${initial.name}` : 'Add annotation layer'}>
      <label className="control">
        <span className="control__label">Name</span>
        <input className="input" aria-label="Annotation layer name" value={String(layer.name ?? '')} onChange={(e) => set({ name: e.target.value })} />
      </label>
      <label className="control">
        <span className="control__label">Annotation layer type</span>
        <select className="input" aria-label="Annotation layer type" value={type} onChange={(e) => changeType(e.target.value as AnnotationType)}>
          {ANNOTATION_TYPES.map((t) => (
            <option key={t} value={t}>
              {ANNOTATION_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </label>
      {type !== 'FORMULA' && (
        <label className="control">
          <span className="control__label">Annotation source</span>
          <select className="input" aria-label="Annotation source" value={source} onChange={(e) => set({ sourceType: e.target.value as AnnotationSourceType, value: '' })}>
            {SOURCES_BY_TYPE[type].map((s) => (
              <option key={s} value={s}>
                {SOURCE_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      )}
      {type === 'FORMULA' ? (
        <label className="control">
          <span className="control__label">Formula</span>
          <input className="input" aria-label="Formula" placeholder="y = 2 * x + 1" value={String(layer.value ?? '')} onChange={(e) => set({ value: e.target.value })} />
        </label>
      ) : (
        <label className="control">
          <span className="control__label">{source === 'NATIVE' ? 'Annotation layer' : 'Chart'}</span>
          <select className="input" aria-label={source === 'NATIVE' ? 'Annotation layer' : 'Chart'} value={String(layer.value ?? '')} onChange={(e) => set({ value: e.target.value ? Number(e.target.value) : '' })}>
            <option value="">Select…</option>
            {choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
          {choiceError && <span role="alert" className="control__errors">{choiceError}</span>}
        </label>
      )}
      {source === 'table' && (
        <>
          {([['titleColumn', 'Title column'], ['timeColumn', 'Time column'], ...(type === 'INTERVAL' ? [['intervalEndColumn', 'Interval end column']] : [])] as [keyof AnnotationLayerInput, string][]).map(([key, label]) => (
            <label key={key} className="control">
              <span className="control__label">{label}</span>
              <input className="input" aria-label={label} value={String(layer[key] ?? '')} onChange={(e) => set({ [key]: e.target.value || null })} />
            </label>
          ))}
          <label className="control">
            <span className="control__label">Description columns</span>
            <input className="input" aria-label="Description columns" placeholder="comma separated" value={(layer.descriptionColumns ?? []).join(', ')} onChange={(e) => set({ descriptionColumns: e.target.value.split(',').map((s) => s.trim()).filter(Boolean) })} />
          </label>
        </>
      )}
      {chartSource && (
        <fieldset className="annotation-editor__group">
          <legend>Overrides</legend>
          {OVERRIDES.map(([key, label]) => (
            <label key={key}>
              <input type="checkbox" aria-label={label} checked={key in overrides} onChange={(e) => toggleOverride(key, e.target.checked)} /> {label}
            </label>
          ))}
          <label className="control">
            <span className="control__label">Time shift</span>
            <input className="input" aria-label="Time shift" placeholder="1 week ago" value={String(overrides.time_shift ?? '')} onChange={(e) => {
              const next = { ...overrides };
              if (e.target.value.trim()) next.time_shift = e.target.value;
              else delete next.time_shift;
              set({ overrides: next });
            }} />
          </label>
        </fieldset>
      )}
      <fieldset className="annotation-editor__group">
        <legend>Display configuration</legend>
        <label className="control">
          <span className="control__label">Style</span>
          <select className="input" aria-label="Style" value={String(layer.style ?? 'solid')} onChange={(e) => set({ style: e.target.value as AnnotationLayer['style'] })}>
            {ANNOTATION_STYLES.map((s) => (
              <option key={s} value={s}>
                {STYLE_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="control">
          <span className="control__label">Opacity</span>
          <select className="input" aria-label="Opacity" value={String(layer.opacity ?? '')} onChange={(e) => set({ opacity: e.target.value as AnnotationLayer['opacity'] })}>
            {ANNOTATION_OPACITIES.map((o) => (
              <option key={o} value={o}>
                {OPACITY_LABELS[o]}
              </option>
            ))}
          </select>
        </label>
        <label className="control">
          <span className="control__label">Color</span>
          <input type="color" aria-label="Color" value={layer.color || '#000000'} onChange={(e) => set({ color: e.target.value })} />
        </label>
        <label className="control">
          <span className="control__label">Line width</span>
          <input type="number" className="input" aria-label="Line width" min={0} max={50} value={Number(layer.width ?? 1)} onChange={(e) => set({ width: Number(e.target.value) })} />
        </label>
        <label>
          <input type="checkbox" aria-label="Show label" checked={Boolean(layer.showLabel)} onChange={(e) => set({ showLabel: e.target.checked })} /> Show label
        </label>
        {type === 'TIME_SERIES' && (
          <>
            <label>
              <input type="checkbox" aria-label="Show markers" checked={Boolean(layer.showMarkers)} onChange={(e) => set({ showMarkers: e.target.checked })} /> Show markers
            </label>
            <label>
              <input type="checkbox" aria-label="Hide line" checked={Boolean(layer.hideLine)} onChange={(e) => set({ hideLine: e.target.checked })} /> Hide line
            </label>
          </>
        )}
        <label>
          <input type="checkbox" aria-label="Hide layer" checked={layer.show === false} onChange={(e) => set({ show: !e.target.checked })} /> Hide layer
        </label>
      </fieldset>
      {problem && <p className="control__errors" role="status">{problem}</p>}
      <div className="popover__actions">
        {onRemove && (
          <button type="button" className="button button--ghost" onClick={onRemove}>
            Remove
          </button>
        )}
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button button--primary" disabled={Boolean(problem)} onClick={() => parsed.success && onApply(parsed.data)}>
          OK
        </button>
      </div>
    </div>
  );
}
