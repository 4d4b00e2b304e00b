// Smooth Line props: the shared timeseries transform drawing every series as smooth.
import type { EChartsProps, TransformPropsInput } from '../types';
import { transformTimeseries } from '../timeseries/transformProps';

export function transformProps(input: TransformPropsInput): EChartsProps {
  return transformTimeseries(input, 'smooth');
}
