// The application's own CloudWatch metrics (EMF lines the functions print, which CloudWatch Logs turns
// into metrics): one namespace and service, so the alarms and the dashboard in infra/aws/monitoring
// name exactly what functions/platform/metrics.ts emits.

export const METRICS = {
  namespace: 'Sqlscape',
  /** Powertools' `service` dimension, on every application metric. */
  service: 'sqlscape',
  /** One per finished report or alert run, with dimension `state` (Success, Error, Not triggered, On Grace). */
  reportRuns: 'ReportRuns',
  /** One per HTTP request, with dimension `route`. */
  requests: 'Requests',
  /** One per HTTP error answer, with dimensions `route` and `error_type`. */
  errors: 'Errors',
} as const;

/** The report run states an alarm watches. */
export const REPORT_ERROR_STATE = 'Error';
