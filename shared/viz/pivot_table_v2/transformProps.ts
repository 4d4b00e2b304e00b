// Pivot table props: the pivot of the answer by rows and columns (transposed on request), values formatted
// with the value format (fractions as percents), dimension values as strings (dates formatted).
import type { PivotProps, TransformPropsInput } from '../types';
import { GenericDataType } from '../query/contract';
import { ensureArray, getColumnLabel, getMetricLabel } from '../controls/formDataUtils';
import { getCurrencyFormatter, getNumberFormatter, getTimeFormatterForGranularity, SMART_DATE, type Currency } from '../format/index';
import { formatDimension } from '../echarts/dimensions';
import { buildPivot } from './pivot';
import type { AggregateFunction, SortOrder } from './types';

export function transformProps(input: TransformPropsInput): PivotProps {
  const { formData, queriesData, width, height } = input;
  const result = queriesData[0];
  const labels = (key: string) => ensureArray(formData[key]).map((c) => getColumnLabel(c as never));
  let rowFields = labels('groupbyRows');
  let colFields = labels('groupbyColumns');
  if (formData.transposePivot) [rowFields, colFields] = [colFields, rowFields];
  const metrics = ensureArray(formData.metrics).map((m) => getMetricLabel(m as never));
  const fn = (formData.aggregateFunction as AggregateFunction | undefined) ?? 'Sum';
  const types = new Map((result?.colnames ?? []).map((n, i) => [n, result?.coltypes?.[i]]));
  // Smart dates label a grain's buckets as Superset's pivot does: by the grain's own pattern (2013-04).
  const dateFormat = formData.date_format as string | undefined;
  const grain = formData.time_grain_sqla as string | undefined;
  const timeFormat = (!dateFormat || dateFormat === SMART_DATE) && grain ? getTimeFormatterForGranularity(grain) : null;
  const label = (field: string, v: unknown) => {
    const temporal = types.get(field) === GenericDataType.Temporal;
    return temporal && timeFormat && typeof v === 'number' ? timeFormat(v) : formatDimension(v, temporal, dateFormat);
  };
  const pivot = buildPivot(result?.data ?? [], rowFields, colFields, metrics, fn, label, {
    rows: (formData.rowOrder as SortOrder | undefined) ?? 'key_a_to_z',
    cols: (formData.colOrder as SortOrder | undefined) ?? 'key_a_to_z',
  });
  const currency = formData.currency_format as Currency | null | undefined;
  const spec = fn.includes('as Fraction of') ? '.1%' : (formData.valueFormat as string | undefined);
  const number = currency?.symbol && !fn.includes('as Fraction of') ? getCurrencyFormatter(currency, spec) : getNumberFormatter(spec);
  return {
    kind: 'pivot',
    rowFields,
    colFields,
    metrics,
    metricsLayout: formData.metricsLayout === 'ROWS' ? 'ROWS' : 'COLUMNS',
    rowKeys: pivot.rowKeys,
    colKeys: pivot.colKeys,
    value: pivot.value,
    rowTotals: Boolean(formData.rowTotals),
    colTotals: Boolean(formData.colTotals),
    format: (v) => (v === null ? '' : number(v)),
    width,
    height,
    formData,
  };
}
