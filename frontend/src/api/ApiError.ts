// The one error type the API client throws: it carries the HTTP status and the server's Superset body so
// callers can branch on `errorType` (errors[0].error_type) instead of parsing messages.
import {
  isSupersetErrorBody,
  type ErrorType,
  type SupersetErrorBody,
  type SupersetErrorItem,
} from '../../../shared/errors';

export class ApiError extends Error {
  readonly status: number;
  readonly errorType: ErrorType;
  readonly errors: SupersetErrorItem[];
  /** The parsed response body (Superset error body, other JSON, or text); null for network failures. */
  readonly body: unknown;
  readonly routeName: string;

  constructor(routeName: string, status: number, errorType: ErrorType, message: string, body: unknown, errors: SupersetErrorItem[]) {
    super(message);
    this.name = 'ApiError';
    this.routeName = routeName;
    this.status = status;
    this.errorType = errorType;
    this.body = body;
    this.errors = errors;
  }

  /** Builds the error for a non-2xx response from whatever body the server sent. */
  static fromResponse(routeName: string, status: number, statusText: string, body: unknown): ApiError {
    if (isSupersetErrorBody(body) && body.errors.length > 0) {
      const first = body.errors[0];
      return new ApiError(routeName, status, first.error_type, first.message || body.message, body, body.errors);
    }
    // Superset's FAB endpoints answer {"message": "..."} without an errors list.
    const message =
      (typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
        ? (body as { message: string }).message
        : typeof body === 'string' && body.length > 0 && body.length < 500
          ? body
          : statusText) || `Request failed with status ${status}`;
    const item: SupersetErrorItem = { message, error_type: 'GENERIC_BACKEND_ERROR', level: 'error', extra: null };
    return new ApiError(routeName, status, 'GENERIC_BACKEND_ERROR', message, body, [item]);
  }

  static network(routeName: string, cause: unknown): ApiError {
    const message = 'Network error';
    const item: SupersetErrorItem = {
      message,
      error_type: 'FRONTEND_NETWORK_ERROR',
      level: 'error',
      extra: { cause: cause instanceof Error ? cause.message : String(cause) },
    };
    return new ApiError(routeName, 0, 'FRONTEND_NETWORK_ERROR', message, null, [item]);
  }

  static timeout(routeName: string, timeoutMs: number): ApiError {
    const message = 'Request timed out';
    const item: SupersetErrorItem = { message, error_type: 'FRONTEND_TIMEOUT_ERROR', level: 'error', extra: { timeout_ms: timeoutMs } };
    return new ApiError(routeName, 0, 'FRONTEND_TIMEOUT_ERROR', message, null, [item]);
  }

  /** The Superset-shaped body, for components that render the generic error display. */
  toBody(): SupersetErrorBody {
    return { message: this.message, errors: this.errors };
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;
