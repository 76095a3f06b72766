import { desktopBridge } from '../../../test/desktop-bridge';
import { fakeResponse, jsonResponse } from '../../../test/http';
import { defaultRuntimeConfig, setRuntimeConfig } from '../config/runtimeConfig';
import { HEALTH_TIMEOUT_MS } from '../config/constants';
import { ApiError } from './ApiError';
import { apiClient } from './apiClient';
import { setAuthTokenProvider, setUnauthorizedHandler } from './client';

const json = jsonResponse;

// The typed client sends a Request; the streams call fetch(url, init).
const fetchMock = jest.fn<Promise<Response>, [string | Request, RequestInit?]>();

interface SentCall {
  url: string;
  init: { method: string; body: string | undefined; signal: AbortSignal | null | undefined };
  headers: Record<string, string>;
}
const sent: SentCall[] = [];

// Header names as the client writes them (Headers keeps them in lower case).
const canonical = (name: string) => (name.startsWith('x-') ? name : name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase()));

async function record(input: string | Request, init: RequestInit = {}): Promise<void> {
  if (typeof input === 'string') {
    sent.push({ url: input, init: { method: init.method ?? 'GET', body: init.body as string | undefined, signal: init.signal }, headers: init.headers as Record<string, string> });
    return;
  }
  const body = await input.clone().text();
  sent.push({
    // What the page's relative URL was (jsdom's page is http://localhost/).
    url: input.url.replace(/^http:\/\/localhost(?=\/)/, ''),
    init: { method: input.method, body: body === '' ? undefined : body, signal: input.signal },
    headers: Object.fromEntries([...input.headers].map(([name, value]) => [canonical(name), value])),
  });
}

function lastCall(): SentCall {
  const call = sent[sent.length - 1];
  if (!call) throw new Error('fetch was not called');
  return call;
}

const signalOf = (index: number) => sent[index]?.init.signal;

