// Explore transitions on the dataset and on metrics (spec §4): a datasource change remaps metric,
// column and option controls; renaming a metric renames its column config.
import type { DatasourceMeta, FormData } from '../types';
import type { AdhocColumn, AdhocFilter, Metric } from '../query/contract';
import type { ControlPanelConfig } from '../controls/types';
import { requirePlugin } from '../registry';
import { panelControls } from './controls';
import { temporalColumnsLookup } from './initialFormData';
import { getMetricLabel, isAdhocColumn } from '../controls/formDataUtils';

function metricFits(metric: unknown, columns: Set<string>, saved: Set<string>): boolean {
  if (typeof metric === 'string') return saved.has(metric);
  const m = metric as Metric & { expressionType?: string; column?: { column_name?: string } | null };
  if (!m || typeof m !== 'object') return false;
  // A SQL metric is the analyst's own expression: kept, and checked by the server on the next run.
  if (m.expressionType === 'SQL') return true;
  return !m.column?.column_name || columns.has(m.column.column_name);
}

function columnFits(column: unknown, columns: Set<string>): boolean {
  if (typeof column === 'string') return columns.has(column);
  if (isAdhocColumn(column)) return !(column as AdhocColumn).isColumnReference || columns.has((column as AdhocColumn).sqlExpression);
  return false;
}

function filterFits(filter: AdhocFilter, columns: Set<string>): boolean {
  if (filter.expressionType === 'SQL') return true;
  return typeof filter.subject === 'string' ? columns.has(filter.subject) : columnFits(filter.subject, columns);
}

/**
 * The form data on a new dataset: metrics and columns the new dataset lacks are dropped from their
 * controls (a single one becomes null), simple filters on missing columns go, temporal columns are
 * recomputed and the datasource key replaced.
 */
export function remapForDatasource(formData: FormData, datasourceKey: string, datasource: DatasourceMeta, panel?: ControlPanelConfig): FormData {
  const controls = panelControls(panel ?? requirePlugin(formData.viz_type).controlPanel);
  const columns = new Set((datasource.columns ?? []).map((c) => c.column_name));
  const saved = new Set((datasource.metrics ?? []).map((m) => m.metric_name));
  const next: FormData = { ...formData, datasource: datasourceKey, temporal_columns_lookup: temporalColumnsLookup(datasource) };
  for (const ctl of controls) {
    const value = formData[ctl.name];
    if (value === undefined || value === null) continue;
    const fits =
      ctl.type === 'DndMetricSelect' ? (v: unknown) => metricFits(v, columns, saved)
      : ctl.type === 'DndColumnSelect' ? (v: unknown) => columnFits(v, columns)
      : ctl.type === 'DndFilterSelect' ? (v: unknown) => filterFits(v as AdhocFilter, columns)
      : null;
    if (!fits) continue;
    next[ctl.name] = Array.isArray(value) ? value.filter(fits) : fits(value) ? value : null;
  }
  return next;
}

/** column_config is keyed by metric label: a renamed metric keeps its column settings. */
export function renameMetricColumnConfig(formData: FormData, from: string, to: string): FormData {
  const config = formData.column_config as Record<string, unknown> | undefined;
  if (!config || !(from in config) || from === to) return formData;
  const { [from]: moved, ...rest } = config;
  return { ...formData, column_config: { ...rest, [to]: moved } };
}

/**
 * A metric edited in place (same position, new label) carries its column config to the new label;
 * `before` and `after` are the control's values before and after the edit.
 */
export function renameEditedMetrics(formData: FormData, before: unknown, after: unknown): FormData {
  const prev = Array.isArray(before) ? before : before === null || before === undefined ? [] : [before];
  const next = Array.isArray(after) ? after : after === null || after === undefined ? [] : [after];
  if (prev.length !== next.length) return formData;
  return prev.reduce<FormData>((fd, metric, i) => renameMetricColumnConfig(fd, getMetricLabel(metric as Metric), getMetricLabel(next[i] as Metric)), formData);
}
