// Pure Explore helpers that belong with the plugins: visibility, defaults, validation, viz_type switch.
export * from './controls';
export * from './validateForm';
export * from './switchVizType';
export { standardize } from './standardize';
export { initialFormData, temporalColumnsLookup, DEFAULT_TIME_RANGE, DEFAULT_EXPLORE_ROW_LIMIT } from './initialFormData';
export { remapForDatasource, renameEditedMetrics, renameMetricColumnConfig } from './datasourceChange';
export { stashHiddenControls, type HiddenFormData, type StashedFormData } from './stash';
