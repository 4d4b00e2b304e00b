// Line Chart props: the shared timeseries transform drawing every series as line.
import type { EChartsProps, TransformPropsInput } from '../types';
import { transformTimeseries } from '../timeseries/transformProps';

export function transformProps(input: TransformPropsInput): EChartsProps {
  return transformTimeseries(input, 'line');
}
