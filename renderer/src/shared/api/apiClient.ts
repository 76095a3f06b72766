import { getApiBase, getRuntimeConfig } from '../config/runtimeConfig';
import { ApiError, isRetryableError, reasonPhrase, serverMessage } from './ApiError';
import { apiStrings } from './strings';
import { withRetry, type RetryOptions } from './withRetry';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type QueryScalar = string | number | boolean;
/** `undefined` and `null` entries are left out; arrays repeat the key. */
export type QueryParams = Record<string, QueryScalar | readonly QueryScalar[] | null | undefined>;

export interface RequestOptions {
  /** Serialised as JSON; a FormData is sent as multipart. */
  body?: unknown;
  query?: QueryParams;
  /** No time-out unless given (model replies can legitimately take long). */
  timeoutMs?: number;
  /** Without it a failed call is not repeated. */
  retry?: RetryOptions;
  /** Sent as `x-user-id`; the server checks it against the bearer token. */
  userId?: string;
  signal?: AbortSignal;
  /** Another base than the product API, e.g. `getAdminApiBase()`. */
  baseUrl?: string;
  headers?: Record<string, string>;
}

export type AuthTokenProvider = () => Promise<string | null>;
export type UnauthorizedHandler = (error: ApiError) => void;

let authTokenProvider: AuthTokenProvider | null = null;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** Identity plugs in here once it exists; until then calls go without a bearer token. */
export function setAuthTokenProvider(provider: AuthTokenProvider | null): void {
  authTokenProvider = provider;
}

export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

