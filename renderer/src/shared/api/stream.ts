import { getApiBase } from '../config/runtimeConfig';
import { ApiError } from './ApiError';
import { credentialHeaders, httpError, reportUnauthorized } from './client';
import { apiStrings } from './strings';

export interface StreamOptions {
  /** POST by default; GET for an event feed (a collaboration session's steps). */
  method?: 'GET' | 'POST';
  /** Serialised as JSON. */
  body?: unknown;
  userId?: string;
  /** Aborting it cancels the request and, once the stream is open, the body read. */
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * Opens a server-sent-events answer of the product API (chat turns, collaboration sessions): the
 * typed client's base URL, API key, bearer token and 401 handling, but a 2xx Response comes back
 * unread so the caller reads its body with `readSse` as it arrives. Errors before the stream opens
 * (non-2xx) are thrown as ApiError with the server's message and body; no time-out and no retry,
 * since a model reply may take long and is not idempotent for the caller.
 */
export async function openEventStream(path: string, options: StreamOptions = {}): Promise<Response> {
  // Absolute URLs would carry our API key and bearer token to another origin.
  if (/^[a-z][a-z\d+.-]*:/i.test(path) || path.startsWith('//')) {
    throw new Error(`openEventStream only takes paths relative to the API base, got "${path}"`);
  }
  const url = `${getApiBase()}${path.startsWith('/') ? path : `/${path}`}`;
  const signal = options.signal;
  if (signal?.aborted) throw new ApiError(apiStrings.aborted, { status: 0, kind: 'aborted' });
  const headers: Record<string, string> = {
    Accept: 'text/event-stream',
    ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    ...(await credentialHeaders()),
    ...(options.userId ? { 'x-user-id': options.userId } : {}),
    ...options.headers,
  };
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);

  let response: Response;
  try {
    response = await fetch(url, { method: options.method ?? 'POST', headers, body, signal });
  } catch (cause) {
    if (signal?.aborted) throw new ApiError(apiStrings.aborted, { status: 0, kind: 'aborted', cause });
    throw new ApiError(apiStrings.network, { status: 0, kind: 'network', cause });
  }
  if (response.ok) return response;
  const error = await httpError(response);
  await reportUnauthorized(error);
  throw error;
}
