/**
 * - `http`: the server answered with a non-2xx status.
 * - `network`: no answer (offline, DNS, CORS, connection reset); status 0.
 * - `timeout`: our own time-out fired; status 0.
 * - `aborted`: the caller cancelled through its AbortSignal; status 0.
 * - `invalid-response`: a 2xx answer whose body is not JSON.
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'invalid-response';

export interface ApiErrorInit {
  status: number;
  kind: ApiErrorKind;
  body?: unknown;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly status: number;
  readonly kind: ApiErrorKind;
  /** Parsed JSON when the body was JSON, the raw text otherwise, null when there was none. */
  readonly body: unknown;

  constructor(message: string, { status, kind, body = null, cause }: ApiErrorInit) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ApiError';
    this.status = status;
    this.kind = kind;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Failures that may succeed if tried again: no answer, a time-out, 429 and 5xx. Never other 4xx. */
export function isRetryableError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return true;
    case 'http':
      return error.status === 429 || error.status >= 500;
    default:
      return false;
  }
}

// HTTP/2 responses carry no reason phrase, which would leave 'Error 503: ' half empty.
const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function reasonPhrase(status: number, statusText: string | undefined): string {
  return statusText?.trim() || REASON_PHRASES[status] || '';
}

/** The server's `message` (NestJS sends a string, or an array of validation messages). */
export function serverMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const message = (body as { message?: unknown }).message;
  if (typeof message === 'string' && message.trim() !== '') return message;
  if (Array.isArray(message)) {
    const parts = message.filter((part): part is string => typeof part === 'string' && part.trim() !== '');
    if (parts.length > 0) return parts.join('. ');
  }
  return undefined;
}
