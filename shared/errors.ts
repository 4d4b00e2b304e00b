// The spec's error catalogue (sqllab.md §8, charts-dashboards-reports.md §8) as typed errors that
// serialise to Superset's body: {"message", "errors": [{"message", "error_type", "level", "extra"}]}.

export type ErrorLevel = 'info' | 'warning' | 'error';

interface CatalogueEntry {
  status: number;
  level: ErrorLevel;
}

const entry = (status: number, level: ErrorLevel = 'error'): CatalogueEntry => ({ status, level });

export const ERROR_CATALOGUE = {
  // Frontend-only codes (never produced by the server, listed so the client can type them).
  FRONTEND_CSRF_ERROR: entry(401),
  FRONTEND_NETWORK_ERROR: entry(0),
  FRONTEND_TIMEOUT_ERROR: entry(0),
  // Database and connection.
  GENERIC_DB_ENGINE_ERROR: entry(400),
  COLUMN_DOES_NOT_EXIST_ERROR: entry(400),
  TABLE_DOES_NOT_EXIST_ERROR: entry(400),
  SCHEMA_DOES_NOT_EXIST_ERROR: entry(400),
  OBJECT_DOES_NOT_EXIST_ERROR: entry(404),
  SYNTAX_ERROR: entry(400),
  CONNECTION_INVALID_USERNAME_ERROR: entry(422),
  CONNECTION_INVALID_PASSWORD_ERROR: entry(422),
  CONNECTION_INVALID_HOSTNAME_ERROR: entry(422),
  CONNECTION_PORT_CLOSED_ERROR: entry(422),
  CONNECTION_INVALID_PORT_ERROR: entry(422),
  CONNECTION_HOST_DOWN_ERROR: entry(422),
  CONNECTION_ACCESS_DENIED_ERROR: entry(422),
  CONNECTION_UNKNOWN_DATABASE_ERROR: entry(422),
  CONNECTION_DATABASE_PERMISSIONS_ERROR: entry(422),
  CONNECTION_MISSING_PARAMETERS_ERROR: entry(422),
  CONNECTION_DATABASE_TIMEOUT: entry(422),
  // Visualization and datasource.
  VIZ_GET_DF_ERROR: entry(400),
  UNKNOWN_DATASOURCE_TYPE_ERROR: entry(400),
  FAILED_FETCHING_DATASOURCE_INFO_ERROR: entry(400),
  // Security.
  TABLE_SECURITY_ACCESS_ERROR: entry(403),
  DATASOURCE_SECURITY_ACCESS_ERROR: entry(403),
  DATABASE_SECURITY_ACCESS_ERROR: entry(403),
  QUERY_SECURITY_ACCESS_ERROR: entry(403),
  USER_ACTIVITY_SECURITY_ACCESS_ERROR: entry(403),
  DASHBOARD_SECURITY_ACCESS_ERROR: entry(403),
  CHART_SECURITY_ACCESS_ERROR: entry(403),
  MISSING_OWNERSHIP_ERROR: entry(403),
  // OAuth.
  OAUTH2_REDIRECT: entry(500, 'warning'),
  OAUTH2_REDIRECT_ERROR: entry(500),
  // Backend.
  BACKEND_TIMEOUT_ERROR: entry(408),
  DATABASE_NOT_FOUND_ERROR: entry(404),
  MISSING_TEMPLATE_PARAMS_ERROR: entry(400),
  INVALID_TEMPLATE_PARAMS_ERROR: entry(400),
  RESULTS_BACKEND_NOT_CONFIGURED_ERROR: entry(500),
  DML_NOT_ALLOWED_ERROR: entry(403),
  INVALID_CTAS_QUERY_ERROR: entry(400),
  INVALID_CVAS_QUERY_ERROR: entry(400),
  SQLLAB_TIMEOUT_ERROR: entry(408),
  RESULTS_BACKEND_ERROR: entry(410),
  ASYNC_WORKERS_ERROR: entry(500),
  ADHOC_SUBQUERY_NOT_ALLOWED_ERROR: entry(400),
  INVALID_SQL_ERROR: entry(400),
  GENERIC_COMMAND_ERROR: entry(422),
  GENERIC_BACKEND_ERROR: entry(500),
  INVALID_PAYLOAD_FORMAT_ERROR: entry(400),
  INVALID_PAYLOAD_SCHEMA_ERROR: entry(400),
  MARSHMALLOW_ERROR: entry(400),
  REPORT_NOTIFICATION_ERROR: entry(500),
} satisfies Record<string, CatalogueEntry>;

export type ErrorType = keyof typeof ERROR_CATALOGUE;
export const ERROR_TYPES = Object.keys(ERROR_CATALOGUE) as ErrorType[];

/** Timeout issue codes carried in `extra.issue_codes` of timeout errors. */
export const ISSUE_CODES = {
  1000: 'The dataset associated with this chart is too large to query.',
  1001: 'The database is under an unusual load.',
} as const;

export interface SupersetErrorItem {
  message: string;
  error_type: ErrorType;
  level: ErrorLevel;
  extra: Record<string, unknown> | null;
}

export interface SupersetErrorBody {
  message: string;
  errors: SupersetErrorItem[];
}

export interface SupersetErrorOptions {
  status?: number;
  level?: ErrorLevel;
  extra?: Record<string, unknown> | null;
}

/** A typed error: carries the Superset error_type, its level and the HTTP status it maps to. */
export class SupersetError extends Error {
  readonly errorType: ErrorType;
  readonly status: number;
  readonly level: ErrorLevel;
  readonly extra: Record<string, unknown> | null;

  constructor(errorType: ErrorType, message: string, options: SupersetErrorOptions = {}) {
    super(message);
    this.name = 'SupersetError';
    this.errorType = errorType;
    this.status = options.status ?? ERROR_CATALOGUE[errorType].status;
    this.level = options.level ?? ERROR_CATALOGUE[errorType].level;
    this.extra = options.extra ?? null;
  }

  toItem(): SupersetErrorItem {
    return { message: this.message, error_type: this.errorType, level: this.level, extra: this.extra };
  }

  toBody(): SupersetErrorBody {
    return { message: this.message, errors: [this.toItem()] };
  }
}

// Plain HTTP conditions that have no catalogue code of their own in Superset's API.
export const notFound = (message = 'Not found') =>
  new SupersetError('OBJECT_DOES_NOT_EXIST_ERROR', message, { status: 404 });
export const unauthorized = (message = 'Not authorized') =>
  new SupersetError('GENERIC_BACKEND_ERROR', message, { status: 401 });
export const forbidden = (message = 'Forbidden', errorType: ErrorType = 'GENERIC_BACKEND_ERROR') =>
  new SupersetError(errorType, message, { status: 403 });
export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new SupersetError('INVALID_PAYLOAD_SCHEMA_ERROR', message, { status: 400, extra });
export const conflict = (message: string) => new SupersetError('GENERIC_COMMAND_ERROR', message, { status: 409 });
export const unprocessable = (message: string, extra?: Record<string, unknown>) =>
  new SupersetError('GENERIC_COMMAND_ERROR', message, { status: 422, extra });

export const isSupersetErrorBody = (value: unknown): value is SupersetErrorBody =>
  typeof value === 'object' && value !== null && 'message' in value && Array.isArray((value as SupersetErrorBody).errors);
