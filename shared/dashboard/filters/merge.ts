// Merging data masks into a chart's form data (Superset's mergeExtraFormData): filters and adhoc
// filters are appended (marked isExtra), time range, granularity and time grain are overridden by the
// last filter that sets them.
import type { ExtraFormData } from './types';

const APPEND_KEYS = ['filters', 'adhoc_filters', 'interactive_groupby', 'interactive_highlight', 'interactive_drilldown'] as const;
const OVERRIDE_KEYS = ['time_range', 'granularity_sqla', 'granularity', 'time_grain_sqla', 'time_column', 'time_grain', 'relative_start', 'relative_end'] as const;

export function mergeExtraFormData(base: ExtraFormData = {}, next: ExtraFormData = {}): ExtraFormData {
  const out: Record<string, unknown> = { ...base };
  for (const key of APPEND_KEYS) {
    const add = next[key] as unknown[] | undefined;
    if (!add?.length) continue;
    const marked = key === 'filters' ? add.map((f) => ({ ...(f as object), isExtra: true })) : add;
    out[key] = [...((base[key] as unknown[] | undefined) ?? []), ...marked];
  }
  for (const key of OVERRIDE_KEYS) if (next[key] !== undefined) out[key] = next[key];
  return out as ExtraFormData;
}

export const mergeAll = (parts: ExtraFormData[]) => parts.reduce<ExtraFormData>((acc, part) => mergeExtraFormData(acc, part), {});
