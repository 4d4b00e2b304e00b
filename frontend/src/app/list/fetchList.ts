// Helpers for list pages: the options of a related/distinct lookup answer ({count, result: [{value,
// text}]}) for a select filter.
import type { SelectOption } from './types';

export const toOptions = (answer: { result: { value: string | number; text: string }[] }): SelectOption[] =>
  answer.result.map((o) => ({ value: o.value, label: o.text }));
