import { getApiBase } from '../config/runtimeConfig';
import { ApiError, isRetryableError } from './ApiError';
import { api, credentialHeaders, httpError, reportUnauthorized } from './client';
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
  headers?: Record<string, string>;
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

function serializeBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (isFormData(body)) return body;
  return JSON.stringify(body);
}

/** A call by path relative to the API base, through the one typed client (its headers, 401 retry and errors). */
async function requestOnce<T>(method: HttpMethod, path: string, options: RequestOptions): Promise<T> {
  const url = buildUrl(getApiBase(), path, options.query);
  const callerSignal = options.signal;
  if (callerSignal?.aborted) throw new ApiError(apiStrings.aborted, { status: 0, kind: 'aborted' });

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

  try {
    // The typed client's paths are the schema's; a path built at run time is one of them by contract.
    const call = (api.request as (method: string, url: string, init: object) => Promise<{ data?: unknown }>)(method.toLowerCase(), url, {
      body: options.body,
      bodySerializer: serializeBody,
      headers: { ...(options.userId ? { 'x-user-id': options.userId } : {}), ...options.headers },
      signal: controller.signal,
    });
    const { data } = await Promise.race([call, abortedPromise]);
    return data as T;
  } catch (cause) {
    if (timedOut) throw new ApiError(apiStrings.timeout, { status: 0, kind: 'timeout', cause });
    if (callerSignal?.aborted) throw new ApiError(apiStrings.aborted, { status: 0, kind: 'aborted', cause });
    if (cause instanceof ApiError) throw cause;
    throw new ApiError(apiStrings.network, { status: 0, kind: 'network', cause });
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
  const headers: Record<string, string> = {
    Accept: 'text/event-stream',
    ...(options.body !== undefined && !isFormData(options.body) ? { 'Content-Type': 'application/json' } : {}),
    ...(await credentialHeaders()),
    ...(options.userId ? { 'x-user-id': options.userId } : {}),
    ...options.headers,
  };

  let response: Response;
  try {
    response = await fetch(url, { method: options.method ?? 'POST', headers, body: serializeBody(options.body), signal });
  } catch (cause) {
    if (signal?.aborted) throw new ApiError(apiStrings.aborted, { status: 0, kind: 'aborted', cause });
    throw new ApiError(apiStrings.network, { status: 0, kind: 'network', cause });
  }
  if (response.ok) return response;
  const error = await httpError(response);
  await reportUnauthorized(error);
  throw error;
}

/** Calls by path for the features not yet on the typed `api`, and the streams. */
export const apiClient = {
  request,
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
  patch: <T>(path: string, options?: RequestOptions) => request<T>('PATCH', path, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  stream,
};
