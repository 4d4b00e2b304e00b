// Scatter Plot props: the shared timeseries transform drawing every series as scatter.
import type { EChartsProps, TransformPropsInput } from '../types';
import { transformTimeseries } from '../timeseries/transformProps';

export function transformProps(input: TransformPropsInput): EChartsProps {
  return transformTimeseries(input, 'scatter');
}
