import request from 'supertest';
import { getRepositoryToken } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Agent } from '../../src/modules/agents/entities/agent.entity';
import { Ecosystem } from '../../src/modules/ecosystems/entities/ecosystem.entity';
import { createTestApp, type TestApp } from '../support/test-app';
import { type SignedInUser, signUpAndSignIn } from '../support/identity-client';
import { PNG } from '../support/images';

const SIGNED_URL = /^\/api\/files\/[0-9a-f-]{36}\/content\?expires=\d+&signature=[A-Za-z0-9_-]{43}$/;

/** Addresses a visitor's browser must never be sent to by someone else's avatar. */
const REFUSED = [
  'javascript:alert(document.cookie)',
  'http://127.0.0.1:8080/pixel.gif',
  'http://images.example.com/a.png',
  'https://tracker.example/pixel.gif?who=visitor',
  'https://images.example.com.tracker.example/a.png',
  'https://images.example.com:8443/a.png',
  'https://user:secret@images.example.com/a.png',
  '//tracker.example/pixel.gif',
  '/api/agents',
  'data:image/svg+xml;base64,PHN2Zy8+',
];

/**
 * Issue 29, finding 9: every visitor's browser loads an agent's or ecosystem's avatar, so an
 * avatar is an uploaded file or an https image of a host AVATAR_URL_HOSTS names; nothing else is
 * accepted, and nothing else stored earlier is served.
 */
describe('avatar sources', () => {
  describe('with AVATAR_URL_HOSTS', () => {
    let testApp: TestApp;
    let ana: SignedInUser;
    const http = () => request(testApp.server);
    const message = 'El avatar debe ser una imagen subida a la plataforma o una dirección https de images.example.com.';
    const saveAgent = (avatar: string, extra: object = {}) =>
      http().post('/api/agents').set(ana.authorization).send({ name: 'Agente con avatar', category: 'legal', description: 'Con imagen', avatar, isPublic: true, ...extra });
    const createEcosystem = (avatar: string) =>
      http().post('/api/ecosystems').set(ana.authorization).send({ name: 'Ecosistema con avatar', agentIds: [], avatar, isPublic: true });

    beforeAll(async () => {
      testApp = await createTestApp({ AVATAR_URL_HOSTS: 'images.example.com', RATE_LIMIT_AGENTS_PER_HOUR: '1000', RATE_LIMIT_ECOSYSTEMS_PER_HOUR: '1000' });
      ana = await signUpAndSignIn(testApp, 'ana@example.com');
    });

    afterAll(() => testApp.close());

    it.each(REFUSED)('refuses %s as an agent’s or an ecosystem’s avatar, on creating and on editing', async (avatar) => {
      expect((await saveAgent(avatar).expect(400)).body.message).toBe(message);
      expect((await createEcosystem(avatar).expect(400)).body.message).toBe(message);
      const { body: agent } = await saveAgent('https://images.example.com/bien.png').expect(201);
      expect((await saveAgent(avatar, { id: agent.id }).expect(400)).body.message).toBe(message);
      expect((await http().get(`/api/agents/${agent.id}`).expect(200)).body.avatar).toBe('https://images.example.com/bien.png');
    });

    it('accepts uploaded files and https images of the allowed host', async () => {
      const { body: upload } = await http().post('/api/files').set(ana.authorization).attach('file', PNG, { filename: 'a.png', contentType: 'image/png' }).expect(201);
      expect((await saveAgent(upload.url).expect(201)).body.avatar).toMatch(SIGNED_URL);
      expect((await saveAgent(`http://otro-servidor.example${upload.url}`).expect(201)).body.avatar).toMatch(SIGNED_URL);
      expect((await saveAgent('https://IMAGES.example.com/a.png').expect(201)).body.avatar).toBe('https://IMAGES.example.com/a.png');
      expect((await createEcosystem('https://images.example.com/e.png').expect(201)).body.avatar).toBe('https://images.example.com/e.png');
      expect((await saveAgent('').expect(201)).body.avatar).toBe('');
    });

    it('serves no avatar stored earlier from anywhere else: agent, marketplace, ecosystem and team read it as none', async () => {
      const { body: agent } = await saveAgent('https://images.example.com/a.png').expect(201);
      const { body: ecosystem } = await createEcosystem('https://images.example.com/e.png').expect(201);
      // Rows written before the rule, or by another path.
      await testApp.app.get<Repository<Agent>>(getRepositoryToken(Agent)).update({ id: agent.id }, { avatar: 'http://127.0.0.1:8080/pixel.gif' });
      await testApp.app.get<Repository<Ecosystem>>(getRepositoryToken(Ecosystem)).update({ id: ecosystem.id }, { avatar: 'javascript:alert(1)' });
      expect((await http().post(`/api/user-agents/${ana.sub}`).set(ana.authorization).send({ agentId: agent.id }).expect(201)).body.avatar).toBeNull();

      expect((await http().get(`/api/agents/${agent.id}`).expect(200)).body.avatar).toBeNull();
      const { body: market } = await http().get('/api/marketplace/agents').query({ limit: 100 }).expect(200);
      expect((market.items as { id: string; avatar: string | null }[]).find((item) => item.id === agent.id)?.avatar).toBeNull();
      expect((await http().get(`/api/ecosystems/${ecosystem.id}`).expect(200)).body.avatar).toBeNull();
      const { body: team } = await http().get(`/api/user-agents/${ana.sub}`).set(ana.authorization).expect(200);
      expect((team as { agentId: string; avatar: string | null }[]).find((item) => item.agentId === agent.id)?.avatar).toBeNull();
    });
  });

  describe('without AVATAR_URL_HOSTS', () => {
    let testApp: TestApp;
    let ana: SignedInUser;

    beforeAll(async () => {
      testApp = await createTestApp();
      ana = await signUpAndSignIn(testApp, 'ana@example.com');
    });

    afterAll(() => testApp.close());

    it('accepts uploaded files only', async () => {
      const { body } = await request(testApp.server)
        .post('/api/agents')
        .set(ana.authorization)
        .send({ name: 'Agente', category: 'legal', description: 'Con imagen externa', avatar: 'https://images.example.com/a.png' })
        .expect(400);
      expect(body.message).toBe('El avatar debe ser una imagen subida a la plataforma.');
    });
  });
});
