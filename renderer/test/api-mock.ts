/**
 * A `fetch` stand-in for component tests: answers by method and path (query ignored for matching)
 * and records every call, so tests can assert what was sent.
 */
export interface MockCall {
  method: string;
  url: URL;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export interface MockReply {
  status?: number;
  body?: unknown;
  /** Never answers (to test loading states and time-outs). */
  hang?: boolean;
  /** Fails like a dropped connection. */
  networkError?: boolean;
  /** A ready-made response (e.g. a server-sent-events stream from test/sse.ts), given the call's signal. */
  response?: (signal: AbortSignal | undefined) => Response;
}

type Handler = MockReply | ((call: MockCall) => MockReply);

export interface ApiMock {
  calls: MockCall[];
  /** `on('GET', '/user-agents/sub-ana', { body: [] })`; a path ending in `*` matches a prefix. Later wins. */
  on(method: string, path: string, reply: Handler): ApiMock;
  callsTo(method: string, path: string): MockCall[];
}

/** Header names are case-insensitive: `headers['Idempotency-Key']` finds what Headers keeps in lower case. */
function caseInsensitive(headers: Record<string, string>): Record<string, string> {
  return new Proxy(headers, { get: (target, name) => (typeof name === 'string' ? target[name.toLowerCase()] : undefined) });
}

export function mockApi(): ApiMock {
  const routes: { method: string; path: string; reply: Handler }[] = [];
  const calls: MockCall[] = [];
  const matches = (pattern: string, path: string) =>
    pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : pattern === path;

  // The typed client sends a Request; the streams call fetch(url, init).
  const fetchMock = jest.fn(async (input: string | Request, init: RequestInit = {}) => {
    const request = typeof input === 'string' ? null : input;
    const url = new URL(typeof input === 'string' ? input : input.url, 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const method = (request?.method ?? init.method ?? 'GET').toUpperCase();
    const text = request ? await request.text() : init.body;
    const signal = request?.signal ?? init.signal ?? undefined;
    let body: unknown = text;
    if (typeof text === 'string') {
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        // Multipart or plain text: kept as sent.
      }
    }
    const call: MockCall = {
      method,
      url,
      path,
      body,
      headers: request ? caseInsensitive(Object.fromEntries(request.headers)) : ((init.headers ?? {}) as Record<string, string>),
    };
    calls.push(call);
    const route = [...routes].reverse().find((item) => item.method === method && matches(item.path, path));
    const reply = route ? (typeof route.reply === 'function' ? route.reply(call) : route.reply) : { status: 404, body: { message: 'Not Found' } };
    if (reply.hang) {
      return new Promise<Response>((_, reject) => {
        signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    }
    if (reply.networkError) throw new TypeError('Failed to fetch');
    if (reply.response) return reply.response(signal);
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined || status === 204 ? null : JSON.stringify(reply.body), { status });
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;

  const api: ApiMock = {
    calls,
    on(method, path, reply) {
      routes.push({ method: method.toUpperCase(), path, reply });
      return api;
    },
    callsTo: (method, path) => calls.filter((call) => call.method === method.toUpperCase() && matches(path, call.path)),
  };
  return api;
}
