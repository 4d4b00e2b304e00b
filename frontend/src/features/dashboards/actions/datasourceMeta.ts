// A dataset as the dashboard's charts read it (columns, metrics, labels, formats), from the dashboard's
// datasets call or the datasource metadata call of a chart added in edit mode. Pure.
import type { DatasourceMeta } from '../../../../../shared/viz/types';

/** What the viz plugins read of a dataset (columns, metrics, labels) from the datasets call's answer. */
export function datasourceMeta(ds: Record<string, unknown>): DatasourceMeta & { table_name: string } {
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object') : []);
  return {
    table_name: String(ds.table_name ?? ds.datasource_name ?? ''),
    columns: list(ds.columns).map((c) => ({ column_name: String(c.column_name), verbose_name: typeof c.verbose_name === 'string' ? c.verbose_name : null, type: typeof c.type === 'string' ? c.type : null, is_dttm: c.is_dttm === true })),
    metrics: list(ds.metrics).map((m) => ({ metric_name: String(m.metric_name), verbose_name: typeof m.verbose_name === 'string' ? m.verbose_name : null, d3format: typeof m.d3format === 'string' ? m.d3format : null })),
    verbose_map: parseJson(ds.verbose_map) as Record<string, string>,
    column_formats: parseJson(ds.column_formats) as Record<string, string>,
    main_dttm_col: typeof ds.main_dttm_col === 'string' ? ds.main_dttm_col : null,
  };
}

export const parseJson = (text: unknown): Record<string, unknown> => {
  try {
    const v = typeof text === 'string' ? JSON.parse(text) : text;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};
