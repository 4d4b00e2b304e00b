// The time range control: the spec's range forms (No filter, Last ..., previous calendar ..., Current
// ..., custom dates, advanced 'start : end' with dates or expressions) in the time range picker.
import type { ControlProps } from './types';
import { TimeRangePicker } from './TimeRangePicker';

export function DateFilterControl({ ctl, value, formData, onChange, errorId }: ControlProps) {
  const column = typeof formData.granularity_sqla === 'string' ? formData.granularity_sqla : undefined;
  return <TimeRangePicker value={String(value ?? 'No filter')} column={column} label={ctl.label} describedBy={errorId} onChange={onChange} />;
}
