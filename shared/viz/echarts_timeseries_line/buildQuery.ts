// Line Chart query: the shared timeseries query (x axis, dimensions, pivot and analytics steps).
export { buildTimeseriesQuery as buildQuery } from '../timeseries/buildQuery';