function buildUrl(baseUrl: string, path: string, query: QueryParams | undefined): string {
  // Absolute URLs would carry our API key and bearer token to another origin.
  if (/^[a-z][a-z\d+.-]*:/i.test(path) || path.startsWith('//')) {
    throw new Error(`apiClient only takes paths relative to the API base, got "${path}"`);
  }
  let url = `${baseUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined || value === null) continue;
      const values = Array.isArray(value) ? value : [value];
      for (const item of values) params.append(key, String(item));
    }
    const search = params.toString();
    if (search) url += `${url.includes('?') ? '&' : '?'}${search}`;
  }
  return url;
}

function isFormData(body: unknown): body is FormData {
  return typeof FormData !== 'undefined' && body instanceof FormData;
}

async function currentToken(): Promise<string | null> {
  if (!authTokenProvider) return null;
  try {
    return await authTokenProvider();
  } catch {
    // No token is not fatal here: the server answers 401 and the unauthorized handler takes over.
    return null;
  }
}

async function buildHeaders(options: RequestOptions): Promise<Record<string, string>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined && !isFormData(options.body)) headers['Content-Type'] = 'application/json';
  const { apiKey } = getRuntimeConfig();
  if (apiKey) headers['x-api-key'] = apiKey;
  if (options.userId) headers['x-user-id'] = options.userId;
  const token = await currentToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return { ...headers, ...options.headers };
}

function serializeBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (isFormData(body)) return body;
  return JSON.stringify(body);
}

function tryParseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

async function requestOnce<T>(method: HttpMethod, path: string, options: RequestOptions): Promise<T> {
  const url = buildUrl(options.baseUrl ?? getApiBase(), path, options.query);
  const callerSignal = options.signal;
  const abortedError = () => new ApiError(apiStrings.aborted, { status: 0, kind: 'aborted' });
  if (callerSignal?.aborted) throw abortedError();

  const headers = await buildHeaders(options);
  const controller = new AbortController();
  let timedOut = false;
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer =
    options.timeoutMs !== undefined
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, options.timeoutMs)
      : undefined;
  // Racing against the signal keeps the time-out honest even if a fetch (or a body read) ignores it.
  const abortedPromise = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  abortedPromise.catch(() => undefined);

  const failure = (cause: unknown): ApiError => {
    if (timedOut) return new ApiError(apiStrings.timeout, { status: 0, kind: 'timeout', cause });
    if (callerSignal?.aborted) return new ApiError(apiStrings.aborted, { status: 0, kind: 'aborted', cause });
    return new ApiError(apiStrings.network, { status: 0, kind: 'network', cause });
  };

  try {
    let response: Response;
    let text: string;
    try {
      response = await Promise.race([
        fetch(url, { method, headers, body: serializeBody(options.body), signal: controller.signal }),
        abortedPromise,
      ]);
      text = await Promise.race([response.text(), abortedPromise]);
    } catch (cause) {
      throw failure(cause);
    }

    const parsed = text.trim() === '' ? ({ ok: true, value: null } as const) : tryParseJson(text);

    if (response.ok) {
      if (response.status === 204 || response.status === 205 || text.trim() === '') return undefined as T;
      if (!parsed.ok) throw new ApiError(apiStrings.notJson, { status: response.status, kind: 'invalid-response', body: text });
      return parsed.value as T;
    }

    const body = parsed.ok ? parsed.value : text;
    const message =
      serverMessage(body) ?? apiStrings.httpError(response.status, reasonPhrase(response.status, response.statusText));
    const error = new ApiError(message, { status: response.status, kind: 'http', body });
    if (response.status === 401 && unauthorizedHandler) {
      try {
        unauthorizedHandler(error);
      } catch {
        // A failing handler must not replace the error the caller is waiting for.
      }
    }
    throw error;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}

function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  if (!options.retry) return requestOnce<T>(method, path, options);
  return withRetry(() => requestOnce<T>(method, path, options), {
    ...options.retry,
    shouldRetry: isRetryableError,
    signal: options.signal,
  }).catch((error: unknown) => {
    // withRetry rejects with the signal's reason when cancelled during a back-off wait.
    if (options.signal?.aborted && !(error instanceof ApiError)) {
      throw new ApiError(apiStrings.aborted, { status: 0, kind: 'aborted', cause: error });
    }
    throw error;
  });
}

export interface StreamOptions {
  /** POST by default; GET for an event feed (a collaboration session's steps). */
  method?: 'GET' | 'POST';
  body?: unknown;
  query?: QueryParams;
  userId?: string;
  /** Aborting it cancels the request and, once the stream is open, the body read. */
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * POST for a server-sent-events answer: same base URL, API key, bearer token and 401 handling as
 * the other calls, but a 2xx Response comes back unread so the caller can consume its body as it
 * arrives. Errors before the stream opens (non-2xx) are thrown as ApiError with the server's
 * message and body; no time-out and no retry, since a model reply may take long and is not
 * idempotent for the caller.
 */
async function stream(path: string, options: StreamOptions = {}): Promise<Response> {
  const url = buildUrl(getApiBase(), path, options.query);
  const signal = options.signal;
  if (signal?.aborted) throw new ApiError(apiStrings.aborted, { status: 0, kind: 'aborted' });
  const headers = await buildHeaders({ body: options.body, userId: options.userId, headers: options.headers });
  headers.Accept = 'text/event-stream';
  Object.assign(headers, options.headers);

  let response: Response;
  try {
    response = await fetch(url, { method: options.method ?? 'POST', headers, body: serializeBody(options.body), signal });
  } catch (cause) {
    if (signal?.aborted) throw new ApiError(apiStrings.aborted, { status: 0, kind: 'aborted', cause });
    throw new ApiError(apiStrings.network, { status: 0, kind: 'network', cause });
  }
  if (response.ok) return response;

  let text = '';
  try {
    text = await response.text();
  } catch {
    // The status alone still says what went wrong.
  }
  const parsed = text.trim() === '' ? ({ ok: true, value: null } as const) : tryParseJson(text);
  const body = parsed.ok ? parsed.value : text;
  const message =
    serverMessage(body) ?? apiStrings.httpError(response.status, reasonPhrase(response.status, response.statusText));
  const error = new ApiError(message, { status: response.status, kind: 'http', body });
  if (response.status === 401 && unauthorizedHandler) {
    try {
      unauthorizedHandler(error);
    } catch {
      // A failing handler must not replace the error the caller is waiting for.
    }
  }
  throw error;
}

/** The renderer's only HTTP client for the product API. */
export const apiClient = {
  request,
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
  patch: <T>(path: string, options?: RequestOptions) => request<T>('PATCH', path, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  stream,
};
