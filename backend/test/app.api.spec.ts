import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { version } from '../../package.json';
import { createTestApp, TestApp } from './support/test-app';

describe('the application shell over HTTP', () => {
  let testApp: TestApp;
  let rendererDir: string;

  beforeAll(async () => {
    rendererDir = mkdtempSync(join(tmpdir(), 'nova-renderer-'));
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Nova</title><div id="root"></div>');
    testApp = await createTestApp({
      RENDERER_DIR: rendererDir,
      PRODUCT_NAME: 'Acme',
      CORS_ORIGINS: 'https://app.example',
      TRACKING_SCRIPTS: 'https://stats.example/t.js',
    });
  });

  afterAll(async () => {
    await testApp.close();
    rmSync(rendererDir, { recursive: true, force: true });
  });

  describe('GET /api/health', () => {
    it('reports the database as reachable, the version and the providers', async () => {
      const response = await request(testApp.server).get('/api/health').expect(200);
      expect(response.body).toEqual({
        status: 'ok',
        version,
        database: { type: process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite', reachable: true },
        providers: {
          identity: 'embedded',
          payments: 'demo',
          mail: 'outbox',
          assistant: 'offline',
          models: { provider: 'none', bedrockAgent: false, bedrockChatbotAgent: false, bedrockRuntime: false, openAiCompatible: false },
        },
      });
      expect(response.headers['cache-control']).toBe('no-store');
    });
  });

  describe('GET /api/config', () => {
    it('gives the renderer the public runtime configuration of this deployment', async () => {
      const response = await request(testApp.server).get('/api/config').expect(200);
      expect(response.body).toEqual({
        productName: 'Acme',
        assistantName: 'Seshat',
        apiKey: null,
        identity: { provider: 'embedded', region: 'us-east-1', userPoolId: 'us-east-1_NovaLocal', userPoolClientId: 'novaweb', endpoint: '/idp' },
        payments: { provider: 'demo', publishableKey: null, currency: 'eur' },
        tracking: { scripts: ['https://stats.example/t.js'] },
        features: [],
        limits: expect.any(Object),
        categories: [
          { slug: 'legal', label: 'Legal' },
          { slug: 'finance', label: 'Finanzas' },
          { slug: 'marketing', label: 'Marketing' },
          { slug: 'tech', label: 'Tecnología' },
          { slug: 'hr', label: 'Recursos humanos' },
          { slug: 'operations', label: 'Operaciones' },
          { slug: 'general', label: 'General' },
        ],
      });
    });

    it("serves the limits the server enforces: the contact form's, at and past each bound", async () => {
      const { limits } = (await request(testApp.server).get('/api/config').expect(200)).body;
      const { name, subject, message } = limits.contact;
      const send = (body: Partial<Record<'name' | 'subject' | 'message', string>>) =>
        request(testApp.server)
          .post('/api/contact')
          .set('X-Forwarded-For', '203.0.113.77')
          .send({ name: 'Ana', email: 'ana@example.com', subject: 'Hola', message: 'Un mensaje de prueba.', ...body });
      await send({ name: 'a'.repeat(name.max), subject: 's'.repeat(subject.max), message: 'm'.repeat(message.max) }).expect(201);
      for (const tooLong of [{ name: 'a'.repeat(name.max + 1) }, { subject: 's'.repeat(subject.max + 1) }, { message: 'm'.repeat(message.max + 1) }]) {
        await send(tooLong).expect(400);
      }
      await send({ message: 'm'.repeat(message.min - 1) }).expect(400);
    });

    it("is what the renderer's tests take as the server's answer (renderer/test/served-config.json)", async () => {
      const { limits, categories } = (await request(testApp.server).get('/api/config').expect(200)).body;
      const fixture = JSON.parse(readFileSync(join(__dirname, '../../renderer/test/served-config.json'), 'utf8'));
      expect({ limits, categories }).toEqual(fixture);
    });

    it("serves the API keys' rate ceiling this deployment set (API_KEY_RATE_LIMIT_MAX)", async () => {
      const { limits } = (await request(testApp.server).get('/api/config').expect(200)).body;
      expect(limits.apiKey.rateLimitPerMinute).toEqual({ min: 1, max: 600 });
      expect(limits.agent.name).toEqual({ min: 1, max: 120 });
    });

    it('allows the configured tracking script origin in the content security policy', async () => {
      const response = await request(testApp.server).get('/api/config');
      expect(response.headers['content-security-policy']).toContain("script-src 'self' https://stats.example");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-powered-by']).toBeUndefined();
    });
  });

  it('in Cognito mode with COGNITO_ISSUER_URL, tells the renderer where that pool is and lets the page call it', async () => {
    const cognitoApp = await createTestApp({ COGNITO_USER_POOL_ID: 'us-east-1_NovaLocal', COGNITO_CLIENT_ID: 'novaweb', COGNITO_ISSUER_URL: 'http://localhost:4000/idp/us-east-1_NovaLocal' });
    try {
      const response = await request(cognitoApp.server).get('/api/config').expect(200);
      expect(response.body.identity).toEqual({ provider: 'cognito', region: 'us-east-1', userPoolId: 'us-east-1_NovaLocal', userPoolClientId: 'novaweb', endpoint: 'http://localhost:4000/idp' });
      expect(response.headers['content-security-policy']).toContain("connect-src 'self' http://localhost:4000;");
    } finally {
      await cognitoApp.close();
    }
  });

  describe('unknown server paths', () => {
    it.each(['/api/x', '/api/no/existe/tampoco'])('answers %s with a JSON 404', async (path) => {
      const response = await request(testApp.server).get(path).expect(404).expect('Content-Type', /json/);
      expect(response.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
      expect(typeof response.body.message).toBe('string');
    });
  });

  it('answers any /api-admin path as JSON, asking a visitor to sign in first', async () => {
    const response = await request(testApp.server).get('/api-admin/x').expect(401).expect('Content-Type', /json/);
    expect(response.body).toEqual({ statusCode: 401, message: 'Debes iniciar sesión para hacer esto.', error: 'Unauthorized' });
  });

  describe('client routes', () => {
    it.each(['/', '/marketplace', '/chat/abc', '/esta/ruta/no/existe'])('loads the app for %s', async (path) => {
      const response = await request(testApp.server).get(path).expect(200).expect('Content-Type', /html/);
      expect(response.text).toContain('<div id="root"></div>');
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('keeps a real 404 for a missing chunk instead of answering with the page', async () => {
      await request(testApp.server).get('/static/js/missing-123.js').expect(404);
    });
  });

  describe('bad input', () => {
    it('answers a malformed JSON body with a 400 and a clear message', async () => {
      const response = await request(testApp.server)
        .post('/api/health')
        .set('Content-Type', 'application/json')
        .send('{bad')
        .expect(400);
      expect(response.body).toEqual({
        statusCode: 400,
        message: 'El cuerpo de la solicitud no es JSON válido.',
        error: 'Bad Request',
      });
    });
  });

  describe('CORS', () => {
    it.each(['https://app.example', 'app://nova'])('lets %s call the API', async (origin) => {
      const response = await request(testApp.server).get('/api/health').set('Origin', origin);
      expect(response.headers['access-control-allow-origin']).toBe(origin);
    });

    it('gives no CORS grant to other origins', async () => {
      const response = await request(testApp.server).get('/api/health').set('Origin', 'https://evil.example');
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    });
  });
});

describe('GET /api/health when the database is gone', () => {
  it('answers 503 with the database marked unreachable', async () => {
    const testApp = await createTestApp();
    const dataSource = testApp.app.get(DataSource);
    try {
      await dataSource.destroy();
      const response = await request(testApp.server).get('/api/health').expect(503);
      expect(response.body).toMatchObject({ status: 'error', database: { reachable: false } });
    } finally {
      await dataSource.initialize();
      await testApp.close();
    }
  });
});
