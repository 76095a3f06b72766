import { desktopBridge } from '../../../test/desktop-bridge';
import { fakeResponse, jsonResponse } from '../../../test/http';
import { defaultRuntimeConfig, setRuntimeConfig } from '../config/runtimeConfig';
import { ApiError } from './ApiError';
import { api, setAuthTokenProvider, setUnauthorizedHandler } from './client';
import { withTimeout } from './queryClient';

const fetchMock = jest.fn<Promise<Response>, [Request]>();
const sentTokens = () => fetchMock.mock.calls.map(([request]) => request.headers.get('Authorization'));

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  setRuntimeConfig({ ...defaultRuntimeConfig, apiKey: 'key-123' });
});

afterEach(() => {
  setAuthTokenProvider(null);
  setUnauthorizedHandler(null);
  delete window.desktop;
  jest.useRealTimers();
});

const lastRequest = (): Request => {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return call[0];
};

/** A fetch that, like the real one, only settles when its request's signal aborts. */
function hangingFetch(request: Request): Promise<Response> {
  return new Promise((_, reject) => {
    request.signal.addEventListener('abort', () => reject(request.signal.reason ?? new DOMException('Aborted', 'AbortError')));
  });
}

/** A session whose token the unauthorized handler refreshes, as the auth bridge does. */
function session(refreshTo: string | null) {
  let token = 'token-old';
  setAuthTokenProvider(async () => token);
  const onUnauthorized = jest.fn(async () => {
    if (refreshTo) token = refreshTo;
  });
  setUnauthorizedHandler(onUnauthorized);
  return onUnauthorized;
}

describe('the typed client', () => {
  it('sends the API key and the bearer token, and resolves with the data', async () => {
    session(null);
    fetchMock.mockResolvedValue(jsonResponse(200, { productName: 'Nova' }));

    const { data } = await api.GET('/api/config');

    expect(data).toEqual({ productName: 'Nova' });
    const [request] = fetchMock.mock.calls[0];
    expect(new URL(request.url).pathname).toBe('/api/config');
    expect(request.headers.get('x-api-key')).toBe('key-123');
    expect(request.headers.get('Authorization')).toBe('Bearer token-old');
  });

  it("throws the server's Spanish message as an ApiError", async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { statusCode: 404, message: 'Agente no encontrado' }));

    await expect(api.GET('/api/config')).rejects.toMatchObject({ status: 404, kind: 'http', message: 'Agente no encontrado' });
  });
});

describe('a 401', () => {
  it('refreshes the session and sends the request once more with the new token', async () => {
    const onUnauthorized = session('token-new');
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { message: 'Unauthorized' })).mockResolvedValueOnce(jsonResponse(201, { id: 'c1' }));

    await expect(api.POST('/api/conversations', { body: { title: 'Hola' } })).resolves.toMatchObject({ data: { id: 'c1' } });

    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(sentTokens()).toEqual(['Bearer token-old', 'Bearer token-new']);
    expect(await fetchMock.mock.calls[1][0].text()).toBe(JSON.stringify({ title: 'Hola' }));
  });

  it('is not sent again when the refresh gave no new token', async () => {
    session(null);
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'Unauthorized' }));

    await expect(api.GET('/api/conversations')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is retried once only: a second 401 is the answer', async () => {
    const onUnauthorized = session('token-new');
    fetchMock.mockImplementation(async () => jsonResponse(401, { message: 'Unauthorized' }));

    await expect(api.GET('/api/config')).rejects.toMatchObject({ status: 401, message: 'Unauthorized' });
    expect(sentTokens()).toEqual(['Bearer token-old', 'Bearer token-new']);
    // The second refusal reaches the handler too: a refreshed token refused is a session to end.
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });
});

