// Big number (total) props: the metric's value formatted with the Y axis format (or currency), and,
// when the metric is temporal or date formatting is forced, as a date.
import type { BigNumberProps, TransformPropsInput } from '../types';
import { GenericDataType } from '../query/contract';
import { getMetricLabel } from '../controls/formDataUtils';
import { getCurrencyFormatter, getNumberFormatter, getTimeFormatter, type Currency } from '../format/index';
import { numberOrNull } from '../timeseries/series';

export const NO_DATA = 'No data';

export function bigNumberFormatter(input: TransformPropsInput, metricLabel: string): (v: number | null) => string {
  const { formData, queriesData, datasource } = input;
  const result = queriesData[0];
  const index = result?.colnames?.indexOf(metricLabel) ?? -1;
  const temporal = index >= 0 && result?.coltypes?.[index] === GenericDataType.Temporal;
  if (temporal || formData.force_timestamp_formatting) {
    const time = getTimeFormatter(formData.time_format as string | undefined);
    return (v) => (v === null ? NO_DATA : time(v));
  }
  const metricFormat = datasource?.metrics?.find((m) => m.metric_name === metricLabel)?.d3format ?? undefined;
  const spec = (formData.y_axis_format as string | undefined) && formData.y_axis_format !== 'SMART_NUMBER' ? (formData.y_axis_format as string) : (metricFormat ?? (formData.y_axis_format as string | undefined));
  const currency = formData.currency_format as Currency | null | undefined;
  const number = currency?.symbol ? getCurrencyFormatter(currency, spec) : getNumberFormatter(spec);
  return (v) => (v === null ? NO_DATA : number(v));
}

export function transformProps(input: TransformPropsInput): BigNumberProps {
  const { formData, queriesData, width, height } = input;
  const metricLabel = getMetricLabel(formData.metric as never);
  const rows = queriesData[0]?.data ?? [];
  const value = rows.length ? numberOrNull(rows[0][metricLabel]) : null;
  const format = bigNumberFormatter(input, metricLabel);
  return {
    kind: 'bigNumber',
    bigNumber: value,
    formattedBigNumber: format(value),
    headerFontSize: Number(formData.header_font_size ?? 0.4),
    subheader: String(formData.subheader ?? ''),
    subheaderFontSize: Number(formData.subheader_font_size ?? 0.15),
    timestamp: null,
    formattedTimestamp: null,
    percentChange: null,
    trendline: null,
    noDataMessage: rows.length === 0 ? 'No results were returned for this query' : null,
    width,
    height,
    formData,
  };
}
