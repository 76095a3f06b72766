import request from 'supertest';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

describe('teams API (user-agents, user-ecosystems)', () => {
  let testApp: TestApp;
  let ana: SignedInUser;
  let bob: SignedInUser;
  let admin: SignedInUser;
  let bobPrivateAgent: string;
  let publicEcosystem: string;
  let bobPrivateEcosystem: string;
  const http = () => request(testApp.server);
  const agentIds = (body: Array<{ agentId: string }>) => body.map((entry) => entry.agentId);

  beforeAll(async () => {
    testApp = await createTestApp({ ADMIN_EMAILS: 'jefa@example.com' });
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
    bob = await signUpAndSignIn(testApp, 'bob@example.com');
    admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    bobPrivateAgent = (
      await http().post('/api/agents').set(bob.authorization).send({ name: 'De Bob', category: 'hr', description: 'Privado' }).expect(201)
    ).body.id;
    publicEcosystem = (
      await http().post('/api/ecosystems').set(bob.authorization).send({ name: 'Abierto', agentIds: ['agente-legal'], isPublic: true }).expect(201)
    ).body.id;
    bobPrivateEcosystem = (
      await http().post('/api/ecosystems').set(bob.authorization).send({ name: 'Cerrado', agentIds: [] }).expect(201)
    ).body.id;
  });

  afterAll(() => testApp.close());

  describe('user-agents', () => {
    it('needs a signed-in caller', async () => {
      await http().get(`/api/user-agents/${ana.sub}`).expect(401);
      await http().post(`/api/user-agents/${ana.sub}`).send({ agentId: 'agente-legal' }).expect(401);
    });

    it('starts as an empty team', async () => {
      const { body } = await http().get(`/api/user-agents/${ana.sub}`).set(ana.authorization).expect(200);
      expect(body).toEqual([]);
    });

    it("adds an agent with the agent's own card data, and refuses a duplicate with 409", async () => {
      const { body } = await http()
        .post(`/api/user-agents/${ana.sub}`)
        .set(ana.authorization)
        .send({ agentId: 'agente-legal', name: 'Nombre inventado' })
        .expect(201);
      expect(body).toEqual({
        agentId: 'agente-legal',
        name: 'Asesor Legal',
        category: 'legal',
        description: expect.stringContaining('consultas legales'),
        avatar: null,
        addedAt: expect.any(String),
      });
      const duplicate = await http().post(`/api/user-agents/${ana.sub}`).set(ana.authorization).send({ agentId: 'agente-legal' }).expect(409);
      expect(duplicate.body).toEqual({ statusCode: 409, message: 'Este agente ya está en tu equipo', error: 'Conflict' });
    });

    it('reads the team by subject or username', async () => {
      const bySub = await http().get(`/api/user-agents/${ana.sub}`).set(ana.authorization).expect(200);
      const byUsername = await http().get('/api/user-agents/ana@example.com').set(ana.authorization).expect(200);
      expect(agentIds(bySub.body)).toEqual(['agente-legal']);
      expect(byUsername.body).toEqual(bySub.body);
    });

    it("refuses (403) any call on another user's team, but lets an admin read it", async () => {
      await http().get(`/api/user-agents/${ana.sub}`).set(bob.authorization).expect(403);
      await http().post(`/api/user-agents/${ana.sub}`).set(bob.authorization).send({ agentId: 'agente-finanzas' }).expect(403);
      await http().delete(`/api/user-agents/${ana.sub}/agente-legal`).set(bob.authorization).expect(403);
      await http().put(`/api/user-agents/${ana.sub}/sync`).set(bob.authorization).send([]).expect(403);
      const forAdmin = await http().get(`/api/user-agents/${ana.sub}`).set(admin.authorization).expect(200);
      expect(agentIds(forAdmin.body)).toEqual(['agente-legal']);
      // An admin naming a user by username is resolved through the user's registration.
      await http().post('/api/users/registration').set(ana.authorization).send({ contactName: 'Ana' }).expect(201);
      const byUsername = await http().get('/api/user-agents/ana@example.com').set(admin.authorization).expect(200);
      expect(agentIds(byUsername.body)).toEqual(['agente-legal']);
    });

    it('refuses unknown agents and agents private to someone else (404)', async () => {
      const unknown = await http().post(`/api/user-agents/${ana.sub}`).set(ana.authorization).send({ agentId: 'no-existe' }).expect(404);
      expect(unknown.body.message).toBe('Agente no encontrado');
      await http().post(`/api/user-agents/${ana.sub}`).set(ana.authorization).send({ agentId: bobPrivateAgent }).expect(404);
      await http().post(`/api/user-agents/${bob.sub}`).set(bob.authorization).send({ agentId: bobPrivateAgent }).expect(201);
    });

    it.each([
      [{}, 'agentId'],
      [{ agentId: 7 }, 'agentId debe ser un texto'],
      [{ agentId: 'agente-legal', extra: true }, 'extra'],
    ])('answers bad input %j with 400', async (body, message) => {
      const { body: error } = await http().post(`/api/user-agents/${ana.sub}`).set(ana.authorization).send(body).expect(400);
      expect(error.message).toContain(message);
    });

    it("shows the agent's current card after its creator renames it", async () => {
      const agentId = (
        await http().post('/api/agents').set(bob.authorization).send({ name: 'Antes', category: 'hr', description: 'v1', isPublic: true }).expect(201)
      ).body.id;
      await http().post(`/api/user-agents/${ana.sub}`).set(ana.authorization).send({ agentId }).expect(201);
      await http().post('/api/agents').set(bob.authorization).send({ id: agentId, name: 'Después', category: 'hr', description: 'v2' }).expect(200);
      const { body } = await http().get(`/api/user-agents/${ana.sub}`).set(ana.authorization).expect(200);
      expect(body.find((entry: { agentId: string }) => entry.agentId === agentId)).toMatchObject({ name: 'Después', description: 'v2' });
      await http().delete(`/api/user-agents/${ana.sub}/${agentId}`).set(ana.authorization).expect(200);
    });

    it('removes an agent from the team; removing it again is 404', async () => {
      await http().post(`/api/user-agents/${ana.sub}`).set(ana.authorization).send({ agentId: 'agente-marketing' }).expect(201);
      const { body } = await http().delete(`/api/user-agents/${ana.sub}/agente-marketing`).set(ana.authorization).expect(200);
      expect(body).toEqual({ success: true, id: 'agente-marketing' });
      const again = await http().delete(`/api/user-agents/${ana.sub}/agente-marketing`).set(ana.authorization).expect(404);
      expect(again.body.message).toBe('Este agente no está en tu equipo');
    });

    describe('PUT /user-agents/{userId}/sync', () => {
      const sync = (user: SignedInUser, body: unknown) => http().put(`/api/user-agents/${user.sub}/sync`).set(user.authorization).send(body as object);

      it('replaces the team with exactly the list, in order, collapsing repeats', async () => {
        const { body } = await sync(ana, [
          { agentId: 'agente-marketing', name: 'Estratega de Marketing', category: 'marketing', description: 'x', avatar: null },
          { agentId: 'agente-finanzas' },
          { agentId: 'agente-marketing' },
        ]).expect(200);
        expect(agentIds(body)).toEqual(['agente-marketing', 'agente-finanzas']);
        const read = await http().get(`/api/user-agents/${ana.sub}`).set(ana.authorization).expect(200);
        expect(agentIds(read.body)).toEqual(['agente-marketing', 'agente-finanzas']);
      });

      it('refuses unknown or not-visible agents and leaves the team as it was', async () => {
        await sync(ana, [{ agentId: 'agente-legal' }]).expect(200);
        const unknown = await sync(ana, [{ agentId: 'agente-finanzas' }, { agentId: 'no-existe' }]).expect(400);
        expect(unknown.body.message).toBe('Agentes no encontrados: no-existe');
        await sync(ana, [{ agentId: bobPrivateAgent }]).expect(400);
        const read = await http().get(`/api/user-agents/${ana.sub}`).set(ana.authorization).expect(200);
        expect(agentIds(read.body)).toEqual(['agente-legal']);
      });

      it('empties the team with an empty list', async () => {
        await sync(ana, []).expect(200);
        const read = await http().get(`/api/user-agents/${ana.sub}`).set(ana.authorization).expect(200);
        expect(read.body).toEqual([]);
      });

      it.each([
        [{ agentId: 'agente-legal' }, 'lista'],
        [[{ agentId: 5 }], 'agentId debe ser un texto'],
        [[{ agentId: 'agente-legal', precio: 3 }], 'precio'],
      ])('answers a malformed body %j with 400', async (body, message) => {
        const { body: error } = await sync(ana, body).expect(400);
        expect(error.message).toContain(message);
      });
    });
  });

  describe('user-ecosystems', () => {
    it('adds a visible ecosystem, refuses a duplicate with 409 and lists it', async () => {
      expect((await http().get(`/api/user-ecosystems/${ana.sub}`).set(ana.authorization).expect(200)).body).toEqual([]);
      const { body } = await http().post(`/api/user-ecosystems/${ana.sub}`).set(ana.authorization).send({ ecosystemId: publicEcosystem }).expect(201);
      expect(body).toEqual({
        userId: ana.sub,
        ecosystemId: publicEcosystem,
        name: 'Abierto',
        category: 'test',
        description: '',
        avatar: null,
        addedAt: expect.any(String),
      });
      const duplicate = await http()
        .post(`/api/user-ecosystems/${ana.sub}`)
        .set(ana.authorization)
        .send({ ecosystemId: publicEcosystem })
        .expect(409);
      expect(duplicate.body.message).toBe('Este ecosistema ya está en tu equipo');
      const list = await http().get(`/api/user-ecosystems/${ana.sub}`).set(ana.authorization).expect(200);
      expect(list.body).toEqual([body]);
    });

    it("refuses another user's private ecosystem (404) and another user's team (403)", async () => {
      const hidden = await http()
        .post(`/api/user-ecosystems/${ana.sub}`)
        .set(ana.authorization)
        .send({ ecosystemId: bobPrivateEcosystem })
        .expect(404);
      expect(hidden.body.message).toBe('Ecosistema no encontrado');
      await http().get(`/api/user-ecosystems/${ana.sub}`).set(bob.authorization).expect(403);
      await http().post(`/api/user-ecosystems/${ana.sub}`).set(bob.authorization).send({ ecosystemId: publicEcosystem }).expect(403);
      await http().delete(`/api/user-ecosystems/${ana.sub}/${publicEcosystem}`).set(bob.authorization).expect(403);
    });

    it('answers bad input with 400', async () => {
      const { body } = await http().post(`/api/user-ecosystems/${ana.sub}`).set(ana.authorization).send({ ecosystemId: ['x'] }).expect(400);
      expect(body.message).toContain('ecosystemId debe ser un texto');
    });

    it('removes an ecosystem; removing it again is 404', async () => {
      await http().delete(`/api/user-ecosystems/${ana.sub}/${publicEcosystem}`).set(ana.authorization).expect(200);
      const again = await http().delete(`/api/user-ecosystems/${ana.sub}/${publicEcosystem}`).set(ana.authorization).expect(404);
      expect(again.body.message).toBe('Este ecosistema no está en tu equipo');
      expect((await http().get(`/api/user-ecosystems/${ana.sub}`).set(ana.authorization).expect(200)).body).toEqual([]);
    });
  });
});
