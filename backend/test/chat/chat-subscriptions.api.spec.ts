import request from 'supertest';
import { DataSource, Repository } from 'typeorm';
import { ModelGateway } from '../../src/modules/models/model-gateway';
import { Subscription } from '../../src/modules/subscriptions/entities/subscription.entity';
import { createPublicAgent } from '../support/agents';
import { subscriptionRow } from '../support/subscriptions';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestAppWith, type TestApp } from '../support/test-app';
import { FakeModelGateway } from './fake-model-gateway';

jest.setTimeout(30_000);

describe('who may chat with an agent (spec section 6)', () => {
  const gateway = new FakeModelGateway();
  let testApp: TestApp;
  let creator: SignedInUser;
  let buyer: SignedInUser;
  let admin: SignedInUser;
  let paidAgent: string;
  let otherPaidAgent: string;
  let freeAgent: string;
  let subscriptions: Repository<Subscription>;
  const http = () => request(testApp.server);

  const createAgent = (name: string, price: number) => createPublicAgent(testApp, creator, name, price);

  beforeAll(async () => {
    testApp = await createTestAppWith([[ModelGateway, gateway]], { ADMIN_EMAILS: 'jefa@example.com' });
    creator = await signUpAndSignIn(testApp, 'creadora@example.com');
    buyer = await signUpAndSignIn(testApp, 'cliente@example.com');
    admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    paidAgent = await createAgent('Asesor Fiscal', 19.99);
    otherPaidAgent = await createAgent('Asesor de Inversiones', 9.99);
    freeAgent = await createAgent('Asesor Gratuito', 0);
    subscriptions = testApp.app.get(DataSource).getRepository(Subscription);
  });

  afterAll(() => testApp.close());

  beforeEach(async () => {
    gateway.reset();
    await subscriptions.delete({ userSub: buyer.sub });
  });

  const seed = (rows: Partial<Subscription>[]) => subscriptions.save(rows.map((row) => subscriptionRow(subscriptions, buyer.sub, row)));

  const chatWith = async (user: SignedInUser, agentId: string) => {
    const { body: conversation } = await http()
      .post('/api/conversations')
      .set(user.authorization)
      .send({ metadata: { agentId } })
      .expect(201);
    return http().post('/api/bedrock/agents/chat').set(user.authorization).send({ conversationId: conversation.id, message: 'Hola' });
  };

  it('lets the creator chat with their own paid agent without a subscription', async () => {
    expect((await chatWith(creator, paidAgent)).status).toBe(200);
  });

  it('lets an admin chat with any agent', async () => {
    expect((await chatWith(admin, paidAgent)).status).toBe(200);
  });

  it('lets every signed-in user chat with a free agent', async () => {
    expect((await chatWith(buyer, freeAgent)).status).toBe(200);
  });

  it("refuses a paid agent without a subscription: 403 'Necesitas una suscripción activa…', and asks no model", async () => {
    const response = await chatWith(buyer, paidAgent);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      statusCode: 403,
      message: 'Necesitas una suscripción activa para chatear con este agente.',
      error: 'Forbidden',
      code: 'SubscriptionRequired',
    });
    expect(gateway.requests).toHaveLength(0);
  });

  it('lets a user with an active individual subscription chat', async () => {
    await seed([{ status: 'active', agentId: paidAgent }]);
    expect((await chatWith(buyer, paidAgent)).status).toBe(200);
    expect(gateway.last).toMatchObject({ audience: 'agent', systemPrompt: 'Eres Asesor Fiscal.' });
  });

  it('lets a user with an active bundle containing the agent chat', async () => {
    await seed([{ status: 'active', isBundle: true, agents: [otherPaidAgent, paidAgent] }]);
    expect((await chatWith(buyer, paidAgent)).status).toBe(200);
  });

  it("answers a paused subscription with 409 'Suscripción Pausada' and code SubscriptionPaused", async () => {
    await seed([{ status: 'paused', agentId: paidAgent }]);
    const response = await chatWith(buyer, paidAgent);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ statusCode: 409, message: 'Suscripción Pausada', error: 'Conflict', code: 'SubscriptionPaused' });
    expect(gateway.requests).toHaveLength(0);
  });

  it('answers a paused bundle with the same 409', async () => {
    await seed([{ status: 'paused', isBundle: true, agents: [paidAgent] }]);
    expect((await chatWith(buyer, paidAgent)).body.code).toBe('SubscriptionPaused');
  });

  it('prefers an active subscription over a paused one for the same agent', async () => {
    await seed([
      { status: 'paused', agentId: paidAgent },
      { status: 'active', isBundle: true, agents: [paidAgent] },
    ]);
    expect((await chatWith(buyer, paidAgent)).status).toBe(200);
  });

  it.each([
    ['a cancelled subscription', (): Partial<Subscription>[] => [{ status: 'cancelled', agentId: paidAgent, finishedAt: new Date() }]],
    ['an active subscription to another agent', (): Partial<Subscription>[] => [{ status: 'active', agentId: otherPaidAgent }]],
    ['an active bundle without the agent', (): Partial<Subscription>[] => [{ status: 'active', isBundle: true, agents: [otherPaidAgent] }]],
  ])('refuses with 403 when the user only has %s', async (_label, rows) => {
    const seeded = await seed(rows());
    expect(seeded[0].agentId ?? seeded[0].agents[0]).toBeDefined();
    const response = await chatWith(buyer, paidAgent);
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('SubscriptionRequired');
  });

  it("does not count another user's active subscription", async () => {
    await seed([{ status: 'active', agentId: paidAgent, userSub: creator.sub }]);
    expect((await chatWith(buyer, paidAgent)).status).toBe(403);
    await subscriptions.delete({ userSub: creator.sub });
  });
});
