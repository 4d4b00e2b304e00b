// Table props: one column per answer column, metric and percentage metric columns right-aligned and
// formatted (column config, else the dataset's format, else SMART_NUMBER; percentages .3%), temporal ones with the
// timestamp format, nulls as N/A; totals from the second query.
import type { TableColumn, TableProps, TransformPropsInput } from '../types';
import { GenericDataType } from '../query/contract';
import { ensureArray, getMetricLabel } from '../controls/formDataUtils';
import { getCurrencyFormatter, getNumberFormatter, getTimeFormatter, type Currency } from '../format/index';
import type { ColumnConfig } from './types';

export const NULL_LABEL = 'N/A';

function formatterFor(
  key: string,
  dataType: number,
  kind: { isMetric: boolean; isPercent: boolean },
  input: TransformPropsInput,
): (value: unknown) => string {
  const { formData, datasource } = input;
  const config = ((formData.column_config ?? {}) as Record<string, ColumnConfig>)[key] ?? {};
  if (dataType === GenericDataType.Temporal) {
    const time = getTimeFormatter(config.d3TimeFormat ?? (formData.table_timestamp_format as string | undefined));
    return (v) => (v === null || v === undefined ? NULL_LABEL : typeof v === 'number' ? time(v) : String(v));
  }
  if (kind.isMetric || kind.isPercent || dataType === GenericDataType.Numeric) {
    const spec = config.d3NumberFormat ?? (kind.isPercent ? '.3%' : (datasource?.column_formats?.[key] ?? undefined));
    const currency = formData.currency_format as Currency | null | undefined;
    // As Superset's table: a metric always gets a number format (the default, SMART_NUMBER, when
    // none is set: 158.45, not 158.4537037037037); another numeric column only a chosen one.
    const number = currency?.symbol && kind.isMetric ? getCurrencyFormatter(currency, spec) : spec || kind.isMetric ? getNumberFormatter(spec) : null;
    return (v) => {
      if (v === null || v === undefined) return NULL_LABEL;
      if (typeof v !== 'number') return String(v);
      return number ? number(v) : String(v);
    };
  }
  return (v) => (v === null || v === undefined ? NULL_LABEL : String(v));
}

export function transformProps(input: TransformPropsInput): TableProps {
  const { formData, queriesData, width, height, datasource } = input;
  const [result, totalsResult] = queriesData;
  const metricLabels = new Set(ensureArray(formData.metrics).map((m) => getMetricLabel(m as never)));
  const percentLabels = new Set(ensureArray(formData.percent_metrics).map((m) => `%${getMetricLabel(m as never)}`));
  const names = result?.colnames ?? Object.keys(result?.data?.[0] ?? {});
  const verbose = datasource?.verbose_map ?? {};
  const columns: TableColumn[] = names.map((key, i) => {
    const dataType = (result?.coltypes?.[i] ?? GenericDataType.String) as TableColumn['dataType'];
    const isPercentMetric = percentLabels.has(key);
    const isMetric = metricLabels.has(key) && !isPercentMetric;
    const numeric = isMetric || isPercentMetric || dataType === GenericDataType.Numeric;
    return {
      key,
      label: verbose[key] ?? key,
      isMetric,
      isPercentMetric,
      dataType,
      align: numeric ? 'right' : 'left',
      format: formatterFor(key, dataType, { isMetric, isPercent: isPercentMetric }, input),
    };
  });
  return {
    kind: 'table',
    columns,
    rows: result?.data ?? [],
    totals: formData.show_totals && totalsResult?.data?.[0] ? totalsResult.data[0] : null,
    pageSize: Number(formData.page_length ?? 0) || 0,
    includeSearch: Boolean(formData.include_search),
    emitCrossFilters: true,
    width,
    height,
    formData,
  };
}