/** A fetch that, like the real one, only settles when its signal aborts. */
function hangingFetch(input: string | Request, init?: RequestInit): Promise<Response> {
  const signal = typeof input === 'string' ? init?.signal : input.signal;
  return new Promise((_, reject) => {
    signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  sent.length = 0;
  globalThis.fetch = ((input: string | Request, init?: RequestInit) => {
    // A stream's fetch is called in the same tick, as the real one would be.
    if (typeof input === 'string') {
      void record(input, init);
      return fetchMock(input, init);
    }
    return record(input, init).then(() => fetchMock(input, init));
  }) as typeof fetch;
  setRuntimeConfig(defaultRuntimeConfig);
  setAuthTokenProvider(null);
  setUnauthorizedHandler(null);
  delete window.desktop;
});

afterEach(() => {
  jest.useRealTimers();
});

describe('apiClient requests', () => {
  it('calls /api in a browser and returns the parsed JSON', async () => {
    fetchMock.mockResolvedValue(json(200, { id: 'a1' }));

    await expect(apiClient.get('/agents/a1')).resolves.toEqual({ id: 'a1' });

    expect(lastCall().url).toBe('/api/agents/a1');
    expect(lastCall().init.method).toBe('GET');
  });

  it('calls the desktop backend when running inside Electron', async () => {
    window.desktop = desktopBridge('http://127.0.0.1:4100/');
    fetchMock.mockResolvedValue(json(200, []));

    await apiClient.get('/agents');

    expect(lastCall().url).toBe('http://127.0.0.1:4100/api/agents');
  });

  it('sends a body to the desktop backend as a body, not as a stream the browser refuses to move', async () => {
    window.desktop = desktopBridge('http://127.0.0.1:4100/');
    fetchMock.mockResolvedValue(json(201, { id: 'c1' }));

    await expect(apiClient.post('/conversations', { body: { title: 'Hola' } })).resolves.toEqual({ id: 'c1' });

    expect(lastCall()).toMatchObject({ url: 'http://127.0.0.1:4100/api/conversations', init: { method: 'POST', body: '{"title":"Hola"}' } });
  });

  it('encodes the query, leaving out empty values and repeating arrays', async () => {
    fetchMock.mockResolvedValue(json(200, []));

    await apiClient.get('/agents', { query: { public: true, creator: 'ana maría', skip: undefined, none: null, tag: ['a', 'b'] } });

    expect(lastCall().url).toBe('/api/agents?public=true&creator=ana+mar%C3%ADa&tag=a&tag=b');
  });

  it('sends the API key, the user id, the bearer token and a JSON body', async () => {
    setRuntimeConfig({ ...defaultRuntimeConfig, apiKey: 'key-123' });
    setAuthTokenProvider(async () => 'token-abc');
    fetchMock.mockResolvedValue(json(201, { id: 'c1' }));

    await apiClient.post('/conversations', { body: { title: 'Hola' }, userId: 'ana' });

    const { init, headers } = lastCall();
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ title: 'Hola' }));
    expect(headers).toMatchObject({
      'x-api-key': 'key-123',
      'x-user-id': 'ana',
      Authorization: 'Bearer token-abc',
      'Content-Type': 'application/json',
      Accept: 'application/json',
    });
  });

  it('omits the API key, user id and token headers when there are none', async () => {
    setAuthTokenProvider(async () => null);
    fetchMock.mockResolvedValue(json(200, {}));

    await apiClient.delete('/agents/a1');

    const { headers, init } = lastCall();
    expect(headers).not.toHaveProperty('x-api-key');
    expect(headers).not.toHaveProperty('x-user-id');
    expect(headers).not.toHaveProperty('Authorization');
    expect(headers).not.toHaveProperty('Content-Type');
    expect(init.body).toBeUndefined();
  });

  it('still calls without a token when the token provider fails', async () => {
    setAuthTokenProvider(() => Promise.reject(new Error('no session')));
    fetchMock.mockResolvedValue(json(200, {}));

    await apiClient.get('/health');

    expect(lastCall().headers).not.toHaveProperty('Authorization');
  });

  it('refuses absolute URLs so that credentials never leave the API origin', async () => {
    await expect(apiClient.get('https://evil.example/steal')).rejects.toThrow(/relative/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('returns undefined for 204 and for an empty body', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(204, '')).mockResolvedValueOnce(fakeResponse(200, ''));

    await expect(apiClient.delete('/agents/a1')).resolves.toBeUndefined();
    await expect(apiClient.post('/fine-tuning/sessions/s1/close')).resolves.toBeUndefined();
  });
});

