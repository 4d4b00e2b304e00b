// The time range control: the spec's range forms (No filter, Last ..., previous calendar ..., Current
// ..., advanced 'start : end' with dates or expressions), typed or picked, with the actual range.
import type { ControlProps } from './types';
import { TimeRangeInput } from './TimeRangeInput';

export function DateFilterControl({ ctl, value, formData, onChange, errorId }: ControlProps) {
  const column = typeof formData.granularity_sqla === 'string' ? formData.granularity_sqla : undefined;
  return <TimeRangeInput value={String(value ?? 'No filter')} column={column} label={ctl.label} describedBy={errorId} onChange={onChange} />;
}
