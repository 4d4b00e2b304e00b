// Business constants of the spec (sqllab.md §4 and §9, charts-dashboards-reports.md §9).

export const QUERY_STATES = [
  'started',
  'stopped',
  'failed',
  'pending',
  'running',
  'scheduled',
  'success',
  'fetching',
  'timed_out',
] as const;
export type QueryState = (typeof QUERY_STATES)[number];

export const IN_PROGRESS_STATES: readonly QueryState[] = ['running', 'started', 'pending', 'fetching', 'scheduled'];
export const FINISHED_STATES: readonly QueryState[] = ['stopped', 'failed', 'success', 'timed_out'];
export const isInProgress = (state: QueryState) => IN_PROGRESS_STATES.includes(state);
export const isFinished = (state: QueryState) => FINISHED_STATES.includes(state);

export type BadgeState = QueryState | 'offline';
export type BadgeStyle = 'danger' | 'info' | 'warning' | 'success' | 'default';
export const STATUS_BADGE: Record<BadgeState, BadgeStyle> = {
  offline: 'danger',
  failed: 'danger',
  stopped: 'danger',
  pending: 'info',
  fetching: 'info',
  running: 'warning',
  success: 'success',
  started: 'default',
  scheduled: 'default',
  timed_out: 'danger',
};

export const LIMITING_FACTORS = ['QUERY', 'DROPDOWN', 'QUERY_AND_DROPDOWN', 'NOT_LIMITED', 'UNKNOWN'] as const;
export type LimitingFactor = (typeof LIMITING_FACTORS)[number];

export const CTAS_METHODS = ['TABLE', 'VIEW'] as const;
export type CtasMethod = (typeof CTAS_METHODS)[number];

export const TOAST_TYPES = ['info', 'success', 'warning', 'danger'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];
export const TOAST_DURATION_MS: Record<ToastType, number> = {
  info: 4000,
  success: 4000,
  warning: 6000,
  danger: 8000,
};

export const GENERIC_TYPES = { NUMERIC: 0, STRING: 1, TEMPORAL: 2, BOOLEAN: 3 } as const;
export type GenericType = (typeof GENERIC_TYPES)[keyof typeof GENERIC_TYPES];

export const LIMITS = {
  /** Default row limit of the editor's limit dropdown (Superset's DEFAULT_SQLLAB_LIMIT). */
  defaultQueryLimit: 1000,
  /** Server maximum rows (SQL_MAX_ROW); also the explore row-limit upper bound. */
  sqlMaxRow: 100_000,
  /** SQL text longer than this is refused before parsing. */
  sqlMaxLength: 1_000_000,
  /** Synchronous execution timeout (SQLLAB_TIMEOUT). */
  syncTimeoutMs: 30_000,
  /** Asynchronous execution timeout (SQLLAB_ASYNC_TIME_LIMIT_SEC). */
  asyncTimeoutMs: 600_000,
  /** Time a result object is kept in the results bucket. */
  resultsTtlDays: 7,
  /** Share links (kv) live this long. */
  kvTtlDays: 90,
  /** Async events are kept this long for polling clients. */
  asyncEventTtlMs: 24 * 3600_000,
} as const;

export const EDITOR = {
  newTabPrefix: 'Untitled Query ',
  otherViewTabName: 'Untitled query',
  clonePrefix: 'Copy of',
  syncDebounceMs: 5000,
  localStorageCheckMs: 5000,
  tabStateVersion: 1,
  /** Stored query results are dropped past this age or size (size = JSON length x 2 bytes). */
  resultsMaxAgeMs: 86_400_000,
  resultsMaxSizeKb: 5120,
  /** Local-storage key prefix of a query handed to the editor (new window or posted form). */
  parkedRequestPrefix: 'sqlscape.sqllab.request.',
  newTabWarningComment:
    '-- Note: Unless you save your query, these tabs will NOT persist if you clear your cookies or change browsers.\n\n',
} as const;

export const EVENT_LOG = { maxBatch: 1024, delayMs: 1000 } as const;

export const ASYNC_EVENTS = {
  pollDelayMs: 500,
  reconnectDelayMs: 2500,
  maxReconnectAttempts: 6,
  lastEventIdKey: 'last_async_event_id',
} as const;

export const QUERY_LIMIT_CHOICES = [10, 100, 1000, 10_000, 100_000] as const;
