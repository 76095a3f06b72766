import request from 'supertest';
import { DataSource } from 'typeorm';
import { Conversation } from '../../src/modules/conversations/entities/conversation.entity';
import { Message } from '../../src/modules/conversations/entities/message.entity';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

// Sign-ups hash passwords on purpose slowly; a busy machine needs more than the default 5 s.
jest.setTimeout(30_000);

const CLAUDE_35_SONNET = 'anthropic.claude-3-5-sonnet-20240620-v1:0';

describe('conversations API', () => {
  let testApp: TestApp;
  let ana: SignedInUser;
  let bob: SignedInUser;
  let admin: SignedInUser;
  const http = () => request(testApp.server);

  beforeAll(async () => {
    testApp = await createTestApp({ ADMIN_EMAILS: 'jefa@example.com' });
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
    bob = await signUpAndSignIn(testApp, 'bob@example.com');
    admin = await signUpAndSignIn(testApp, 'jefa@example.com');
  });

  afterAll(() => testApp.close());

  const create = (user: SignedInUser, body: object = {}) => http().post('/api/conversations').set(user.authorization).send(body);
  const messageRows = (conversationId: string) =>
    testApp.app.get(DataSource).getRepository(Message).countBy({ conversationId });

  describe('POST /conversations', () => {
    it('needs a signed-in caller', async () => {
      await http().post('/api/conversations').send({}).expect(401);
    });

    it("gives the user's first conversation the default Bedrock config, in creator-agent mode flagged as initial interaction", async () => {
      const { body } = await create(ana).expect(201);
      expect(body).toMatchObject({
        title: 'Nueva conversación',
        userId: ana.sub,
        category: 'main',
        messages: [],
        metadata: {
          modelProvider: 'bedrock',
          modelId: CLAUDE_35_SONNET,
          useBedrockAgent: false,
          isCreatorAgent: true,
          isInitialInteraction: true,
        },
      });
      expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
    });

    it('gives later conversations the agent-chat provider, and no initial-interaction flag once the interaction is complete', async () => {
      await http().put(`/api/users/${ana.sub}`).set(ana.authorization).send({ interactionComplete: true }).expect(200);
      const { body } = await create(ana, { title: 'Ideas de negocio' }).expect(201);
      expect(body.title).toBe('Ideas de negocio');
      expect(body.metadata).toMatchObject({ modelProvider: 'anthropic', modelId: CLAUDE_35_SONNET, isCreatorAgent: true, isInitialInteraction: false });
    });

    it("titles a chat with an agent 'Chat con {name}' and sets the agent's metadata", async () => {
      const agents = (await http().get('/api/agents').expect(200)).body as { id: string; name: string; createdBy: string }[];
      const legal = agents.find((agent) => agent.createdBy === 'system')!;
      const { body } = await create(ana, { title: 'ignorado', metadata: { agentId: legal.id } }).expect(201);
      expect(body).toMatchObject({
        title: `Chat con ${legal.name}`,
        category: 'agent',
        metadata: { agentId: legal.id, isCreatorAgent: false, useBedrockAgent: false },
      });
    });

    it("refuses an agent the caller cannot see, without revealing it (404 'Agente no encontrado')", async () => {
      const { body: secret } = await http()
        .post('/api/agents')
        .set(bob.authorization)
        .send({ name: 'Agente secreto', category: 'legal', description: 'Privado', isPublic: false })
        .expect(201);
      const response = await create(ana, { metadata: { agentId: secret.id } }).expect(404);
      expect(response.body.message).toBe('Agente no encontrado');
      expect(JSON.stringify(response.body)).not.toContain('Agente secreto');
    });

    it("titles a flow conversation 'Flujo de Agentes'", async () => {
      const { body } = await create(ana, { metadata: { fromFlow: true } }).expect(201);
      expect(body.title).toBe('Flujo de Agentes');
      expect(body.metadata.fromFlow).toBe(true);
    });

    it.each([
      [{ metadata: { isFineTuningConversation: true } }, 'fine-tuning'],
      [{ metadata: { type: 'fine-tuning' } }, 'fine-tuning'],
      [{ title: 'Chat con mi contable', metadata: { isCreatorAgent: false } }, 'agent'],
      [{ metadata: { isEcosystemChat: true, ecosystemId: 'eco-1' } }, 'main'],
    ])('computes the category of %j as %s (spec section 4)', async (body, category) => {
      expect((await create(ana, body).expect(201)).body.category).toBe(category);
    });

    it.each([
      [{ title: '   ' }, 'El título no puede estar vacío'],
      [{ title: 'x'.repeat(121) }, 'El título no puede superar los 120 caracteres'],
      [{ metadata: { agentId: 'a b' } }, 'metadata.agentId no es un id de agente válido'],
      [{ metadata: { unknownKey: 1 } }, 'la propiedad unknownKey no está permitida'],
      [{ userId: 'ana@example.com', extra: 1 }, 'la propiedad extra no está permitida'],
    ])('answers %j with a 400 that says why', async (body, message) => {
      const response = await create(ana, body).expect(400);
      expect(response.body.message).toContain(message);
    });
  });

  describe('reading', () => {
    let older: string;
    let newer: string;
    let bobs: string;

    beforeAll(async () => {
      older = (await create(bob, { title: 'Primera' }).expect(201)).body.id;
      newer = (await create(bob, { title: 'Segunda' }).expect(201)).body.id;
      bobs = newer;
    });

    it('lists only the caller’s conversations, newest activity first, without messages', async () => {
      const { body } = await http().get('/api/conversations').set(bob.authorization).expect(200);
      const ids = body.map((conversation: { id: string }) => conversation.id);
      expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
      expect(body.every((conversation: { userId: string }) => conversation.userId === bob.sub)).toBe(true);
      expect(body[0]).not.toHaveProperty('messages');
      expect(body[0]).toHaveProperty('category');
    });

    it('moves a conversation first when a message is saved in it', async () => {
      await http()
        .post(`/api/conversations/${older}/messages`)
        .set(bob.authorization)
        .send({ id: 'm-old-1', role: 'user', content: 'Hola de nuevo' })
        .expect(201);
      const { body } = await http().get(`/api/conversations?userId=${bob.sub}`).set(bob.authorization).expect(200);
      expect(body[0].id).toBe(older);
    });

    it('returns one conversation with its messages in order, and the messages alone', async () => {
      await http()
        .post(`/api/conversations/${newer}/messages`)
        .set(bob.authorization)
        .send({ id: 'b-2', role: 'assistant', content: 'Segundo', timestamp: '2026-01-01T10:00:01.000Z', metadata: { agentId: 'x', agentName: 'X' } })
        .expect(201);
      await http()
        .post(`/api/conversations/${newer}/messages`)
        .set(bob.authorization)
        .send({ id: 'b-1', role: 'user', content: 'Primero', timestamp: Date.parse('2026-01-01T10:00:00.000Z') })
        .expect(201);

      const { body } = await http().get(`/api/conversations/${newer}?userId=bob@example.com`).set(bob.authorization).expect(200);
      expect(body.title).toBe('Segunda');
      expect(body.messages).toEqual([
        { id: 'b-1', role: 'user', content: 'Primero', timestamp: '2026-01-01T10:00:00.000Z', metadata: null, status: 'complete', usage: null },
        {
          id: 'b-2',
          role: 'assistant',
          content: 'Segundo',
          timestamp: '2026-01-01T10:00:01.000Z',
          metadata: { agentId: 'x', agentName: 'X' },
          status: 'complete',
          usage: null,
        },
      ]);
      const messages = await http().get(`/api/conversations/${newer}/messages`).set(bob.authorization).expect(200);
      expect(messages.body).toEqual(body.messages);
    });

    it("answers 404 for another user's conversation, with none of its content", async () => {
      for (const path of [`/api/conversations/${bobs}`, `/api/conversations/${bobs}/messages`]) {
        const response = await http().get(path).set(ana.authorization).expect(404);
        expect(response.body).toEqual({ statusCode: 404, message: 'Conversación no encontrada', error: 'Not Found' });
      }
      await http().put(`/api/conversations/${bobs}`).set(ana.authorization).send({ title: 'Mía' }).expect(404);
      await http().delete(`/api/conversations/${bobs}`).set(ana.authorization).expect(404);
      await http()
        .post(`/api/conversations/${bobs}/messages`)
        .set(ana.authorization)
        .send({ id: 'intruso', role: 'user', content: 'Hola' })
        .expect(404);
      const { body } = await http().get(`/api/conversations/${bobs}`).set(bob.authorization).expect(200);
      expect(body.title).toBe('Segunda');
      expect(body.messages.map((message: { id: string }) => message.id)).not.toContain('intruso');
    });

    it("refuses a userId that is not the caller's with 403", async () => {
      await http().get(`/api/conversations?userId=${bob.sub}`).set(ana.authorization).expect(403);
      await http().post('/api/conversations').set(ana.authorization).send({ userId: bob.sub }).expect(403);
      await http().get(`/api/conversations/${bobs}?userId=${bob.sub}`).set(ana.authorization).expect(403);
      await http().delete(`/api/conversations/${bobs}?userId=bob@example.com`).set(ana.authorization).expect(403);
    });

    it('lets an admin read and manage the conversations of the user userId names, and only with it', async () => {
      await http().get(`/api/conversations/${bobs}`).set(admin.authorization).expect(404);
      const { body: adminsOwn } = await http().get('/api/conversations').set(admin.authorization).expect(200);
      expect(adminsOwn.map((conversation: { id: string }) => conversation.id)).not.toContain(bobs);

      const { body: list } = await http().get(`/api/conversations?userId=${bob.sub}`).set(admin.authorization).expect(200);
      expect(list.map((conversation: { id: string }) => conversation.id)).toEqual(expect.arrayContaining([older, newer]));
      expect(list.every((conversation: { userId: string }) => conversation.userId === bob.sub)).toBe(true);
      const { body: one } = await http().get(`/api/conversations/${bobs}?userId=bob@example.com`).set(admin.authorization).expect(200);
      expect(one.title).toBe('Segunda');
      const { body: messages } = await http().get(`/api/conversations/${bobs}/messages?userId=${bob.sub}`).set(admin.authorization).expect(200);
      expect(messages).toEqual(one.messages);

      const spare = (await create(bob, { title: 'Para moderar' }).expect(201)).body.id;
      await http().put(`/api/conversations/${spare}?userId=${bob.sub}`).set(admin.authorization).send({ title: 'Moderada' }).expect(200);
      await http().delete(`/api/conversations/${spare}?userId=${bob.sub}`).set(admin.authorization).expect(200);
      await http().get(`/api/conversations/${spare}`).set(bob.authorization).expect(404);
    });

    it('answers 404 for an id that is not a conversation id', async () => {
      await http().get('/api/conversations/no-es-un-uuid').set(bob.authorization).expect(404);
      await http().get('/api/conversations/00000000-0000-4000-8000-000000000000').set(bob.authorization).expect(404);
    });
  });

  describe('PUT /conversations/{id}', () => {
    it('renames with the trimmed title and merges metadata keys', async () => {
      const { body: conversation } = await create(ana, { metadata: { modelId: 'modelo-a' } }).expect(201);
      const { body } = await http()
        .put(`/api/conversations/${conversation.id}?userId=${ana.sub}`)
        .set(ana.authorization)
        .send({ title: '  Contrato de alquiler  ', metadata: { useBedrockAgent: true } })
        .expect(200);
      expect(body.title).toBe('Contrato de alquiler');
      expect(body.metadata).toMatchObject({ modelId: 'modelo-a', useBedrockAgent: true, isCreatorAgent: true });
      expect(Date.parse(body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(conversation.updatedAt));
      const reread = await http().get(`/api/conversations/${conversation.id}`).set(ana.authorization).expect(200);
      expect(reread.body.title).toBe('Contrato de alquiler');
    });

    it("refuses an empty title with 'El título no puede estar vacío'", async () => {
      const { body: conversation } = await create(ana).expect(201);
      for (const title of ['', '   ']) {
        const response = await http().put(`/api/conversations/${conversation.id}`).set(ana.authorization).send({ title }).expect(400);
        expect(response.body.message).toBe('El título no puede estar vacío');
      }
    });
  });

  describe('DELETE /conversations/{id}', () => {
    it('deletes the conversation and its messages', async () => {
      const { body: conversation } = await create(ana).expect(201);
      await http()
        .post(`/api/conversations/${conversation.id}/messages`)
        .set(ana.authorization)
        .send({ id: 'borrar-1', role: 'user', content: 'Adiós' })
        .expect(201);
      const { body } = await http().delete(`/api/conversations/${conversation.id}?userId=${ana.sub}`).set(ana.authorization).expect(200);
      expect(body).toEqual({ success: true, id: conversation.id });
      await http().get(`/api/conversations/${conversation.id}`).set(ana.authorization).expect(404);
      expect(await messageRows(conversation.id)).toBe(0);
    });
  });

  describe('POST /conversations/{id}/messages', () => {
    let conversationId: string;
    beforeAll(async () => {
      conversationId = (await create(ana).expect(201)).body.id;
    });
    const save = (body: object) => http().post(`/api/conversations/${conversationId}/messages`).set(ana.authorization).send(body);

    it('stores one message however many times the client retries it, answering the same 201 body', async () => {
      const message = { id: 'msg-1732240000000', role: 'user', content: '¿Qué cláusulas necesito?' };
      const first = await save(message).expect(201);
      const second = await save(message).expect(201);
      const third = await save(message).expect(201);
      expect(first.body).toMatchObject({ ...message, status: 'complete', metadata: null, usage: null });
      expect(second.body).toEqual(first.body);
      expect(third.body).toEqual(first.body);
      expect(await messageRows(conversationId)).toBe(1);
    });

    it('stores one message when the retries arrive at the same time', async () => {
      const message = { id: 'paralelo-1', role: 'user', content: 'A la vez' };
      const responses = await Promise.all([save(message), save(message), save(message)]);
      expect(responses.map((response) => response.status)).toEqual([201, 201, 201]);
      const { body } = await http().get(`/api/conversations/${conversationId}/messages`).set(ana.authorization).expect(200);
      expect(body.filter((stored: { id: string }) => stored.id === 'paralelo-1')).toHaveLength(1);
    });

    it('stores a message and its conversation\'s new activity time together or not at all', async () => {
      const { id } = (await create(ana).expect(201)).body;
      const saveIn = (body: object) => http().post(`/api/conversations/${id}/messages`).set(ana.authorization).send(body);
      const activity = async () => (await http().get(`/api/conversations/${id}`).set(ana.authorization).expect(200)).body.updatedAt;
      await saveIn({ id: 'antes', role: 'user', content: 'Primero' }).expect(201);
      const before = await activity();

      // The second write (the conversation's activity time) fails, as a crash between the two would cut it.
      const refuseUpdates = await refuseConversationUpdates(testApp);
      try {
        await saveIn({ id: 'cortado', role: 'user', content: 'Segundo' }).expect(500);
      } finally {
        await refuseUpdates.undo();
      }
      const { body: stored } = await http().get(`/api/conversations/${id}/messages`).set(ana.authorization).expect(200);
      expect(stored.map((message: { id: string }) => message.id)).toEqual(['antes']);
      expect(await activity()).toBe(before);

      // The client's retry stores it once, and the conversation moves.
      await saveIn({ id: 'cortado', role: 'user', content: 'Segundo' }).expect(201);
      const { body: after } = await http().get(`/api/conversations/${id}/messages`).set(ana.authorization).expect(200);
      expect(after.map((message: { id: string }) => message.id)).toEqual(['antes', 'cortado']);
      expect(new Date(await activity()).getTime()).toBeGreaterThan(new Date(before).getTime());
    });

    it('lets different conversations use the same message id', async () => {
      const other = (await create(ana).expect(201)).body.id;
      await http()
        .post(`/api/conversations/${other}/messages`)
        .set(ana.authorization)
        .send({ id: 'msg-1732240000000', role: 'user', content: 'Otra conversación' })
        .expect(201);
    });

    it('refuses a different text under an id already used (409)', async () => {
      const response = await save({ id: 'msg-1732240000000', role: 'user', content: 'Otro texto' }).expect(409);
      expect(response.body.message).toBe('Ya existe otro mensaje con ese id en la conversación.');
    });

    it.each([
      [{ role: 'user', content: 'Sin id' }, 'id'],
      [{ id: 'x'.repeat(65), role: 'user', content: 'Largo' }, 'id solo puede'],
      [{ id: 'm-role', role: 'system', content: 'Hola' }, 'role debe ser user o assistant'],
      [{ id: 'm-empty', role: 'user', content: '' }, 'content no puede estar vacío'],
      [{ id: 'm-date', role: 'user', content: 'Hola', timestamp: 'ayer' }, 'timestamp'],
      [{ id: 'm-meta', role: 'user', content: 'Hola', metadata: { secret: true } }, 'la propiedad secret no está permitida'],
    ])('answers %j with a 400', async (body, message) => {
      const response = await save(body).expect(400);
      expect(response.body.message).toContain(message);
    });
  });
});

/** A trigger that makes every UPDATE of a conversation fail, on either database; `undo` drops it. */
async function refuseConversationUpdates(testApp: TestApp): Promise<{ undo(): Promise<void> }> {
  const dataSource = testApp.app.get(DataSource);
  const table = dataSource
    .getMetadata(Conversation)
    .tablePath.split('.')
    .map((part) => dataSource.driver.escape(part))
    .join('.');
  if (testApp.config.database.type === 'postgres') {
    const fn = `"${testApp.config.database.schema}".refuse_conversation_update`;
    await dataSource.query(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`);
    await dataSource.query(`CREATE TRIGGER refuse_update BEFORE UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
    return { undo: () => dataSource.query(`DROP FUNCTION ${fn}() CASCADE`) };
  }
  await dataSource.query(`CREATE TRIGGER refuse_update BEFORE UPDATE ON ${table} BEGIN SELECT RAISE(ABORT, 'refused'); END`);
  return { undo: () => dataSource.query('DROP TRIGGER refuse_update') };
}
