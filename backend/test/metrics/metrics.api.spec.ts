import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { type OpenAiFake, openAiFakeEnv, startOpenAiFake } from '../fakes/openai-fake';
import { signUpAndSignIn } from '../support/identity-client';
import { freePort } from '../support/free-port';
import { createTestApp, type TestApp } from '../support/test-app';
import { sampleValue } from './prometheus-text';

jest.setTimeout(120_000);

const TOKEN = 'token-de-metricas-de-prueba-0123456789';

/** Issue 35, point 3: Prometheus' scrape at GET /metrics, behind its token. */
describe('GET /metrics', () => {
  let fake: OpenAiFake;
  let testApp: TestApp;
  const http = () => request(testApp.server);
  const scrape = async () => (await http().get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;

  /** A built renderer: its history fallback answers every other GET with the page. */
  const rendererDir = mkdtempSync(join(tmpdir(), 'nova-renderer-'));

  beforeAll(async () => {
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Nova</title>');
    fake = await startOpenAiFake({ reply: ['Hola', ', ¿qué tal?'], usage: { prompt_tokens: 7, completion_tokens: 3 } });
    testApp = await createTestApp(openAiFakeEnv(fake, { METRICS_TOKEN: TOKEN, RENDERER_DIR: rendererDir }));
  });

  afterAll(async () => {
    await testApp.close();
    await fake.close();
    rmSync(rendererDir, { recursive: true, force: true });
  });

  it('refuses a scrape without the token, or with another one (401, in Spanish)', async () => {
    const missing = await http().get('/metrics').expect(401);
    expect(missing.body).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      code: 'MetricsToken',
      message: 'Falta el token de las métricas o no es válido (Authorization: Bearer <METRICS_TOKEN>).',
    });
    await http().get('/metrics').set('Authorization', 'Bearer otro-token-cualquiera-0123456789').expect(401);
    await http().get('/metrics').set('Authorization', TOKEN).expect(401);
    // Never the renderer's page, whose history fallback answers the other paths.
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    // Not under /api: the product's API prefix does not serve it.
    await http().get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(404);
  });

  it('answers Prometheus text with the process metrics (event-loop lag, memory) and no cache', async () => {
    const response = await http().get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain;.*\bversion=0\.0\.4\b/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text).toMatch(/^# HELP nova_nodejs_eventloop_lag_seconds /m);
    expect(response.text).toMatch(/^nova_process_resident_memory_bytes \d+/m);
    expect(sampleValue(response.text, 'nova_sse_open_streams')).toBe(0);
    // The PostgreSQL pool's connections (none on SQLite, a file).
    const pooled = sampleValue(response.text, 'nova_database_pool_connections', { state: 'total' });
    if (testApp.config.database.type === 'postgres') expect(pooled).toBeGreaterThan(0);
    else expect(pooled).toBe(0);
  });

  it('counts requests by route pattern (not the raw URL) and status, with their latency', async () => {
    const route = { method: 'GET', route: '/api/agents/:id', status: '404' };
    const before = sampleValue(await scrape(), 'nova_http_request_duration_seconds_count', route);
    for (const id of ['a1b2c3d4-0000-4000-8000-000000000001', 'a1b2c3d4-0000-4000-8000-000000000002']) {
      await http().get(`/api/agents/${id}`).expect(404);
    }
    await http().get('/api/health/live').expect(200);
    const text = await scrape();
    expect(sampleValue(text, 'nova_http_request_duration_seconds_count', route)).toBe(before + 2);
    expect(text).not.toContain('a1b2c3d4-0000');
    expect(sampleValue(text, 'nova_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(before + 2);
    expect(sampleValue(text, 'nova_http_request_duration_seconds_count', { method: 'GET', route: '/api/health/live', status: '200' })).toBeGreaterThanOrEqual(1);
  });

  it('counts the marketplace page cache: a miss, then hits for the same page', async () => {
    const lookups = async (result: string) => sampleValue(await scrape(), 'nova_cache_lookups_total', { cache: 'marketplace_pages', result });
    const [hits, misses] = [await lookups('hit'), await lookups('miss')];
    const page = `/api/marketplace/agents?search=metricas-${Date.now()}`;
    await http().get(page).expect(200);
    await http().get(page).expect(200);
    await http().get(page).expect(200);
    expect(await lookups('miss')).toBe(misses + 1);
    expect(await lookups('hit')).toBe(hits + 2);
  });

  it('counts a published agent’s call, its model call and tokens by provider and model, and the signed-in user’s token cache', async () => {
    const ana = await signUpAndSignIn(testApp, 'ana-metricas@example.com');
    const agentId = (
      await http().post('/api/agents').set(ana.authorization).send({ name: 'Medido', category: 'legal', description: 'Un agente medido', prompt: 'Eres breve.' }).expect(201)
    ).body.id as string;
    const publication = (await http().post(`/api/agent/${agentId}/publication`).set(ana.authorization).send({}).expect(201)).body as { apiKey: { secret: string } };
    const before = await scrape();
    const model = { provider: 'openai-compatible', model: 'default' };

    await http().post(`/api/v1/agent/${agentId}/invoke`).set('x-api-key', publication.apiKey.secret).send({ input: 'Hola' }).expect(200);
    await http().get(`/api/agents/${agentId}`).set(ana.authorization).expect(200);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) => sampleValue(after, name, labels) - sampleValue(before, name, labels);
    expect(moved('nova_published_agent_calls_total', { outcome: 'ok' })).toBe(1);
    expect(moved('nova_model_calls_total', { ...model, outcome: 'done' })).toBe(1);
    expect(moved('nova_model_tokens_total', { ...model, direction: 'input' })).toBe(7);
    expect(moved('nova_model_tokens_total', { ...model, direction: 'output' })).toBe(3);
    expect(moved('nova_model_call_duration_seconds_count', model)).toBe(1);
    expect(moved('nova_http_request_duration_seconds_count', { method: 'POST', route: '/api/v1/agent/:id/invoke', status: '200' })).toBe(1);
    expect(moved('nova_cache_lookups_total', { cache: 'token_sessions', result: 'hit' })).toBeGreaterThanOrEqual(1);

    // A model that fails counts as an error, by its error.
    fake.set({ status: 500 });
    await http().post(`/api/v1/agent/${agentId}/invoke`).set('x-api-key', publication.apiKey.secret).send({ input: 'Hola' });
    const failed = await scrape();
    expect(sampleValue(failed, 'nova_published_agent_calls_total', { outcome: 'error' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(failed, 'nova_model_calls_total', { ...model, outcome: 'error' })).toBeGreaterThanOrEqual(1);
    expect(failed).toMatch(/^nova_model_errors_total\{provider="openai-compatible",model="default",error="Model\w+Error"\} \d+/m);
  });
});

describe('GET /metrics without METRICS_TOKEN nor METRICS_PORT', () => {
  it('refuses every scrape, saying how to turn them on', async () => {
    const testApp = await createTestApp();
    try {
      const response = await request(testApp.server).get('/metrics').set('Authorization', 'Bearer cualquier-cosa-0123456789').expect(401);
      expect(response.body.code).toBe('MetricsDisabled');
      expect(response.body.message).toBe('Las métricas están desactivadas: configura METRICS_TOKEN (o METRICS_PORT) en el servidor.');
    } finally {
      await testApp.close();
    }
  });
});

describe('GET /metrics with METRICS_PORT', () => {
  it('is served on that port of 127.0.0.1 only, not on the main port', async () => {
    const port = await freePort();
    const testApp = await createTestApp({ METRICS_PORT: String(port) });
    try {
      const main = await request(testApp.server).get('/metrics').expect(404);
      expect(main.body.message).toBe('Las métricas no se sirven en este puerto.');
      await request(testApp.server).get('/api/health/live').expect(200);

      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      const text = await response.text();
      expect(sampleValue(text, 'nova_http_request_duration_seconds_count', { method: 'GET', route: '/api/health/live', status: '200' })).toBeGreaterThanOrEqual(1);
      expect((await fetch(`http://127.0.0.1:${port}/otra-cosa`)).status).toBe(404);
    } finally {
      await testApp.close();
    }
    // Closed with the application.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});
