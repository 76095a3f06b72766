import { jsonResponse } from '../../../test/http';
import { defaultRuntimeConfig, setRuntimeConfig } from '../config/runtimeConfig';
import { apiClient } from './apiClient';
import { api, setAuthTokenProvider, setUnauthorizedHandler } from './client';

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
});

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

    await expect(apiClient.post('/conversations', { body: { title: 'Hola' } })).resolves.toEqual({ id: 'c1' });

    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(sentTokens()).toEqual(['Bearer token-old', 'Bearer token-new']);
    expect(await fetchMock.mock.calls[1][0].text()).toBe(JSON.stringify({ title: 'Hola' }));
  });

  it('is not sent again when the refresh gave no new token', async () => {
    session(null);
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'Unauthorized' }));

    await expect(apiClient.get('/conversations')).rejects.toMatchObject({ status: 401 });
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