describe('where requests go and what they carry', () => {
  it('calls /api in a browser', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { id: 'a1' }));

    await api.GET('/api/agents/{id}', { params: { path: { id: 'a1' } } });

    expect(new URL(lastRequest().url).pathname).toBe('/api/agents/a1');
    expect(lastRequest().method).toBe('GET');
  });

  it('calls the desktop backend when running inside Electron, with the body as a body (not a stream the browser refuses to move)', async () => {
    window.desktop = desktopBridge('http://127.0.0.1:4100/');
    fetchMock.mockResolvedValue(jsonResponse(201, { id: 'c1' }));

    await api.POST('/api/conversations', { body: { title: 'Hola' } });

    expect(lastRequest().url).toBe('http://127.0.0.1:4100/api/conversations');
    expect(await lastRequest().text()).toBe('{"title":"Hola"}');
  });

  it('omits the API key and the token when there are none, and calls even when the token provider fails', async () => {
    setRuntimeConfig(defaultRuntimeConfig);
    setAuthTokenProvider(() => Promise.reject(new Error('no session')));
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'ok' }));

    await api.GET('/api/health');

    expect(lastRequest().headers.has('x-api-key')).toBe(false);
    expect(lastRequest().headers.has('Authorization')).toBe(false);
  });

  it('resolves a 204 or an empty body with no data', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(204, '')).mockResolvedValueOnce(fakeResponse(200, ''));

    await expect(api.DELETE('/api/agents/{id}', { params: { path: { id: 'a1' } } })).resolves.toMatchObject({ data: undefined });
    await expect(api.GET('/api/health')).resolves.toMatchObject({ data: undefined });
  });
});

describe('errors, in Spanish where the server gives none', () => {
  it("reports 'Error {status}: {statusText}' without a server message, the standard phrase when the text is empty (HTTP/2)", async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(503, '<html>down</html>', 'Service Unavailable')).mockResolvedValueOnce(fakeResponse(404, ''));

    const first = await api.GET('/api/health').catch((error: unknown) => error);
    expect(first).toBeInstanceOf(ApiError);
    expect(first).toMatchObject({ status: 503, kind: 'http', message: 'Error 503: Service Unavailable' });
    await expect(api.GET('/api/health')).rejects.toMatchObject({ status: 404, message: 'Error 404: Not Found' });
  });

  it("passes the server's message through with its body, and joins validation messages with '. '", async () => {
    const body = { statusCode: 409, message: 'Este agente ya está en tu equipo', error: 'Conflict' };
    fetchMock.mockResolvedValueOnce(jsonResponse(409, body, 'Conflict')).mockResolvedValueOnce(jsonResponse(400, { message: ['name must be a string', 'price must be positive'] }));

    await expect(api.GET('/api/health')).rejects.toMatchObject({ status: 409, message: 'Este agente ya está en tu equipo', body });
    await expect(api.GET('/api/health')).rejects.toMatchObject({ status: 400, message: 'name must be a string. price must be positive' });
  });

  it("refuses a successful answer that is not JSON ('Response is not JSON')", async () => {
    fetchMock.mockResolvedValue(fakeResponse(200, '<!doctype html><html></html>', 'OK'));

    await expect(api.GET('/api/health')).rejects.toMatchObject({ status: 200, kind: 'invalid-response', message: 'Response is not JSON' });
  });

  it('reports a network failure with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(api.GET('/api/health')).rejects.toMatchObject({ status: 0, kind: 'network', message: 'No se pudo conectar con el servidor.' });
  });

  it('tells the session about a 401, not about a 403', async () => {
    const onUnauthorized = jest.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { message: 'Forbidden' })).mockResolvedValueOnce(jsonResponse(401, { message: 'Unauthorized' }));

    await expect(api.GET('/api/conversations')).rejects.toMatchObject({ status: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(api.GET('/api/conversations')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized.mock.calls[0]?.[0]).toBeInstanceOf(ApiError);
  });
});

describe('time-outs and cancellations', () => {
  it('gives up after the time-out with a Spanish message and status 0', async () => {
    jest.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch);

    const result = api.GET('/api/health', { signal: withTimeout(new AbortController().signal, 5000) }).catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(5000);

    await expect(result).resolves.toMatchObject({ status: 0, kind: 'timeout', message: 'La solicitud ha tardado demasiado. Inténtalo de nuevo.' });
  });

  it('reports a cancellation by the caller as aborted, not as a time-out', async () => {
    fetchMock.mockImplementation(hangingFetch);
    const controller = new AbortController();

    const result = api.GET('/api/health', { signal: withTimeout(controller.signal, 5000) }).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();

    await expect(result).resolves.toMatchObject({ status: 0, kind: 'aborted' });
  });
});
