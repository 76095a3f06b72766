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

export function mockApi(): ApiMock {
  const routes: { method: string; path: string; reply: Handler }[] = [];
  const calls: MockCall[] = [];
  const matches = (pattern: string, path: string) =>
    pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : pattern === path;

  const fetchMock = jest.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: MockCall = {
      method,
      url,
      path,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const route = [...routes].reverse().find((item) => item.method === method && matches(item.path, path));
    const reply = route ? (typeof route.reply === 'function' ? route.reply(call) : route.reply) : { status: 404, body: { message: 'Not Found' } };
    if (reply.hang) {
      return new Promise<Response>((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    }
    if (reply.networkError) throw new TypeError('Failed to fetch');
    if (reply.response) return reply.response(init.signal ?? undefined);
    const status = reply.status ?? 200;
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return { ok: status >= 200 && status < 300, status, statusText: '', text: () => Promise.resolve(text) } as Response;
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
