// Area Chart props: the shared timeseries transform drawing every series as area.
import type { EChartsProps, TransformPropsInput } from '../types';
import { transformTimeseries } from '../timeseries/transformProps';

export function transformProps(input: TransformPropsInput): EChartsProps {
  return transformTimeseries(input, 'area');
}
