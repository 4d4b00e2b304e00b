// The range types of the time range picker (Superset's DateFilterControl frames: Last, Previous,
// Current, Custom, Advanced, No filter): which type a time_range value is, the choices of each
// common type, and the value a custom start and end make. Pure; the grammar is shared/timeRange.
import { NO_TIME_RANGE, SEPARATOR } from '../../../../../../shared/timeRange/index';

export type RangeType = 'Last' | 'Previous' | 'Current' | 'Custom' | 'Advanced' | 'No filter';
export const RANGE_TYPES: RangeType[] = ['Last', 'Previous', 'Current', 'Custom', 'Advanced', 'No filter'];

/** The ranges each common type offers, as the time_range values they are. */
export const COMMON_RANGES: Record<'Last' | 'Previous' | 'Current', string[]> = {
  Last: ['Last day', 'Last week', 'Last month', 'Last quarter', 'Last year'],
  Previous: ['previous calendar week', 'previous calendar month', 'previous calendar quarter', 'previous calendar year'],
  Current: ['Current day', 'Current week', 'Current month', 'Current quarter', 'Current year'],
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T00:00:00)?$/;

/** A custom range: each side a calendar date or open. */
export function customParts(value: string): { start: string; end: string } | null {
  if (!value.includes(SEPARATOR)) return null;
  const cut = value.indexOf(SEPARATOR);
  const [start, end] = [value.slice(0, cut).trim(), value.slice(cut + SEPARATOR.length).trim()];
  if ((start && !ISO_DATE.test(start)) || (end && !ISO_DATE.test(end)) || (!start && !end)) return null;
  return { start: start.slice(0, 10), end: end.slice(0, 10) };
}

/** The range type a time_range value is shown under when the picker opens. */
export function rangeTypeOf(value: string | null | undefined): RangeType {
  const v = (value ?? '').trim();
  if (!v || v === NO_TIME_RANGE) return 'No filter';
  for (const type of ['Last', 'Previous', 'Current'] as const) if (COMMON_RANGES[type].some((r) => r.toLowerCase() === v.toLowerCase())) return type;
  return customParts(value ?? '') ? 'Custom' : 'Advanced';
}

/** The time_range of a custom start and end date (either may be left open). */
export const customRange = (start: string, end: string): string => (start || end ? `${start}${SEPARATOR}${end}` : NO_TIME_RANGE);

/** The value a range type starts from when the user switches to it. */
export function firstValueOf(type: RangeType, current: string): string {
  if (type === 'No filter') return NO_TIME_RANGE;
  if (type === 'Custom') return customParts(current) ? current : NO_TIME_RANGE;
  if (type === 'Advanced') return current === NO_TIME_RANGE ? '' : current;
  return COMMON_RANGES[type].find((r) => r.toLowerCase() === current.toLowerCase()) ?? COMMON_RANGES[type][0];
}

/** What the picker's button shows: the range as chosen ('Last year', '2024-01-01 : 2024-02-01'). */
export const timeRangeLabel = (value: string | null | undefined): string => (value && value.trim() ? value : NO_TIME_RANGE);
