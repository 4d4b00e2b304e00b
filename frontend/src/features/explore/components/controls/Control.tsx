// One control of the panel: its label, the input for its type, and its validation messages.
import type { ControlProps } from './types';
import { ColumnControl } from './ColumnControl';
import { MetricControl } from './MetricControl';
import { FilterControl } from './FilterControl';
import { DateFilterControl } from './DateFilterControl';
import { AnnotationLayerControl } from './annotations/AnnotationLayerControl';
import { BoundsControl, CheckboxControl, ColorPickerControl, ColorSchemeControl, NumberControl, SelectControl, TextControl } from './SimpleControls';

function Input(props: ControlProps) {
  switch (props.ctl.type) {
    case 'DndMetricSelect':
      return <MetricControl {...props} />;
    case 'DndColumnSelect':
      return <ColumnControl {...props} />;
    case 'DndFilterSelect':
      return <FilterControl {...props} />;
    case 'DateFilterControl':
      return <DateFilterControl {...props} />;
    case 'SelectControl':
    case 'CurrencyControl':
      return <SelectControl {...props} />;
    case 'CheckboxControl':
      return <CheckboxControl {...props} />;
    case 'TextControl':
    case 'TextAreaControl':
      return <TextControl {...props} />;
    case 'NumberControl':
    case 'SliderControl':
      return <NumberControl {...props} />;
    case 'BoundsControl':
      return <BoundsControl {...props} />;
    case 'ColorSchemeControl':
      return <ColorSchemeControl {...props} />;
    case 'ColorPickerControl':
      return <ColorPickerControl {...props} />;
    case 'AnnotationLayerControl':
      return <AnnotationLayerControl {...props} />;
    case 'HiddenControl':
      return null;
  }
}

export function Control({ errors, ...props }: ControlProps & { errors: string[] }) {
  if (props.ctl.type === 'HiddenControl') return null;
  const errorId = errors.length ? `control-error-${props.ctl.name}` : undefined;
  return (
    <div className={`control${errors.length ? ' control--invalid' : ''}`} data-control={props.ctl.name}>
      <div className="control__label" title={props.ctl.description}>
        {props.ctl.label}
      </div>
      <Input {...props} errorId={errorId} />
      {errors.length > 0 && (
        <ul className="control__errors" id={errorId}>
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
