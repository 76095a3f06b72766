import { desktopBridge } from '../../../test/desktop-bridge';
import { fakeResponse, jsonResponse } from '../../../test/http';
import { defaultRuntimeConfig, setRuntimeConfig } from '../config/runtimeConfig';
import { openEventStream } from './stream';
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

describe('openEventStream', () => {
  it('posts with the same headers as other calls, asks for an event stream and returns the unread response', async () => {
    setRuntimeConfig({ ...defaultRuntimeConfig, apiKey: 'key-123' });
    setAuthTokenProvider(async () => 'token-abc');
    const response = fakeResponse(200, 'event: delta\ndata: {"text":"Hola"}\n\n');
    fetchMock.mockResolvedValue(response);
    const controller = new AbortController();

    await expect(
      openEventStream('/bedrock/agents/chat', { body: { message: 'Hola' }, signal: controller.signal }),
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

    await openEventStream('/bedrock/agents/chat', { body: {} });

    expect(lastCall().url).toBe('http://127.0.0.1:4100/api/bedrock/agents/chat');
  });

  it("throws the server's message, status and body before the stream opens", async () => {
    const body = { statusCode: 409, message: 'Suscripción Pausada', code: 'SubscriptionPaused' };
    fetchMock.mockResolvedValue(json(409, body, 'Conflict'));

    await expect(openEventStream('/bedrock/agents/chat', { body: {} })).rejects.toMatchObject({
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

    await expect(openEventStream('/bedrock/agents/chat', { body: {} })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reports a network failure and a cancellation apart', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(openEventStream('/bedrock/agents/chat', { body: {} })).rejects.toMatchObject({ kind: 'network', status: 0 });

    const controller = new AbortController();
    fetchMock.mockImplementationOnce(hangingFetch);
    const result = openEventStream('/bedrock/agents/chat', { body: {}, signal: controller.signal }).catch((e: unknown) => e);
    await Promise.resolve();
    await Promise.resolve();
    controller.abort();
    await expect(result).resolves.toMatchObject({ kind: 'aborted', status: 0 });
  });

  it('refuses absolute URLs', async () => {
    await expect(openEventStream('https://evil.example/x')).rejects.toThrow(/relative/);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
