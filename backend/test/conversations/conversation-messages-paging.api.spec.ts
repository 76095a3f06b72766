import request from 'supertest';
import { DataSource } from 'typeorm';
import { Message } from '../../src/modules/conversations/entities/message.entity';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

// Sign-ups hash passwords on purpose slowly; a busy machine needs more than the default 5 s.
jest.setTimeout(60_000);

/** About 10 KB a message: the 450 of the big conversation weigh 4.5 MB together. */
const LONG_TEXT = 'Una respuesta larga sobre contratos de alquiler. '.repeat(200);

interface PagedMessage {
  id: string;
  content: string;
  timestamp: string;
}

describe('GET /conversations/{id}/messages in pages', () => {
  let testApp: TestApp;
  let ana: SignedInUser;
  let bob: SignedInUser;
  const http = () => request(testApp.server);

  beforeAll(async () => {
    testApp = await createTestApp();
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
    bob = await signUpAndSignIn(testApp, 'bob@example.com');
  });

  afterAll(() => testApp.close());

  const newConversation = async (user: SignedInUser) =>
    (await http().post('/api/conversations').set(user.authorization).send({}).expect(201)).body.id as string;

  /**
   * Stores `count` messages straight in the database (the API's limits would take minutes), in
   * the order their ids say; `sameInstant` puts them all on one timestamp and one createdAt, so
   * that only the id tells them apart.
   */
  async function fill(conversationId: string, count: number, { sameInstant = false } = {}): Promise<string[]> {
    const start = Date.UTC(2026, 0, 1, 9);
    const rows = Array.from({ length: count }, (_, index) => {
      // Several messages on each timestamp, so that the order needs createdAt and id too.
      const at = new Date(sameInstant ? start : start + Math.floor(index / 3) * 1000);
      return {
        conversationId,
        id: `m-${String(index).padStart(4, '0')}`,
        role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
        content: `${index}: ${LONG_TEXT}`,
        timestamp: at,
        metadata: null,
        status: 'complete' as const,
        modelId: null,
        inputTokens: null,
        outputTokens: null,
        createdAt: sameInstant ? at : new Date(at.getTime() + (index % 3)),
      };
    });
    const repository = testApp.app.get(DataSource).getRepository(Message);
    for (let offset = 0; offset < rows.length; offset += 50) await repository.insert(rows.slice(offset, offset + 50));
    return rows.map((row) => row.id);
  }

  const page = (user: SignedInUser, conversationId: string, query: Record<string, string | number> = {}) =>
    http().get(`/api/conversations/${conversationId}/messages`).query(query).set(user.authorization);

  /** Reads the whole conversation backwards, page by page, as the chat does when scrolling up. */
  async function readBackwards(conversationId: string, limit: number): Promise<{ ids: string[]; sizes: number[] }> {
    const pages: PagedMessage[][] = [];
    let before: string | undefined;
    for (;;) {
      const { body } = await page(ana, conversationId, { limit, ...(before ? { before } : {}) }).expect(200);
      pages.unshift(body as PagedMessage[]);
      if (body.length < limit) break;
      // A cursor that does not move on would page forever.
      if (pages.length > 100) throw new Error('Paging never reached the first message');
      before = body[0].id;
    }
    return { ids: pages.flat().map((message) => message.id), sizes: pages.map((messages) => messages.length) };
  }

  it('answers a big conversation in bounded pages, the newest first, each oldest to newest', async () => {
    const conversationId = await newConversation(ana);
    const ids = await fill(conversationId, 450);

    const first = await page(ana, conversationId).expect(200);
    expect(first.body.map((message: PagedMessage) => message.id)).toEqual(ids.slice(-100));
    // 100 messages of about 10 KB: far from the 4.5 MB of the whole conversation.
    expect(Buffer.byteLength(first.text)).toBeLessThan(1_200_000);

    const largest = await page(ana, conversationId, { limit: 200 }).expect(200);
    expect(largest.body).toHaveLength(200);
  });

  it('returns every message exactly once, in order, when paging back to the start', async () => {
    const conversationId = await newConversation(ana);
    const ids = await fill(conversationId, 450);
    for (const limit of [200, 150, 7]) {
      const read = await readBackwards(conversationId, limit);
      expect(read.ids).toEqual(ids);
      expect(Math.max(...read.sizes)).toBeLessThanOrEqual(limit);
    }
  });

  it('pages messages that share one timestamp and one createdAt by their id, none lost or repeated', async () => {
    const conversationId = await newConversation(ana);
    const ids = await fill(conversationId, 130, { sameInstant: true });
    expect((await readBackwards(conversationId, 40)).ids).toEqual(ids);
  });

  it('gives GET /conversations/{id} the newest 100 messages and says whether older ones remain', async () => {
    const big = await newConversation(ana);
    const bigIds = await fill(big, 101);
    const { body } = await http().get(`/api/conversations/${big}`).set(ana.authorization).expect(200);
    expect(body.messages.map((message: PagedMessage) => message.id)).toEqual(bigIds.slice(1));
    expect(body.hasOlderMessages).toBe(true);

    const small = await newConversation(ana);
    const smallIds = await fill(small, 100);
    const { body: smallBody } = await http().get(`/api/conversations/${small}`).set(ana.authorization).expect(200);
    expect(smallBody.messages.map((message: PagedMessage) => message.id)).toEqual(smallIds);
    expect(smallBody.hasOlderMessages).toBe(false);
  });

  it.each([
    [{ limit: 0 }, 'limit debe ser un número entero entre 1 y 200'],
    [{ limit: 201 }, 'limit debe ser un número entero entre 1 y 200'],
    [{ limit: 'muchos' }, 'limit debe ser un número entero entre 1 y 200'],
    [{ limit: '99999999999999999999' }, 'limit debe ser un número entero entre 1 y 200'],
    [{ before: '../m-0001' }, 'before debe ser el id de un mensaje'],
    [{ before: 'no-existe' }, 'before debe ser el id de un mensaje de esta conversación'],
  ])('refuses %p with a Spanish 400', async (query, message) => {
    const conversationId = await newConversation(ana);
    await fill(conversationId, 3);
    const { body } = await page(ana, conversationId, query).expect(400);
    expect(body.message).toContain(message);
  });

  it("refuses another conversation's message as the cursor, and shows nothing of it", async () => {
    const mine = await newConversation(ana);
    await fill(mine, 3);
    const other = await newConversation(ana);
    const { body } = await page(ana, other, { before: 'm-0002' }).expect(400);
    expect(body.message).toBe('before debe ser el id de un mensaje de esta conversación');
  });

  it("answers another user's conversation 404, with or without a cursor", async () => {
    const conversationId = await newConversation(ana);
    await fill(conversationId, 3);
    await page(bob, conversationId).expect(404);
    await page(bob, conversationId, { before: 'm-0002', limit: 1 }).expect(404);
  });

  it('describes limit and before in the OpenAPI document', async () => {
    const { body } = await http().get('/api/docs-json').expect(200);
    const parameters = body.paths['/api/conversations/{id}/messages'].get.parameters as { name: string; in: string; schema: object }[];
    expect(parameters.find((parameter) => parameter.name === 'limit')).toMatchObject({
      in: 'query',
      required: false,
      schema: { default: 100, minimum: 1, maximum: 200 },
    });
    expect(parameters.find((parameter) => parameter.name === 'before')).toMatchObject({ in: 'query', required: false });
    expect(parameters.filter((parameter) => parameter.name === 'userId')).toHaveLength(1);
  });
});