describe('apiClient errors', () => {
  it("reports 'Error {status}: {statusText}' when the server gives no message", async () => {
    fetchMock.mockResolvedValue(fakeResponse(503, '<html>down</html>', 'Service Unavailable'));

    const error = await apiClient.get('/agents').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, kind: 'http', message: 'Error 503: Service Unavailable' });
  });

  it('uses the standard reason phrase when the status text is empty (HTTP/2)', async () => {
    fetchMock.mockResolvedValue(fakeResponse(404, ''));

    await expect(apiClient.get('/agents/x')).rejects.toMatchObject({ message: 'Error 404: Not Found', status: 404 });
  });

  it("passes the server's message through, with its JSON body", async () => {
    const body = { statusCode: 409, message: 'Este agente ya está en tu equipo', error: 'Conflict' };
    fetchMock.mockResolvedValue(json(409, body, 'Conflict'));

    await expect(apiClient.post('/user-agents/ana')).rejects.toMatchObject({
      status: 409,
      message: 'Este agente ya está en tu equipo',
      body,
    });
  });

  it('joins an array of validation messages with ". "', async () => {
    fetchMock.mockResolvedValue(json(400, { message: ['name must be a string', 'price must be positive'] }, 'Bad Request'));

    await expect(apiClient.post('/agents', { body: {} })).rejects.toMatchObject({
      message: 'name must be a string. price must be positive',
    });
  });

  it("raises 'Response is not JSON' for a successful non-JSON answer", async () => {
    fetchMock.mockResolvedValue(fakeResponse(200, '<!doctype html><html></html>', 'OK'));

    await expect(apiClient.get('/agents')).rejects.toMatchObject({
      message: 'Response is not JSON',
      status: 200,
      kind: 'invalid-response',
    });
  });

  it('reports a network failure with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(apiClient.get('/health')).rejects.toMatchObject({
      status: 0,
      kind: 'network',
      message: 'No se pudo conectar con el servidor.',
    });
  });

  it('calls the unauthorized handler on 401 and still rejects', async () => {
    const onUnauthorized = jest.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValue(json(401, { message: 'Unauthorized' }, 'Unauthorized'));

    await expect(apiClient.get('/conversations')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized.mock.calls[0]?.[0]).toBeInstanceOf(ApiError);
  });

  it('does not call the unauthorized handler for 403', async () => {
    const onUnauthorized = jest.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValue(json(403, { message: 'Forbidden' }));

    await expect(apiClient.get('/conversations')).rejects.toMatchObject({ status: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('apiClient time-outs', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  it('gives up after the time-out with a Spanish message and status 0', async () => {
    fetchMock.mockImplementation(hangingFetch);

    const result = apiClient.get('/health', { timeoutMs: HEALTH_TIMEOUT_MS }).catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(HEALTH_TIMEOUT_MS - 1);
    expect(signalOf(0)?.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);

    await expect(result).resolves.toMatchObject({
      status: 0,
      kind: 'timeout',
      message: 'La solicitud ha tardado demasiado. Inténtalo de nuevo.',
    });
    expect(signalOf(0)?.aborted).toBe(true);
  });

  it('times out even if the fetch ignores the abort signal', async () => {
    fetchMock.mockImplementation(() => new Promise<Response>(() => undefined));

    const result = apiClient.get('/health', { timeoutMs: 1000 }).catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(1000);

    await expect(result).resolves.toMatchObject({ kind: 'timeout', status: 0 });
  });

  it('reports a cancellation by the caller as aborted, not as a time-out', async () => {
    fetchMock.mockImplementation(hangingFetch);
    const controller = new AbortController();

    const result = apiClient.get('/agents', { timeoutMs: 5000, signal: controller.signal }).catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(10);
    controller.abort();

    await expect(result).resolves.toMatchObject({ kind: 'aborted', status: 0 });
  });
});

describe('apiClient retries', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  it('retries 5xx with the delay doubling each time', async () => {
    fetchMock
      .mockResolvedValueOnce(fakeResponse(503, '', 'Service Unavailable'))
      .mockResolvedValueOnce(fakeResponse(502, '', 'Bad Gateway'))
      .mockResolvedValueOnce(json(201, { id: 'm1' }));

    const result = apiClient.post('/conversations/c1/messages', {
      body: { content: 'hola' },
      retry: { attempts: 3, initialDelayMs: 500 },
    });

    await jest.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(499);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);

    await expect(result).resolves.toEqual({ id: 'm1' });
  });

  it('stops after the given number of attempts and reports the last error', async () => {
    fetchMock.mockResolvedValue(fakeResponse(500, '', 'Internal Server Error'));

    const result = apiClient
      .post('/conversations/c1/messages', { retry: { attempts: 3, initialDelayMs: 500 } })
      .catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(10_000);

    await expect(result).resolves.toMatchObject({ status: 500, message: 'Error 500: Internal Server Error' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('retries 429, network errors and time-outs', async () => {
    fetchMock
      .mockResolvedValueOnce(fakeResponse(429, '', 'Too Many Requests'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockImplementationOnce(hangingFetch)
      .mockResolvedValueOnce(json(200, { ok: true }));

    const result = apiClient.get('/agents', { timeoutMs: 1000, retry: { attempts: 4, initialDelayMs: 100 } });
    await jest.advanceTimersByTimeAsync(100 + 200 + 1000 + 400);

    await expect(result).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('never retries a 400', async () => {
    fetchMock.mockResolvedValue(json(400, { message: 'El prompt no puede estar vacío para ser mejorado.' }));

    const result = apiClient
      .post('/fine-tuning/enhance-prompt', { body: { prompt: '' }, retry: { attempts: 3, initialDelayMs: 500 } })
      .catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(10_000);

    await expect(result).resolves.toMatchObject({ status: 400, message: 'El prompt no puede estar vacío para ser mejorado.' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not retry a non-JSON success', async () => {
    fetchMock.mockResolvedValue(fakeResponse(200, 'not json'));

    const result = apiClient.get('/agents', { retry: { attempts: 3, initialDelayMs: 500 } }).catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(10_000);

    await expect(result).resolves.toMatchObject({ message: 'Response is not JSON' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not retry without a retry option', async () => {
    fetchMock.mockResolvedValue(fakeResponse(503, '', 'Service Unavailable'));

    const result = apiClient.get('/agents').catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(10_000);

    await expect(result).resolves.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('stops waiting between attempts when the caller cancels', async () => {
    fetchMock.mockResolvedValue(fakeResponse(503, '', 'Service Unavailable'));
    const controller = new AbortController();

    const result = apiClient
      .get('/agents', { signal: controller.signal, retry: { attempts: 3, initialDelayMs: 500 } })
      .catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(100);
    controller.abort();
    await jest.advanceTimersByTimeAsync(10_000);

    await expect(result).resolves.toMatchObject({ kind: 'aborted', status: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('apiClient.stream', () => {
  it('posts with the same headers as other calls, asks for an event stream and returns the unread response', async () => {
    setRuntimeConfig({ ...defaultRuntimeConfig, apiKey: 'key-123' });
    setAuthTokenProvider(async () => 'token-abc');
    const response = fakeResponse(200, 'event: delta\ndata: {"text":"Hola"}\n\n');
    fetchMock.mockResolvedValue(response);
    const controller = new AbortController();

    await expect(
      apiClient.stream('/bedrock/agents/chat', { body: { message: 'Hola' }, signal: controller.signal }),
    ).resolves.toBe(response);

    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/bedrock/agents/chat');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ message: 'Hola' }));
    expect(init.signal).toBe(controller.signal);
    expect(headers).toMatchObject({
      Accept: 'text/event-stream',
      'x-api-key': 'key-123',
      Authorization: 'Bearer token-abc',
      'Content-Type': 'application/json',
    });
  });

  it('uses the desktop backend inside Electron', async () => {
    window.desktop = desktopBridge('http://127.0.0.1:4100');
    fetchMock.mockResolvedValue(fakeResponse(200, ''));

    await apiClient.stream('/bedrock/agents/chat', { body: {} });

    expect(lastCall().url).toBe('http://127.0.0.1:4100/api/bedrock/agents/chat');
  });

  it("throws the server's message, status and body before the stream opens", async () => {
    const body = { statusCode: 409, message: 'Suscripción Pausada', code: 'SubscriptionPaused' };
    fetchMock.mockResolvedValue(json(409, body, 'Conflict'));

    await expect(apiClient.stream('/bedrock/agents/chat', { body: {} })).rejects.toMatchObject({
      status: 409,
      kind: 'http',
      message: 'Suscripción Pausada',
      body,
    });
  });

  it('calls the unauthorized handler on 401', async () => {
    const onUnauthorized = jest.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValue(json(401, { message: 'Unauthorized' }));

    await expect(apiClient.stream('/bedrock/agents/chat', { body: {} })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reports a network failure and a cancellation apart', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiClient.stream('/bedrock/agents/chat', { body: {} })).rejects.toMatchObject({ kind: 'network', status: 0 });

    const controller = new AbortController();
    fetchMock.mockImplementationOnce(hangingFetch);
    const result = apiClient.stream('/bedrock/agents/chat', { body: {}, signal: controller.signal }).catch((e: unknown) => e);
    await Promise.resolve();
    await Promise.resolve();
    controller.abort();
    await expect(result).resolves.toMatchObject({ kind: 'aborted', status: 0 });
  });

  it('refuses absolute URLs', async () => {
    await expect(apiClient.stream('https://evil.example/x')).rejects.toThrow(/relative/);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
