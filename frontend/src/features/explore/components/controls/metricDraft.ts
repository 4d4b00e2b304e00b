// The metric popover's fields as plain data: read from a chosen metric (a saved metric's name or an
// adhoc SIMPLE / SQL metric) so a chip opens the editor on its own tab, filled in, and written back
// as the metric the chart data request takes. Pure, so the editor and its tests share it.
export type MetricTab = 'SAVED' | 'SIMPLE' | 'SQL';

export interface MetricDraft {
  tab: MetricTab;
  savedName: string;
  column: string;
  aggregate: string;
  sql: string;
  /** The custom label typed by the user ('' when the label is derived). */
  label: string;
  /** Kept across edits so the chart's column config and ordering still find the metric. */
  optionName: string | null;
}

interface AdhocMetricValue {
  expressionType?: string;
  column?: { column_name?: string } | null;
  aggregate?: string | null;
  sqlExpression?: string | null;
  label?: string | null;
  hasCustomLabel?: boolean;
  optionName?: string;
}

/** Superset's SQL for a SIMPLE metric, which the Custom SQL tab starts from. */
export function simpleMetricSql(aggregate: string, column: string): string {
  if (!column) return aggregate === 'COUNT' ? 'COUNT(*)' : '';
  return aggregate === 'COUNT_DISTINCT' ? `COUNT(DISTINCT ${column})` : `${aggregate}(${column})`;
}

/**
 * The editor's fields for `metric`: the tab of its kind (a new metric opens on Saved when the
 * dataset has saved metrics, else Simple; a dropped column opens Simple on that column).
 */
export function draftFromMetric(metric: unknown, savedMetrics: string[], droppedColumn?: string): MetricDraft {
  const blank: MetricDraft = { tab: 'SIMPLE', savedName: savedMetrics[0] ?? '', column: '', aggregate: 'SUM', sql: '', label: '', optionName: null };
  if (metric === undefined || metric === null) {
    if (droppedColumn) return { ...blank, column: droppedColumn };
    return { ...blank, tab: savedMetrics.length ? 'SAVED' : 'SIMPLE' };
  }
  if (typeof metric === 'string') return { ...blank, tab: 'SAVED', savedName: metric };
  const m = metric as AdhocMetricValue;
  const label = m.hasCustomLabel ? String(m.label ?? '') : '';
  const optionName = m.optionName ?? null;
  if (m.expressionType === 'SQL') return { ...blank, tab: 'SQL', sql: String(m.sqlExpression ?? ''), label, optionName };
  const column = m.column?.column_name ?? '';
  const aggregate = m.aggregate ?? 'SUM';
  return { ...blank, tab: 'SIMPLE', column, aggregate, sql: simpleMetricSql(aggregate, column), label, optionName };
}

export function canSaveDraft(d: MetricDraft): boolean {
  if (d.tab === 'SAVED') return Boolean(d.savedName);
  if (d.tab === 'SIMPLE') return Boolean(d.aggregate && (d.column || d.aggregate === 'COUNT'));
  return Boolean(d.sql.trim());
}

const newOptionName = () => `metric_${Math.random().toString(36).slice(2, 10)}`;

/** The metric the draft describes; an edited adhoc metric keeps its optionName. */
export function metricFromDraft(d: MetricDraft): unknown {
  if (d.tab === 'SAVED') return d.savedName;
  const custom = d.label.trim();
  const optionName = d.optionName ?? newOptionName();
  if (d.tab === 'SIMPLE') {
    const name = `${d.aggregate}(${d.column})`;
    return { expressionType: 'SIMPLE', column: d.column ? { column_name: d.column } : null, aggregate: d.aggregate, sqlExpression: null, label: custom || name, hasCustomLabel: Boolean(custom), optionName };
  }
  const sql = d.sql.trim();
  return { expressionType: 'SQL', sqlExpression: sql, label: custom || sql, hasCustomLabel: Boolean(custom), optionName };
}
