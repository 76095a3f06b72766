import request from 'supertest';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { PNG } from '../support/images';
import { createTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(60_000);

type Listed = { id: string };

describe('moderation queue (issue 17)', () => {
  describe('with MODERATION_ENABLED=true', () => {
    let testApp: TestApp;
    let admin: SignedInUser;
    let creator: SignedInUser;
    let otherUser: SignedInUser;
    let visitorView: () => Promise<string[]>;
    const http = () => request(testApp.server);

    beforeAll(async () => {
      testApp = await createTestApp({ ADMIN_EMAILS: 'jefa@example.com', MODERATION_ENABLED: 'true' });
      admin = await signUpAndSignIn(testApp, 'jefa@example.com');
      creator = await signUpAndSignIn(testApp, 'creadora@example.com');
      otherUser = await signUpAndSignIn(testApp, 'lectora@example.com');
      /** Every listing a visitor or another user reads: the marketplace, the public list, the caller's visible agents, a category. */
      visitorView = async () => {
        const lists = await Promise.all(
          [undefined, otherUser].flatMap((reader) =>
            ['/api/marketplace/agents?limit=100', '/api/agents?public=true', '/api/agents', '/api/agents/category/legal'].map(async (path) => {
              const call = http().get(path);
              const body = (await (reader ? call.set(reader.authorization) : call).expect(200)).body;
              return (Array.isArray(body) ? body : body.items) as Listed[];
            }),
          ),
        );
        return lists.flat().map((agent) => agent.id);
      };
    });

    afterAll(() => testApp.close());

    const publish = async (name: string) =>
      (await http().post('/api/agents').set(creator.authorization).send({ name, category: 'legal', description: `${name}: derecho`, isPublic: true }).expect(201)).body.id as string;

    it('keeps a newly public agent out of the marketplace until an admin approves it', async () => {
      const agentId = await publish('Pendiente de revisión');
      expect(await visitorView()).not.toContain(agentId);
      await http().get(`/api/agents/${agentId}`).expect(404);
      await http().get(`/api/agents/${agentId}`).set(otherUser.authorization).expect(404);
      await http().get(`/api/agents/${agentId}`).set(creator.authorization).expect(200);
      await http().get(`/api/agents/${agentId}`).set(admin.authorization).expect(200);
      // Its creator still sees it in the public list.
      expect(((await http().get('/api/agents?public=true').set(creator.authorization).expect(200)).body as Listed[]).map((agent) => agent.id)).toContain(agentId);

      const queue = (await http().get('/api-admin/moderation').set(admin.authorization).expect(200)).body;
      expect(queue.enabled).toBe(true);
      expect(queue.items.map((agent: Listed) => agent.id)).toContain(agentId);

      const approved = await http().post(`/api-admin/moderation/${agentId}/approve`).set(admin.authorization).expect(200);
      expect(approved.body).toEqual({ agentId, moderationStatus: 'approved', reason: null });
      expect(await visitorView()).toContain(agentId);
      await http().get(`/api/agents/${agentId}`).set(otherUser.authorization).expect(200);
      expect((await http().get('/api-admin/moderation').set(admin.authorization).expect(200)).body.items.map((agent: Listed) => agent.id)).not.toContain(agentId);
      const again = await http().post(`/api-admin/moderation/${agentId}/approve`).set(admin.authorization).expect(409);
      expect(again.body.message).toBe('El agente no está pendiente de moderación.');
    });

    it('a rejected agent stays out, with the reason in the audit log; a reason is required', async () => {
      const agentId = await publish('Rechazable');
      const noReason = await http().post(`/api-admin/moderation/${agentId}/reject`).set(admin.authorization).send({}).expect(400);
      expect(JSON.stringify(noReason.body)).toContain('El motivo es obligatorio.');
      const rejected = await http().post(`/api-admin/moderation/${agentId}/reject`).set(admin.authorization).send({ reason: 'Descripción engañosa' }).expect(200);
      expect(rejected.body).toEqual({ agentId, moderationStatus: 'rejected', reason: 'Descripción engañosa' });
      expect(await visitorView()).not.toContain(agentId);
      await http().get(`/api/agents/${agentId}`).expect(404);
      const audit = (await http().get('/api-admin/audit').set(admin.authorization).expect(200)).body.items;
      expect(audit[0]).toMatchObject({ action: 'moderation.reject', target: `agent:${agentId}`, after: { moderationStatus: 'rejected', reason: 'Descripción engañosa' } });
      await http().post('/api-admin/moderation/no-existe/approve').set(admin.authorization).expect(404);
    });

    it("keeps a pending agent's uploaded avatar private until the agent is approved", async () => {
      const { fileId, url } = (await http().post('/api/files').set(creator.authorization).attach('file', PNG, { filename: 'a.png', contentType: 'image/png' }).expect(201))
        .body as { fileId: string; url: string };
      const agentId = (
        await http().post('/api/agents').set(creator.authorization).send({ name: 'Con avatar', category: 'legal', description: 'Pendiente', avatar: url, isPublic: true }).expect(201)
      ).body.id as string;
      await http().get(`/api/files/signed-url/${fileId}`).expect(404);
      await http().get(`/api/files/signed-url/${fileId}`).set(otherUser.authorization).expect(404);
      await http().post(`/api-admin/moderation/${agentId}/approve`).set(admin.authorization).expect(200);
      await http().get(`/api/files/signed-url/${fileId}`).expect(200);
    });

    it('a private agent made public waits too', async () => {
      const agentId = (await http().post('/api/agents').set(creator.authorization).send({ name: 'Privado', category: 'legal', description: 'Aún privado' }).expect(201)).body.id;
      await http().post('/api/agents').set(creator.authorization).send({ id: agentId, name: 'Privado', category: 'legal', description: 'Ya público', isPublic: true }).expect(200);
      expect(await visitorView()).not.toContain(agentId);
      expect((await http().get('/api-admin/moderation').set(admin.authorization).expect(200)).body.items.map((agent: Listed) => agent.id)).toContain(agentId);
    });

    it('keeps the approved card in the teams that have an agent while its next version waits for moderation', async () => {
      const agentId = await publish('Aprobado');
      await http().post(`/api-admin/moderation/${agentId}/approve`).set(admin.authorization).expect(200);
      await http().post(`/api/user-agents/${otherUser.sub}`).set(otherUser.authorization).send({ agentId }).expect(201);
      const edit = (name: string, isPublic: boolean) =>
        http().post('/api/agents').set(creator.authorization).send({ id: agentId, name, category: 'legal', description: `${name}: sin revisar`, isPublic }).expect(200);
      await edit('Aprobado', false);
      await edit('Sin revisar', true);

      const team = (await http().get(`/api/user-agents/${otherUser.sub}`).set(otherUser.authorization).expect(200)).body as Array<{ agentId: string; name: string; description: string }>;
      expect(team.find((entry) => entry.agentId === agentId)).toMatchObject({ name: 'Aprobado', description: 'Aprobado: derecho' });
      await http().post(`/api-admin/moderation/${agentId}/approve`).set(admin.authorization).expect(200);
      const approved = (await http().get(`/api/user-agents/${otherUser.sub}`).set(otherUser.authorization).expect(200)).body as Array<{ agentId: string; name: string }>;
      expect(approved.find((entry) => entry.agentId === agentId)).toMatchObject({ name: 'Sin revisar' });
    });
  });

  describe('off (the default)', () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp({ ADMIN_EMAILS: 'jefa@example.com' });
    });

    afterAll(() => testApp.close());

    it('lists a newly public agent at once, and the queue is empty', async () => {
      const admin = await signUpAndSignIn(testApp, 'jefa@example.com');
      const creator = await signUpAndSignIn(testApp, 'creadora@example.com');
      const agentId = (
        await request(testApp.server).post('/api/agents').set(creator.authorization).send({ name: 'Directo', category: 'legal', description: 'Sin espera', isPublic: true }).expect(201)
      ).body.id;
      const marketplace = (await request(testApp.server).get('/api/marketplace/agents?limit=100').expect(200)).body.items as Listed[];
      expect(marketplace.map((agent) => agent.id)).toContain(agentId);
      expect((await request(testApp.server).get('/api-admin/moderation').set(admin.authorization).expect(200)).body).toEqual({ enabled: false, items: [] });
    });
  });
});
