import { randomUUID } from 'node:crypto';
import { DataSource, type Repository } from 'typeorm';
import { EntityStatements } from '../../src/database/entity-statements';
import { isUniqueViolation } from '../../src/database/database-errors';
import { Conversation } from '../../src/modules/conversations/entities/conversation.entity';
import { Message } from '../../src/modules/conversations/entities/message.entity';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The plain-SQL statements of the chat's hot path read and write exactly what the repositories
 * do, value for value (dates, JSON, nulls, numbers), on the database the suite runs on.
 */
describe('entity statements (plain SQL built from the entity metadata)', () => {
  let testApp: TestApp;
  let conversations: Repository<Conversation>;
  let messages: Repository<Message>;
  let statements: EntityStatements<Message>;
  let conversationStatements: EntityStatements<Conversation>;

  async function conversation(): Promise<Conversation> {
    const now = new Date('2026-03-01T10:00:00.000Z');
    return conversations.save(
      conversations.create({ id: randomUUID(), userSub: `user-${randomUUID()}`, title: 'Prueba', metadata: { agentId: 'a1' }, createdAt: now, updatedAt: now }),
    );
  }

  function message(conversationId: string, overrides: Partial<Message> = {}): Message {
    return messages.create({
      conversationId,
      id: randomUUID(),
      role: 'user',
      content: 'Hola, ¿qué tal? «comillas» y \'apóstrofos\'',
      timestamp: new Date('2026-03-01T10:00:01.250Z'),
      metadata: { agentId: 'a1', agentName: 'Asesor' },
      status: 'complete',
      modelId: null,
      inputTokens: null,
      outputTokens: 42,
      createdAt: new Date('2026-03-01T10:00:01.300Z'),
      ...overrides,
    });
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    const dataSource = testApp.app.get(DataSource);
    conversations = dataSource.getRepository(Conversation);
    messages = dataSource.getRepository(Message);
    statements = new EntityStatements(dataSource, Message);
    conversationStatements = new EntityStatements(dataSource, Conversation);
  });

  afterAll(() => testApp.close());

  it('inserts a row that the repository reads back value for value, and reads rows the repository wrote', async () => {
    const { id: conversationId } = await conversation();
    const written = message(conversationId);
    await statements.insert()(written);
    expect(await messages.findOneByOrFail({ conversationId, id: written.id })).toEqual(written);

    const byRepository = message(conversationId, { role: 'assistant', metadata: null, modelId: 'llama3.1', inputTokens: 7 });
    await messages.insert(byRepository);
    const [read] = await statements.select({ where: ['conversationId', 'id'] })({ conversationId, id: byRepository.id });
    expect(read).toBeInstanceOf(Message);
    expect(read).toEqual(await messages.findOneByOrFail({ conversationId, id: byRepository.id }));
  });

  it('answers no rows for a key that matches nothing', async () => {
    const { id: conversationId } = await conversation();
    await expect(statements.select({ where: ['conversationId', 'id'] })({ conversationId, id: 'nadie' })).resolves.toEqual([]);
  });

  it('filters out a fixed value, orders, and takes at most the limit it runs with', async () => {
    const { id: conversationId } = await conversation();
    const at = (second: number) => new Date(Date.UTC(2026, 2, 1, 10, 0, second));
    for (const [second, status] of [[1, 'complete'], [2, 'failed'], [3, 'complete'], [4, 'stopped']] as const) {
      await messages.insert(message(conversationId, { id: `m${second}`, timestamp: at(second), status }));
    }
    const newest = statements.select({
      where: ['conversationId'],
      whereNot: { status: 'failed' },
      orderBy: [['timestamp', 'DESC']],
      limited: true,
    });
    expect((await newest({ conversationId }, 2)).map((row) => row.id)).toEqual(['m4', 'm3']);
    expect((await newest({ conversationId }, 10)).map((row) => row.id)).toEqual(['m4', 'm3', 'm1']);
  });

  it('updates only the rows it matches', async () => {
    const [first, second] = [await conversation(), await conversation()];
    const later = new Date('2026-04-02T08:30:00.125Z');
    await conversationStatements.update(['updatedAt'], ['id'])({ updatedAt: later }, { id: first.id });
    expect((await conversations.findOneByOrFail({ id: first.id })).updatedAt).toEqual(later);
    expect((await conversations.findOneByOrFail({ id: second.id })).updatedAt).toEqual(second.updatedAt);
  });

  it('reports a second insert under the same key as a unique violation', async () => {
    const { id: conversationId } = await conversation();
    const written = message(conversationId);
    const insert = statements.insert();
    await insert(written);
    const error = await insert(written).catch((failure: unknown) => failure);
    expect(isUniqueViolation(error)).toBe(true);
  });
});
