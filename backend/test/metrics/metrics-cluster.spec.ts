import { get } from 'node:http';
import { createBackendInstall } from '../support/backend-process';
import { freePort } from '../support/free-port';
import { sampleValue } from './prometheus-text';

// Two installs of a primary and two workers each, started from the TypeScript sources.
jest.setTimeout(300_000);

const TOKEN = 'token-de-metricas-del-cluster-0123456789';
const REQUESTS = 40;
const LIVE = { method: 'GET', route: '/api/health/live', status: '200' };

/** A GET on a connection of its own, so that the cluster's primary hands each one to the next worker. */
function getOnNewConnection(url: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    }).on('error', reject);
  });
}

/** Once every worker answers the primary (the first one listens before the others have started). */
async function untilScraped(url: string, headers: Record<string, string> = {}): Promise<void> {
  const deadline = Date.now() + 120_000;
  while ((await getOnNewConnection(url, headers)).status !== 200) {
    if (Date.now() > deadline) throw new Error(`${url} no respondió 200`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function askLiveness(url: string): Promise<void> {
  for (let i = 0; i < REQUESTS; i += 1) expect((await getOnNewConnection(`${url}/api/health/live`)).status).toBe(200);
}

/** Issue 35, point 3: with WEB_CONCURRENCY > 1, one scrape returns the sum over the workers. */
describe('GET /metrics in cluster mode (WEB_CONCURRENCY=2)', () => {
  it('answers the sum over both workers on whichever worker is scraped', async () => {
    const install = await createBackendInstall({ WEB_CONCURRENCY: '2', METRICS_TOKEN: TOKEN });
    try {
      const backend = await install.start();
      await untilScraped(`${install.url}/metrics`, { Authorization: `Bearer ${TOKEN}` });
      await askLiveness(install.url);
      // Connections go to the workers in turn: each scrape is answered by one, and each gives the whole count.
      for (let scrape = 0; scrape < 4; scrape += 1) {
        const response = await getOnNewConnection(`${install.url}/metrics`, { Authorization: `Bearer ${TOKEN}` });
        expect(response.status).toBe(200);
        expect(sampleValue(response.text, 'nova_http_request_duration_seconds_count', LIVE)).toBe(REQUESTS);
      }
      expect((await getOnNewConnection(`${install.url}/metrics`)).status).toBe(401);
      expect(await backend.stop()).toBe(0);
    } finally {
      await install.dispose();
    }
  });

  it('with METRICS_PORT, the primary serves the sum on 127.0.0.1 and the workers’ port does not', async () => {
    const metricsPort = await freePort();
    const install = await createBackendInstall({ WEB_CONCURRENCY: '2', METRICS_PORT: String(metricsPort) });
    try {
      const backend = await install.start();
      await untilScraped(`http://127.0.0.1:${metricsPort}/metrics`);
      await askLiveness(install.url);
      const response = await getOnNewConnection(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(response.status).toBe(200);
      expect(sampleValue(response.text, 'nova_http_request_duration_seconds_count', LIVE)).toBe(REQUESTS);
      expect((await getOnNewConnection(`${install.url}/metrics`)).status).toBe(404);
      expect(await backend.stop()).toBe(0);
    } finally {
      await install.dispose();
    }
  });
});
