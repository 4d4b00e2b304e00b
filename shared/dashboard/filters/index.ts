// Native filters, cross-filters and the data mask: pure rules shared by the dashboard page, the chart
// data API's tests and the report renderer.
export * from './types';
export * from './extraFormData';
export * from './merge';
export * from './scope';
export * from './cascade';
export * from './selectControl';
export * from './configModal';
export * from './scopeTree';
export * from './preselect';
export * from './valuesQuery';
export * from './dashboardMask';
