import request from 'supertest';
import { AgentsService } from '../../src/modules/agents/agents.service';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

const NEW_AGENT = {
  name: '  Asistente de Contratos ',
  category: 'legal',
  description: 'Revisa contratos de alquiler',
  avatar: 'https://example.com/avatar.png',
  skills: ['Contratos'],
  capabilities: ['Revisar cláusulas'],
  useCases: ['Alquiler'],
  price: 9.99,
  modelConfig: { modelId: 'anthropic.claude-3-5-sonnet-20240620-v1:0' },
};

describe('agents API', () => {
  let testApp: TestApp;
  let ana: SignedInUser;
  let bob: SignedInUser;
  let admin: SignedInUser;
  /** Ana's public name: what agents show as their creator, never her e-mail address (issue 29). */
  let anaHandle: string;
  const http = () => request(testApp.server);

  beforeAll(async () => {
    // Ana saves more agents here than the hourly limit allows; the limit has its own tests (test/rate-limits).
    testApp = await createTestApp({ ADMIN_EMAILS: 'jefa@example.com', RATE_LIMIT_AGENTS_PER_HOUR: '1000', AVATAR_URL_HOSTS: 'example.com' });
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
    bob = await signUpAndSignIn(testApp, 'bob@example.com');
    admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    anaHandle = (await request(testApp.server).get(`/api/users/registration/${ana.sub}`).set(ana.authorization).expect(200)).body.handle;
  });

  afterAll(() => testApp.close());

  const create = (user: SignedInUser, body: object) => http().post('/api/agents').set(user.authorization).send(body);

  describe('the sample agents', () => {
    it('are the public legal, finance and marketing agents, free, unrated and by system', async () => {
      const { body } = await http().get('/api/agents').expect(200);
      const samples = body.filter((agent: { createdBy: string }) => agent.createdBy === 'system');
      expect(samples.map((agent: { category: string }) => agent.category).sort()).toEqual(['finance', 'legal', 'marketing']);
      for (const sample of samples) {
        expect(sample).toMatchObject({ price: 0, rating: 0, popularity: 0, isPublic: true });
        expect(sample.skills.length).toBeGreaterThan(0);
        expect(sample.capabilities.length).toBeGreaterThan(0);
        expect(sample.useCases.length).toBeGreaterThan(0);
      }
      const legal = await http().get('/api/agents/agente-legal').expect(200);
      expect(legal.body.name).toBe('Asesor Legal');
      expect(legal.body).not.toHaveProperty('prompt');
      // The prompt is kept apart (agent_prompts) and never listed with the agent.
      expect(await testApp.app.get(AgentsService).promptFor('agente-legal')).toMatch(/^Eres un asesor legal/);
    });
  });

  describe('POST /agents (create)', () => {
    it('needs a signed-in caller', async () => {
      await http().post('/api/agents').send(NEW_AGENT).expect(401);
    });

    it("creates a private agent credited to the caller and marks the user's first agent", async () => {
      const before = await http().get(`/api/users/${ana.sub}/interaction-state`).set(ana.authorization).expect(200);
      expect(before.body.firstAgentCreated).toBe(false);

      const { body } = await create(ana, { ...NEW_AGENT, prompt: 'Eres un experto en contratos.' }).expect(201);
      expect(body).toEqual({
        id: expect.any(String),
        name: 'Asistente de Contratos',
        category: 'legal',
        description: 'Revisa contratos de alquiler',
        avatar: 'https://example.com/avatar.png',
        skills: ['Contratos'],
        capabilities: ['Revisar cláusulas'],
        useCases: ['Alquiler'],
        price: 9.99,
        priceId: expect.stringMatching(/^price_/),
        rating: 0,
        ratingCount: 0,
        popularity: 0,
        modelConfig: { modelId: 'anthropic.claude-3-5-sonnet-20240620-v1:0' },
        conversationStarters: [],
        temperature: null,
        maxAnswerTokens: null,
        createdBy: anaHandle,
        creatorId: ana.sub,
        ecosystemInclusionAllowed: false,
        ecosystemMinimumPrice: 0,
        isPublic: false,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(await testApp.app.get(AgentsService).promptFor(body.id)).toBe('Eres un experto en contratos.');

      const after = await http().get(`/api/users/${ana.sub}/interaction-state`).set(ana.authorization).expect(200);
      expect(after.body.firstAgentCreated).toBe(true);
    });

    it("accepts isPublic as text and a client's new id", async () => {
      const { body } = await create(ana, { ...NEW_AGENT, id: 'mi-agente-1', isPublic: 'true' }).expect(201);
      expect(body).toMatchObject({ id: 'mi-agente-1', isPublic: true });
    });

    it('accepts createdBy only when it is the caller (by username or public name), and credits the public name', async () => {
      expect((await create(ana, { ...NEW_AGENT, createdBy: 'ANA@example.com' }).expect(201)).body.createdBy).toBe(anaHandle);
      expect((await create(ana, { ...NEW_AGENT, createdBy: anaHandle }).expect(201)).body.createdBy).toBe(anaHandle);
      const { body } = await create(ana, { ...NEW_AGENT, createdBy: 'bob@example.com' }).expect(403);
      expect(body.message).toBe('createdBy debe ser tu nombre de usuario.');
      await create(ana, { ...NEW_AGENT, userId: bob.sub }).expect(403);
    });

    it('lets nobody set rating or popularity: reviews and use make them (issue 34)', async () => {
      await create(ana, { ...NEW_AGENT, rating: 5 }).expect(403);
      const { body: refused } = await create(admin, { ...NEW_AGENT, rating: 4.5, popularity: 12, createdBy: 'system' }).expect(403);
      expect(refused.message).toBe('La valoración y la popularidad salen de las reseñas y del uso: nadie puede cambiarlas a mano.');
      const { body } = await create(admin, { ...NEW_AGENT, rating: 0, popularity: 0, createdBy: 'system' }).expect(201);
      expect(body).toMatchObject({ rating: 0, ratingCount: 0, popularity: 0, createdBy: 'system' });
    });

    it.each([
      [{ ...NEW_AGENT, role: 'admin' }, 'role'],
      [{ ...NEW_AGENT, price: -1 }, 'price debe ser mayor o igual que 0'],
      [{ ...NEW_AGENT, price: '10' }, 'price debe ser un número'],
      [{ ...NEW_AGENT, name: 42 }, 'name debe ser un texto'],
      [{ ...NEW_AGENT, name: '   ' }, 'name debe tener entre 1 y 120 caracteres'],
      [{ category: 'legal', description: 'x' }, 'name'],
      [{ ...NEW_AGENT, skills: 'Contratos' }, 'skills debe ser una lista de textos'],
      [{ ...NEW_AGENT, skills: [1, 2] }, 'skills debe ser una lista de textos'],
      [{ ...NEW_AGENT, isPublic: 'sí' }, 'isPublic debe ser true o false'],
      [{ ...NEW_AGENT, modelConfig: { modelId: 7 } }, 'modelConfig.modelId debe ser un texto'],
      [{ ...NEW_AGENT, modelConfig: { other: 'x' } }, 'other'],
      [{ ...NEW_AGENT, id: '../otro' }, 'id solo puede tener'],
    ])('answers bad input %j with 400 and a clear message', async (body, message) => {
      const response = await create(ana, body).expect(400);
      expect(response.body.statusCode).toBe(400);
      expect(response.body.message).toContain(message);
    });
  });

  describe('visibility', () => {
    let privateId: string;
    let publicId: string;

    beforeAll(async () => {
      privateId = (await create(ana, { ...NEW_AGENT, name: 'Privado de Ana', isPublic: false }).expect(201)).body.id;
      publicId = (await create(ana, { ...NEW_AGENT, name: 'Público de Ana', isPublic: true }).expect(201)).body.id;
    });

    it('shows a private agent to its creator and admins only; others get 404 without its content', async () => {
      await http().get(`/api/agents/${privateId}`).set(ana.authorization).expect(200);
      await http().get(`/api/agents/${privateId}`).set(admin.authorization).expect(200);
      const forBob = await http().get(`/api/agents/${privateId}`).set(bob.authorization).expect(404);
      expect(forBob.body).toEqual({ statusCode: 404, message: 'Agente no encontrado', error: 'Not Found' });
      await http().get(`/api/agents/${privateId}`).expect(404);
      await http().get(`/api/agents/${publicId}`).expect(200);
    });

    it('lists private agents only for their creator and admins', async () => {
      const names = (body: Array<{ id: string }>) => body.map((agent) => agent.id);
      expect(names((await http().get('/api/agents').set(ana.authorization).expect(200)).body)).toContain(privateId);
      expect(names((await http().get('/api/agents').set(admin.authorization).expect(200)).body)).toContain(privateId);
      expect(names((await http().get('/api/agents').set(bob.authorization).expect(200)).body)).not.toContain(privateId);
      expect(names((await http().get('/api/agents').expect(200)).body)).not.toContain(privateId);
      const anaPublic = names((await http().get('/api/agents?public=true').set(ana.authorization).expect(200)).body);
      expect(anaPublic).toContain(publicId);
      expect(anaPublic).not.toContain(privateId);
    });

    it('filters by creator: by subject, by public name, and by username for that user', async () => {
      const mine = await http().get('/api/agents').query({ creator: ana.sub }).set(ana.authorization).expect(200);
      expect(mine.body.every((agent: { createdBy: string }) => agent.createdBy === anaHandle)).toBe(true);
      expect(mine.body.map((agent: { id: string }) => agent.id)).toContain(privateId);
      const byUsername = await http().get('/api/agents').query({ creator: 'ana@example.com' }).set(ana.authorization).expect(200);
      expect(byUsername.body.map((agent: { id: string }) => agent.id)).toContain(privateId);
      const seenByBob = await http().get('/api/agents').query({ creator: anaHandle }).set(bob.authorization).expect(200);
      expect(seenByBob.body.map((agent: { id: string }) => agent.id)).toContain(publicId);
      expect(seenByBob.body.map((agent: { id: string }) => agent.id)).not.toContain(privateId);
    });

    it('keeps private agents out of the marketplace, even for their creator', async () => {
      const { body } = await http().get('/api/marketplace/agents').query({ limit: 100 }).set(ana.authorization).expect(200);
      expect(body.items.map((agent: { id: string }) => agent.id)).not.toContain(privateId);
    });
  });

  describe('POST /agents (update)', () => {
    let agentId: string;

    beforeEach(async () => {
      agentId = (await create(ana, { ...NEW_AGENT, isPublic: true }).expect(201)).body.id;
    });

    it('updates an existing agent for its creator (200) and keeps fields not sent', async () => {
      const { body } = await create(ana, { id: agentId, name: 'Nuevo nombre', category: 'finance', description: 'Otra', price: 20 }).expect(200);
      expect(body).toMatchObject({
        id: agentId,
        name: 'Nuevo nombre',
        category: 'finance',
        description: 'Otra',
        price: 20,
        skills: ['Contratos'],
        createdBy: anaHandle,
        isPublic: true,
      });
      const read = await http().get(`/api/agents/${agentId}`).expect(200);
      expect(read.body.name).toBe('Nuevo nombre');
    });

    it('shows the change in every listing at once, even in the second the agent was last listed', async () => {
      const listed = async () => {
        const pages = await Promise.all(
          [`/api/agents?creator=${ana.sub}&limit=100`, '/api/agents/category/legal', '/api/agents/category/finance'].map((path) => http().get(path).expect(200)),
        );
        // The creator's listing and the agent's category.
        return pages.flatMap(({ body }) => (Array.isArray(body) ? body : body.items) as Array<{ id: string; name: string; category: string }>).filter((agent) => agent.id === agentId);
      };
      const before = expect.objectContaining({ name: NEW_AGENT.name.trim(), category: 'legal' });
      expect(await listed()).toEqual([before, before]);
      await create(ana, { id: agentId, name: 'Renombrado', category: 'finance', description: 'Otra' }).expect(200);
      const after = expect.objectContaining({ name: 'Renombrado', category: 'finance' });
      expect(await listed()).toEqual([after, after]);
    });

    it("refuses someone else's update with 403, or 404 when the agent is private to them", async () => {
      const { body } = await create(bob, { ...NEW_AGENT, id: agentId, name: 'Robado' }).expect(403);
      expect(body.message).toBe('Solo el creador del agente o un administrador puede modificarlo o eliminarlo.');
      await create(ana, { ...NEW_AGENT, id: agentId, isPublic: false }).expect(200);
      await create(bob, { ...NEW_AGENT, id: agentId, name: 'Robado' }).expect(404);
      const read = await http().get(`/api/agents/${agentId}`).set(ana.authorization).expect(200);
      expect(read.body.name).toBe('Asistente de Contratos');
    });

    it('lets an admin update any agent', async () => {
      const { body } = await create(admin, { ...NEW_AGENT, id: agentId, name: 'Editado por admin' }).expect(200);
      expect(body).toMatchObject({ name: 'Editado por admin', popularity: 0, createdBy: anaHandle });
      await create(admin, { ...NEW_AGENT, id: agentId, popularity: 3 }).expect(403);
    });

    it('refuses a creator changing the rating, but accepts the unchanged value', async () => {
      await create(ana, { ...NEW_AGENT, id: agentId, rating: 0, popularity: 0 }).expect(200);
      await create(ana, { ...NEW_AGENT, id: agentId, rating: 5 }).expect(403);
    });

    it('refuses a non-admin update of a sample agent', async () => {
      await create(ana, { ...NEW_AGENT, id: 'agente-legal' }).expect(403);
    });
  });

  describe('DELETE /agents/{id}', () => {
    let agentId: string;

    beforeEach(async () => {
      agentId = (await create(ana, { ...NEW_AGENT, isPublic: true }).expect(201)).body.id;
    });

    it('needs a signed-in caller', async () => {
      await http().delete(`/api/agents/${agentId}`).expect(401);
    });

    it('is refused (403) for someone who is not the creator', async () => {
      await http().delete(`/api/agents/${agentId}`).set(bob.authorization).expect(403);
      await http().get(`/api/agents/${agentId}`).expect(200);
    });

    it('deletes the agent for its creator, and it leaves every team', async () => {
      await http().post(`/api/user-agents/${bob.sub}`).set(bob.authorization).send({ agentId }).expect(201);
      const { body } = await http().delete(`/api/agents/${agentId}`).set(ana.authorization).expect(200);
      expect(body).toEqual({ success: true, id: agentId });
      await http().get(`/api/agents/${agentId}`).expect(404);
      const team = await http().get(`/api/user-agents/${bob.sub}`).set(bob.authorization).expect(200);
      expect(team.body.map((entry: { agentId: string }) => entry.agentId)).not.toContain(agentId);
      await http().delete(`/api/agents/${agentId}`).set(ana.authorization).expect(404);
    });

    it('lets an admin delete any agent', async () => {
      await http().delete(`/api/agents/${agentId}`).set(admin.authorization).expect(200);
    });
  });
});
