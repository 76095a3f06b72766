import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

const nested = (levels: number, open: string, close: string, leaf = '1') => open.repeat(levels) + leaf + close.repeat(levels);
const manyKeys = (count: number) => `{${Array.from({ length: count }, (_, index) => `"k${index}":1`).join(',')}}`;
const manyValues = (count: number) => `[${Array.from({ length: count }, () => '{"a":[1]}').join(',')}]`;

describe('hostile input', () => {
  let testApp: TestApp;
  let ana: SignedInUser;
  const http = () => request(testApp.server);

  beforeAll(async () => {
    testApp = await createTestApp({ ADMIN_EMAILS: 'jefa@example.com' });
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
  });

  afterAll(() => testApp.close());

  const postJson = (path: string, text: string, user?: SignedInUser) => {
    const call = http().post(path).set('Content-Type', 'application/json');
    return (user ? call.set(user.authorization) : call).send(text);
  };

  describe('body bombs are refused before they are parsed or validated', () => {
    it.each([
      ['1,500 nested arrays in a known field', '/api/agents', `{"skills":${nested(1500, '[', ']')}}`, 'anida demasiados niveles'],
      ['1,500 nested objects in a nested DTO', '/api/conversations', `{"metadata":${nested(1500, '{"a":', '}')}}`, 'anida demasiados niveles'],
      ['20,000 nested arrays', '/api/agents', nested(20000, '[', ']'), 'anida demasiados niveles'],
      ['33 levels', '/api/agents', `{"name":${nested(32, '[', ']')}}`, 'anida demasiados niveles'],
      ['50,000 keys in one object', '/api/agents', `{"name":"x","extra":${manyKeys(50000)}}`, 'demasiados valores'],
      ['50,000 keys at the top', '/api/agents', manyKeys(50000), 'demasiados valores'],
      ['a 600 KB list of small objects', '/api/agents', `{"name":"x","extra":${manyValues(60000)}}`, 'demasiados valores'],
    ])('%s: 400 in Spanish', async (_name, path, body, message) => {
      const response = await postJson(path, body, ana).expect(400);
      expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.stringContaining(message) });
    });

    it.each([
      ['a public route', '/api/files/renew-url'],
      ['the identity service', '/idp'],
    ])('also on %s, without signing in', async (_name, path) => {
      const response = await postJson(path, `{"url":${nested(1500, '[', ']')}}`).expect(400);
      expect(response.body.message).toContain('anida demasiados niveles');
      const wide = await postJson(path, manyKeys(50000)).expect(400);
      expect(wide.body.message).toContain('demasiados valores');
    });

    it('takes bodies as deep and as long as the API needs', async () => {
      const skills = Array.from({ length: 50 }, (_, index) => `habilidad ${index}`);
      const body = { name: 'Profundo', category: 'legal', description: 'x', skills, capabilities: skills, useCases: skills, modelConfig: { modelId: null } };
      await http().post('/api/agents').set(ana.authorization).send(body).expect(201);
    });

    it('counts brackets and commas inside strings as text', async () => {
      const description = `${'[{,'.repeat(1600)}\\"]`;
      const response = await http().post('/api/agents').set(ana.authorization).send({ name: 'Texto', category: 'legal', description }).expect(201);
      expect(response.body.description).toBe(description);
    });
  });

  describe('compressed bodies', () => {
    const json = '{"name":"x"}';
    it.each([
      ['gzip with a plain body', 'gzip', json],
      ['br with a plain body', 'br', json],
      ['gzip', 'gzip', gzipSync(json)],
      ['br', 'br', brotliCompressSync(json)],
      ['deflate', 'deflate', deflateSync(json)],
      ['an unknown encoding', 'zstd', json],
    ])('%s: 415 in Spanish', async (_name, encoding, body) => {
      const response = await http()
        .post('/api/agents')
        .set(ana.authorization)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .send(body)
        .expect(415);
      expect(response.body).toEqual({
        statusCode: 415,
        error: 'Unsupported Media Type',
        message: 'El cuerpo de la solicitud debe enviarse sin comprimir (sin Content-Encoding).',
      });
    });
  });

  describe('null where a field cannot be empty', () => {
    let conversationId: string;
    beforeAll(async () => {
      conversationId = (await http().post('/api/conversations').set(ana.authorization).send({ title: 'Mía' }).expect(201)).body.id;
    });

    it.each([
      ['POST /api/agents', 'post', (): string => '/api/agents', { name: 'a', category: 'b', description: 'c', prompt: null }, 'prompt no puede ser nulo'],
      ['POST nova-prompt', 'post', (): string => `/api/users/${ana.sub}/nova-prompt`, { prompt: null }, 'prompt no puede ser nulo'],
      ['PUT /api/conversations/{id}', 'put', (): string => `/api/conversations/${conversationId}`, { title: null }, 'title no puede ser nulo'],
      ['PUT /api/users/{id}', 'put', (): string => `/api/users/${ana.sub}`, { interactionComplete: null }, 'interactionComplete no puede ser nulo'],
      ['POST /api/users/registration', 'post', (): string => '/api/users/registration', { contactName: 'Ana', email: null }, 'email no puede ser nulo'],
      ['a nested DTO', 'put', (): string => `/api/conversations/${conversationId}`, { metadata: { agentId: null } }, 'metadata.agentId no puede ser nulo'],
      ['POST /api/ecosystems', 'post', (): string => '/api/ecosystems', { name: 'E', agentIds: [], description: null }, 'description no puede ser nulo'],
    ] as const)('%s: 400 naming the field', async (_name, method, path, body, message) => {
      const response = await http()[method](path()).set(ana.authorization).send(body).expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(response.body.message).toContain(message);
    });

    it('still takes null where the API document allows it', async () => {
      const response = await http()
        .post('/api/agents')
        .set(ana.authorization)
        .send({ name: 'Sin avatar', category: 'legal', description: 'x', avatar: null, modelConfig: { modelId: null } })
        .expect(201);
      expect(response.body).toMatchObject({ avatar: null, modelConfig: { modelId: null } });
    });

    it('reports an unknown null field once, as unknown', async () => {
      const response = await http().put(`/api/users/${ana.sub}`).set(ana.authorization).send({ otro: null }).expect(400);
      expect(response.body.message).toBe('la propiedad otro no está permitida');
    });
  });

  describe('malformed text', () => {
    it.each([
      ['a lone high surrogate', '"A\\ud800na"'],
      ['a lone low surrogate', '"A\\udc00na"'],
      ['two high surrogates', '"\\ud83d\\ud83d"'],
      ['a high surrogate at the end', '"Ana\\uD83D"'],
      ['a NUL, which PostgreSQL cannot store', '"A\\u0000na"'],
    ])('%s in a string: 400', async (_name, text) => {
      const response = await postJson('/api/users/registration', `{"contactName":${text}}`, ana).expect(400);
      expect(response.body.message).toBe('El cuerpo de la solicitud contiene texto no válido (un carácter nulo o UTF-16 incompleto).');
    });

    it.each([
      ['a path parameter', '/api/agents/a%00b'],
      ['a user id in the path', '/api/users/registration/%00'],
      ['a query value', '/api/marketplace/agents?search=a%00'],
    ])('refuses a NUL in %s: 400 in Spanish', async (_name, path) => {
      const response = await http().get(path).set(ana.authorization).expect(400);
      expect(response.body.message).toBe('La dirección de la solicitud contiene un carácter nulo (%00).');
    });

    it('refuses one in a list item too', async () => {
      await postJson('/api/agents', '{"name":"A","category":"legal","description":"x","skills":["ok","\\udfff"]}', ana).expect(400);
    });

    it('takes text outside the BMP, escaped or not', async () => {
      const escaped = await postJson('/api/users/registration', '{"contactName":"Ana \\ud83d\\ude00"}', ana).expect(201);
      expect(escaped.body.contactName).toBe('Ana 😀');
      const raw = await http().post('/api/users/registration').set(ana.authorization).send({ contactName: 'Ana 𝄞' }).expect(201);
      expect(raw.body.contactName).toBe('Ana 𝄞');
    });

    it('refuses JSON in another charset than UTF-8 (415)', async () => {
      await http()
        .post('/api/users/registration')
        .set(ana.authorization)
        .set('Content-Type', 'application/json; charset=utf-16le')
        .send(Buffer.from('{"contactName":"Ana"}', 'utf16le'))
        .expect(415);
    });
  });

  describe('numbers written with an exponent', () => {
    it.each([
      ['/api/agents', { name: 'a', category: 'legal', description: 'x', price: 1e-7 }, 'price debe ser un número con como máximo 2 decimales'],
      ['/api/agents', { name: 'a', category: 'legal', description: 'x', rating: 5e-324 }, 'rating debe ser un número con como máximo 2 decimales'],
      ['/api/ecosystems', { name: 'e', agentIds: [], discount: 1e-9 }, 'discount debe ser un número con como máximo 2 decimales'],
    ])('%s with %j: 400', async (path, body, message) => {
      const response = await http().post(path).set(ana.authorization).send(body).expect(400);
      expect(response.body.message).toBe(message);
    });

    it('still takes a whole number written with one', async () => {
      const response = await http().post('/api/agents').set(ana.authorization).send({ name: 'a', category: 'legal', description: 'x', price: 1e3 }).expect(201);
      expect(response.body.price).toBe(1000);
    });
  });

  describe('page numbers past any page', () => {
    it.each(['/api/agents', '/api/marketplace/agents', '/api/ecosystems', '/api/marketplace/ecosystems'])(
      '%s?page=99999999999999999999: 400',
      async (path) => {
        const response = await http().get(path).query({ page: '99999999999999999999' }).expect(400);
        expect(response.body.message).toBe('page no puede superar 1000000');
      },
    );
  });

  describe('the admin area in any spelling', () => {
    let member: SignedInUser;
    beforeAll(async () => {
      member = await signUpAndSignIn(testApp, 'socia@example.com');
    });

    it.each(['/API-ADMIN/users', '/Api-Admin/users', '/api-ADMIN/'])('%s is refused to a member (403), as the guard matches any letter case', async (path) => {
      for (const method of ['get', 'delete', 'post'] as const) {
        const response = await http()[method](path).set(member.authorization).send({});
        expect(response.status).toBe(403);
        expect(response.body.message).toBe('Esta acción está reservada a los administradores.');
      }
    });

    it.each(['/API-ADMIN', '//api-admin/users', '/api-admin//users', '/api-%61dmin/users', '/api-admin%2fusers', '/api/../api-admin/users'])(
      '%s never reaches the admin controllers as a member',
      async (path) => {
        for (const method of ['get', 'delete', 'post'] as const) {
          const response = await http()[method](path).set(member.authorization).send({});
          // A path routing does not match: a JSON 403/404, or for a GET the page's own client route.
          if (response.type === 'text/html') {
            expect(response.text).toMatch(/<div id="root"/);
          } else {
            expect([403, 404]).toContain(response.status);
            // The admin area's own 404 ("Ruta no encontrada") answers only callers the guard let in.
            expect(response.body.message).not.toMatch(/^Ruta no encontrada/);
          }
        }
      },
    );
  });

  describe('headers', () => {
    it.each([
      ['a signed-in read', '/api/conversations', true],
      ['a signed-in profile', `/api/users/registration/username/ana@example.com`, true],
      ['a visitor listing', '/api/marketplace/agents', false],
      ['an error', '/api/no-existe', false],
    ])('%s is never stored by a browser or proxy', async (_name, path, signedIn) => {
      const call = http().get(path);
      const response = await (signedIn ? call.set(ana.authorization) : call);
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('the identity service answers are not stored either', async () => {
      const response = await postJson('/idp', '{}');
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('turns off browser features the app never uses', async () => {
      const response = await http().get('/api/config');
      const policy = String(response.headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'usb', 'payment']) expect(policy).toContain(`${feature}=()`);
    });

    it('forbids framing the same way in both headers', async () => {
      const response = await http().get('/');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    });
  });
});
