import { desktopBridge } from '../../../test/desktop-bridge';
import { fakeResponse } from '../../../test/http';
import { createStore } from 'jotai';
import servedConfig from '../../../test/served-config.json';
import { getApiBase, getRuntimeConfig, parseRuntimeConfig, defaultRuntimeConfig } from './runtimeConfig';
import { loadRuntimeConfig } from './loadRuntimeConfig';
import { loadRuntimeConfigAtom, runtimeConfigAtom, runtimeConfigStatusAtom } from './runtimeConfigAtoms';

const serverConfig = {
  productName: 'Nova Pro',
  assistantName: 'Seshat',
  apiKey: 'public-key',
  identity: {
    provider: 'embedded',
    region: 'us-east-1',
    userPoolId: 'local_pool',
    userPoolClientId: 'client',
    endpoint: 'http://localhost:3000/identity',
  },
  payments: { provider: 'stripe', publishableKey: 'pk_test_123', currency: 'eur' },
  tracking: { scripts: ['https://cdn.example/analytics.js'] },
  features: ['agent-flow'],
  limits: servedConfig.limits,
  categories: servedConfig.categories,
};

function respondWith(status: number, body: unknown, statusText = ''): Response {
  return fakeResponse(status, typeof body === 'string' ? body : JSON.stringify(body), statusText);
}

const fetchMock = jest.fn<Promise<Response>, [Request]>();

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  delete window.desktop;
});

describe('API base', () => {
  it('is /api in a browser', () => {
    expect(getApiBase()).toBe('/api');
  });

  it("is the desktop backend's /api inside Electron", () => {
    window.desktop = desktopBridge('http://127.0.0.1:4100');
    expect(getApiBase()).toBe('http://127.0.0.1:4100/api');
  });
});

describe('parseRuntimeConfig', () => {
  it('keeps a complete configuration as sent', () => {
    expect(parseRuntimeConfig(serverConfig)).toEqual(serverConfig);
  });

  it('fills missing or malformed fields from the defaults', () => {
    const config = parseRuntimeConfig({
      productName: '',
      identity: { provider: 'cognito', region: 'eu-west-1' },
      payments: { provider: 'stripe', publishableKey: null },
      tracking: { scripts: ['https://a.example/x.js', 42, ''] },
      features: 'all',
      limits: 'none',
      categories: [{ slug: 'legal', label: 'Legal' }, { slug: '' }, 'finance'],
    });

    expect(config).toEqual({
      ...defaultRuntimeConfig,
      identity: null,
      payments: { provider: 'demo', publishableKey: null, currency: 'eur' },
      tracking: { scripts: ['https://a.example/x.js'] },
      categories: [{ slug: 'legal', label: 'Legal' }],
    });
  });

  it('falls back entirely for a non-object', () => {
    expect(parseRuntimeConfig('nope')).toEqual(defaultRuntimeConfig);
  });
});

describe('loadRuntimeConfig', () => {
  it('fetches GET /api/config and makes its API key the one the client sends', async () => {
    fetchMock.mockResolvedValue(respondWith(200, serverConfig));

    const result = await loadRuntimeConfig();

    expect(fetchMock.mock.calls[0]?.[0].url).toBe('http://localhost/api/config');
    expect(result).toEqual({ config: serverConfig, source: 'server' });
    expect(getRuntimeConfig().apiKey).toBe('public-key');
  });

  it('uses the defaults (Nova, Seshat) when the server is unreachable', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    const result = await loadRuntimeConfig();

    expect(result.source).toBe('default');
    expect(result.config).toBe(defaultRuntimeConfig);
    expect(result.config.productName).toBe('Nova');
    expect(result.config.assistantName).toBe('Seshat');
    expect(getRuntimeConfig()).toBe(defaultRuntimeConfig);
  });

  it('updates the atoms: ready on success, fallback on failure', async () => {
    const store = createStore();
    fetchMock.mockResolvedValueOnce(respondWith(200, serverConfig));

    await store.set(loadRuntimeConfigAtom);
    expect(store.get(runtimeConfigAtom).productName).toBe('Nova Pro');
    expect(store.get(runtimeConfigStatusAtom)).toBe('ready');

    fetchMock.mockResolvedValueOnce(respondWith(500, '', 'Internal Server Error'));
    await store.set(loadRuntimeConfigAtom);
    expect(store.get(runtimeConfigAtom)).toBe(defaultRuntimeConfig);
    expect(store.get(runtimeConfigStatusAtom)).toBe('fallback');
  });
});
