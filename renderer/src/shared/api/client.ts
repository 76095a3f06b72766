import createClient, { type Middleware } from 'openapi-fetch';
import { getBackendOrigin, getRuntimeConfig } from '../config/runtimeConfig';
import { ApiError, reasonPhrase, serverMessage } from './ApiError';
import type { paths } from './schema.gen';
import { apiStrings } from './strings';

export type AuthTokenProvider = () => Promise<string | null>;
/** Called on a 401; it may refresh the session, after which the request is sent once more. */
export type UnauthorizedHandler = (error: ApiError) => Promise<void> | void;

let authTokenProvider: AuthTokenProvider | null = null;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** Identity plugs in here once it exists; until then calls go without a bearer token. */
export function setAuthTokenProvider(provider: AuthTokenProvider | null): void {
  authTokenProvider = provider;
}

export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
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

/** The API key, and the bearer token when there is a session. */
export async function credentialHeaders(): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  const { apiKey } = getRuntimeConfig();
  if (apiKey) headers['x-api-key'] = apiKey;
  const token = await currentToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

function parseBody(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A non-2xx answer as the ApiError callers see: the server's message, or 'Error {status}: {text}'. */
export async function httpError(response: Response): Promise<ApiError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // The status alone still says what went wrong.
  }
  const body = parseBody(text);
  const message = serverMessage(body) ?? apiStrings.httpError(response.status, reasonPhrase(response.status, response.statusText));
  return new ApiError(message, { status: response.status, kind: 'http', body });
}

/** A 401 goes to the unauthorized handler (a refresh of the session); a failing handler changes nothing. */
export async function reportUnauthorized(error: ApiError): Promise<void> {
  if (error.status !== 401 || !unauthorizedHandler) return;
  try {
    await unauthorizedHandler(error);
  } catch {
    // A failing handler must not replace the error the caller is waiting for.
  }
}

// The paths in the schema start at the server's root (/api/…, /api-admin/…): inside Electron that is the desktop backend.
const backendOrigin: Middleware = {
  async onRequest({ request }) {
    const origin = getBackendOrigin();
    if (!origin) return undefined;
    const url = new URL(request.url);
    return (await resendable(request, `${origin}${url.pathname}${url.search}`))();
  },
};

/**
 * Copies of a request, its body read once into memory. `request.clone()` and
 * `new Request(url, request)` turn the body into a stream: Chromium then refuses to send it to
 * another origin ('Failed to fetch': every POST of the desktop app) and its network log shows no body.
 */
async function resendable(request: Request, url = request.url): Promise<() => Request> {
  const body = request.body ? await request.arrayBuffer() : null;
  const { method, headers, signal, credentials, cache, redirect } = request;
  return () => new Request(url, { method, headers, body, signal, credentials, cache, redirect });
}

const retryCopies = new Map<string, () => Request>();

const credentials: Middleware = {
  async onRequest({ request, id }) {
    if (!request.headers.has('Accept')) request.headers.set('Accept', 'application/json');
    // Headers the caller set win.
    for (const [name, value] of Object.entries(await credentialHeaders())) {
      if (!request.headers.has(name)) request.headers.set(name, value);
    }
    const copy = await resendable(request);
    retryCopies.set(id, copy);
    return copy();
  },
  // One refresh and one more try on a 401: the token may have expired since it was read.
  async onResponse({ request, response, id, options }) {
    const resend = retryCopies.get(id);
    retryCopies.delete(id);
    if (response.status !== 401 || !resend) return undefined;
    const sentToken = request.headers.get('Authorization');
    await reportUnauthorized(await httpError(response.clone()));
    const token = await currentToken();
    if (!token || `Bearer ${token}` === sentToken) return undefined;
    const copy = resend();
    copy.headers.set('Authorization', `Bearer ${token}`);
    let retried: Response;
    try {
      retried = await options.fetch(copy);
    } catch {
      return undefined; // The first answer (401) stands.
    }
    if (retried.status === 401) await reportUnauthorized(await httpError(retried.clone()));
    return retried;
  },
  onError({ id }) {
    retryCopies.delete(id);
    return undefined;
  },
};

// The Spanish error mapping: callers get the data or an ApiError, never an `error` to look at.
const errors: Middleware = {
  async onResponse({ response, options }) {
    if (!response.ok) throw await httpError(response);
    if (options.parseAs !== 'json' || response.status === 204) return undefined;
    const text = await response.clone().text();
    if (text.trim() === '') return new Response(null, { status: 204, headers: response.headers });
    if (parseBody(text) === text) throw new ApiError(apiStrings.notJson, { status: response.status, kind: 'invalid-response', body: text });
    return undefined;
  },
  onError({ request, error }) {
    if (error instanceof ApiError) return error;
    if (request.signal.aborted) {
      const timedOut = (request.signal.reason as { name?: string } | undefined)?.name === 'TimeoutError';
      return timedOut
        ? new ApiError(apiStrings.timeout, { status: 0, kind: 'timeout', cause: error })
        : new ApiError(apiStrings.aborted, { status: 0, kind: 'aborted', cause: error });
    }
    return new ApiError(apiStrings.network, { status: 0, kind: 'network', cause: error });
  },
};

/**
 * The renderer's one client for the product API, typed by the OpenAPI document
 * (`npm run api:types`). A call resolves with `data` or throws an ApiError with the Spanish text
 * to show; streams (chat turns, collaboration sessions) are opened by `openEventStream` and read by `readSse`.
 */
export const api = createClient<paths>({
  // Read at each call: tests replace fetch.
  fetch: (request) => globalThis.fetch(request),
});
// Response middleware runs last-registered first: the 401 retry, then the error mapping.
api.use(errors, backendOrigin, credentials);
