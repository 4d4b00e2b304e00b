// The plain controls: selects (free-form ones accept typed values), checkboxes, text, numbers,
// sliders, bounds, color scheme and color picker.
import { controlChoices } from '../../../../../../shared/viz/explore/index';
import { CATEGORICAL_SCHEMES, SEQUENTIAL_SCHEMES } from '../../../../../../shared/viz/color/schemes';
import type { ControlProps } from './types';
import { asArray } from './types';

const encode = (v: unknown) => JSON.stringify(v ?? null);

export function SelectControl({ ctl, value, formData, onChange, errorId }: ControlProps) {
  const choices = controlChoices(ctl, formData);
  if (ctl.freeForm && !ctl.multi) {
    const listId = `choices-${ctl.name}`;
    return (
      <>
        <input className="input" list={listId} aria-label={ctl.label} aria-describedby={errorId} value={value === null || value === undefined ? '' : String(value)} onChange={(e) => {
          const text = e.target.value;
          const known = choices.find(([v]) => String(v) === text);
          onChange(known ? known[0] : text === '' ? null : /^-?\d+$/.test(text) ? Number(text) : text);
        }} />
        <datalist id={listId}>
          {choices.map(([v, label]) => (
            <option key={String(v)} value={String(v)}>
              {label}
            </option>
          ))}
        </datalist>
      </>
    );
  }
  if (ctl.multi) {
    const chosen = asArray(value).map(encode);
    return (
      <select multiple className="input" aria-label={ctl.label} aria-describedby={errorId} value={chosen} onChange={(e) => onChange([...e.target.selectedOptions].map((o) => JSON.parse(o.value)))}>
        {choices.map(([v, label]) => (
          <option key={encode(v)} value={encode(v)}>
            {label}
          </option>
        ))}
      </select>
    );
  }
  return (
    <select className="input" aria-label={ctl.label} aria-describedby={errorId} value={encode(value)} onChange={(e) => onChange(JSON.parse(e.target.value))}>
      {(ctl.clearable !== false || !choices.some(([v]) => encode(v) === encode(value))) && <option value="null">{ctl.clearable === false ? 'Select…' : '—'}</option>}
      {choices.map(([v, label]) => (
        <option key={encode(v)} value={encode(v)}>
          {label}
        </option>
      ))}
    </select>
  );
}

export function CheckboxControl({ ctl, value, onChange, errorId }: ControlProps) {
  return <input type="checkbox" aria-label={ctl.label} aria-describedby={errorId} checked={Boolean(value)} onChange={(e) => onChange(e.target.checked)} />;
}

export function TextControl({ ctl, value, onChange, errorId }: ControlProps) {
  const text = value === null || value === undefined ? '' : String(value);
  if (ctl.type === 'TextAreaControl') return <textarea className="input" aria-label={ctl.label} aria-describedby={errorId} rows={3} value={text} onChange={(e) => onChange(e.target.value)} />;
  return <input className="input" aria-label={ctl.label} aria-describedby={errorId} value={text} onChange={(e) => onChange(e.target.value)} />;
}

export function NumberControl({ ctl, value, onChange, errorId }: ControlProps) {
  const slider = ctl.type === 'SliderControl';
  return (
    <input
      type={slider ? 'range' : 'number'}
      className="input"
      aria-label={ctl.label}
      aria-describedby={errorId}
      min={ctl.min}
      max={ctl.max}
      step={ctl.step}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
    />
  );
}

export function BoundsControl({ ctl, value, onChange }: ControlProps) {
  const [min, max] = Array.isArray(value) ? value : [null, null];
  const num = (s: string) => (s === '' ? null : Number(s));
  return (
    <span className="bounds">
      <input type="number" className="input" aria-label={`${ctl.label} min`} value={min ?? ''} onChange={(e) => onChange([num(e.target.value), max])} />
      <input type="number" className="input" aria-label={`${ctl.label} max`} value={max ?? ''} onChange={(e) => onChange([min, num(e.target.value)])} />
    </span>
  );
}

export function ColorSchemeControl({ ctl, value, onChange, errorId }: ControlProps) {
  const schemes = ctl.name.startsWith('linear') || ctl.name.includes('sequential') ? SEQUENTIAL_SCHEMES : CATEGORICAL_SCHEMES;
  return (
    <select className="input" aria-label={ctl.label} aria-describedby={errorId} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)}>
      {Object.entries(schemes).map(([name, s]) => (
        <option key={name} value={name}>
          {s.label}
        </option>
      ))}
    </select>
  );
}

const toHex = (v: unknown) => {
  const c = v as { r?: number; g?: number; b?: number } | string | null;
  if (typeof c === 'string') return c;
  if (!c) return '#000000';
  return `#${[c.r, c.g, c.b].map((n) => Number(n ?? 0).toString(16).padStart(2, '0')).join('')}`;
};

export function ColorPickerControl({ ctl, value, onChange }: ControlProps) {
  return (
    <input type="color" aria-label={ctl.label} value={toHex(value)} onChange={(e) => {
      const hex = e.target.value;
      onChange({ r: parseInt(hex.slice(1, 3), 16), g: parseInt(hex.slice(3, 5), 16), b: parseInt(hex.slice(5, 7), 16), a: 1 });
    }} />
  );
}
