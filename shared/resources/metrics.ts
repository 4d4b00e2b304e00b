// The application's own CloudWatch metrics (EMF lines the functions print, which CloudWatch Logs turns
// into metrics): one namespace and service, so the alarms and the dashboard in infra/aws/monitoring
// name exactly what functions/observability/metrics.ts emits.

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
  /** Milliseconds an engine spent on one statement, with dimension `engine`. */
  queryDuration: 'QueryDuration',
  /** Rows one statement returned, with dimension `engine`. */
  rowsReturned: 'RowsReturned',
  /** Chart data queries answered from the cache / run on the engine, with dimension `route`. */
  chartCacheHits: 'ChartCacheHits',
  chartCacheMisses: 'ChartCacheMisses',
  /** Milliseconds between a message's send and its worker picking it up, with dimension `queue`. */
  queueAge: 'QueueMessageAge',
  /** Messages a worker handled / gave back for another attempt, with dimension `queue`. */
  messages: 'Messages',
  messageFailures: 'MessageFailures',
  /** Work the every-minute tick started (scheduled queries, reports). */
  scheduledStarts: 'ScheduledStarts',
  /** WebSocket connections accepted, refused (no valid token) and closed. */
  wsConnections: 'WebSocketConnections',
  wsRefused: 'WebSocketRefused',
  wsDisconnects: 'WebSocketDisconnects',
} as const;

/** The report run states an alarm watches. */
export const REPORT_ERROR_STATE = 'Error';
