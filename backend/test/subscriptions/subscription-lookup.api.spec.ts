import request from 'supertest';
import { DataSource, Repository } from 'typeorm';
import { Subscription } from '../../src/modules/subscriptions/entities/subscription.entity';
import { createPublicAgent } from '../support/agents';
import { subscriptionRow } from '../support/subscriptions';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

// Sign-ups hash passwords on purpose slowly; a busy machine needs more than the default 5 s.
jest.setTimeout(30_000);

describe('GET /stripe-user-subscriptions/subscriptions/user/{user}/{agent} (spec section 7, stored subscriptions)', () => {
  let testApp: TestApp;
  let creator: SignedInUser;
  let buyer: SignedInUser;
  let other: SignedInUser;
  let admin: SignedInUser;
  let paidAgent: string;
  let otherPaidAgent: string;
  let subscriptions: Repository<Subscription>;
  const http = () => request(testApp.server);
  const lookup = (caller: SignedInUser | null, user: string, agent: string) => {
    const call = http().get(`/api/stripe-user-subscriptions/subscriptions/user/${encodeURIComponent(user)}/${encodeURIComponent(agent)}`);
    return caller ? call.set(caller.authorization) : call;
  };

  const createAgent = (name: string, price: number) => createPublicAgent(testApp, creator, name, price);

  beforeAll(async () => {
    testApp = await createTestApp({ ADMIN_EMAILS: 'jefa@example.com' });
    creator = await signUpAndSignIn(testApp, 'creadora@example.com');
    buyer = await signUpAndSignIn(testApp, 'cliente@example.com');
    other = await signUpAndSignIn(testApp, 'otra@example.com');
    admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    paidAgent = await createAgent('Asesor Fiscal', 19.99);
    otherPaidAgent = await createAgent('Asesor de Inversiones', 9.99);
    subscriptions = testApp.app.get(DataSource).getRepository(Subscription);
  });

  afterAll(() => testApp.close());

  beforeEach(() => subscriptions.clear());

  let seq = 0;
  /** Rows are inserted one by one, a second apart by createdAt, in the order given (last is newest). */
  const seed = async (rows: Partial<Subscription>[]) => {
    const saved: Subscription[] = [];
    for (const [index, row] of rows.entries()) {
      seq += 1;
      const entity = subscriptionRow(subscriptions, buyer.sub, { subscriptionId: `sub_${seq}`, ...row });
      await subscriptions.insert(entity);
      const createdAt = new Date(Date.UTC(2026, 0, 1, 12, 0, index));
      await subscriptions.update({ subscriptionId: entity.subscriptionId }, { createdAt, updatedAt: createdAt });
      saved.push(await subscriptions.findOneByOrFail({ subscriptionId: entity.subscriptionId }));
    }
    return saved;
  };

  it('answers an active individual subscription with success and every field of the contract', async () => {
    await seed([{ subscriptionId: 'sub_activa', status: 'active', agentId: paidAgent }]);
    const { body } = await lookup(buyer, buyer.sub, paidAgent).expect(200);
    expect(body).toEqual({
      success: true,
      data: {
        subscriptionId: 'sub_activa',
        status: 'active',
        isBundle: false,
        agents: [],
        priceId: 'price_123',
        price: 19.99,
        userId: buyer.sub,
        agentId: paidAgent,
        createdAt: '2026-01-01T12:00:00.000Z',
        updatedAt: '2026-01-01T12:00:00.000Z',
        finishedAt: null,
        cancelAtPeriodEnd: false,
        currentPeriodEnd: null,
        user: { name: null, email: null },
        products: [],
        ecosystemId: null,
      },
    });
  });

  it('answers a paused individual subscription with status paused', async () => {
    await seed([{ status: 'paused', agentId: paidAgent }]);
    const { body } = await lookup(buyer, buyer.sub, paidAgent).expect(200);
    expect(body).toMatchObject({ success: true, data: { status: 'paused', agentId: paidAgent, userId: buyer.sub } });
  });

  it('answers a cancelled subscription with its finished date', async () => {
    const finishedAt = new Date('2026-02-03T04:05:06.000Z');
    await seed([{ status: 'cancelled', agentId: paidAgent, finishedAt }]);
    const { body } = await lookup(buyer, buyer.sub, paidAgent).expect(200);
    expect(body).toMatchObject({ success: true, data: { status: 'cancelled', finishedAt: finishedAt.toISOString() } });
  });

  it('finds a bundle that contains the agent', async () => {
    await seed([{ subscriptionId: 'sub_bundle', status: 'paused', isBundle: true, agents: [otherPaidAgent, paidAgent], price: 25 }]);
    const { body } = await lookup(buyer, buyer.sub, paidAgent).expect(200);
    expect(body).toEqual({
      success: true,
      data: expect.objectContaining({
        subscriptionId: 'sub_bundle',
        status: 'paused',
        isBundle: true,
        agents: [otherPaidAgent, paidAgent],
        agentId: null,
        price: 25,
      }),
    });
  });

  it('answers success false and data null when nothing covers the agent', async () => {
    await seed([
      { status: 'active', agentId: otherPaidAgent },
      { status: 'active', isBundle: true, agents: [otherPaidAgent] },
      { status: 'active', agentId: paidAgent, userSub: other.sub },
    ]);
    const { body } = await lookup(buyer, buyer.sub, paidAgent).expect(200);
    expect(body).toEqual({ success: false, data: null, message: 'No se encontró suscripción' });
  });

  it('answers success false for an unknown agent id', async () => {
    await seed([{ status: 'active', agentId: paidAgent }]);
    const { body } = await lookup(buyer, buyer.sub, 'no-existe').expect(200);
    expect(body).toEqual({ success: false, data: null, message: 'No se encontró suscripción' });
  });

  it('accepts the username in place of the subject', async () => {
    await seed([{ subscriptionId: 'sub_por_nombre', status: 'active', agentId: paidAgent }]);
    const { body } = await lookup(buyer, 'Cliente@example.com', paidAgent).expect(200);
    expect(body.data).toMatchObject({ subscriptionId: 'sub_por_nombre', userId: buyer.sub });
  });

  describe('when several subscriptions cover the agent', () => {
    it('prefers an active one over a newer paused one', async () => {
      await seed([
        { subscriptionId: 'sub_activa', status: 'active', isBundle: true, agents: [paidAgent] },
        { subscriptionId: 'sub_pausada', status: 'paused', agentId: paidAgent },
      ]);
      expect((await lookup(buyer, buyer.sub, paidAgent).expect(200)).body.data.subscriptionId).toBe('sub_activa');
    });

    it('prefers a paused one over a newer cancelled one', async () => {
      await seed([
        { subscriptionId: 'sub_pausada', status: 'paused', agentId: paidAgent },
        { subscriptionId: 'sub_cancelada', status: 'cancelled', agentId: paidAgent, finishedAt: new Date() },
      ]);
      expect((await lookup(buyer, buyer.sub, paidAgent).expect(200)).body.data.subscriptionId).toBe('sub_pausada');
    });

    it('prefers the newest among the same status', async () => {
      await seed([
        { subscriptionId: 'sub_antigua', status: 'cancelled', agentId: paidAgent },
        { subscriptionId: 'sub_nueva', status: 'cancelled', isBundle: true, agents: [paidAgent] },
        { subscriptionId: 'sub_media_otro_agente', status: 'cancelled', agentId: otherPaidAgent },
      ]);
      expect((await lookup(buyer, buyer.sub, paidAgent).expect(200)).body.data.subscriptionId).toBe('sub_nueva');
    });
  });

  describe('who may look up', () => {
    it('needs a signed-in caller (401)', async () => {
      await lookup(null, buyer.sub, paidAgent).expect(401);
    });

    it("refuses another user's id with 403, by subject or username", async () => {
      await seed([{ status: 'paused', agentId: paidAgent }]);
      await lookup(other, buyer.sub, paidAgent).expect(403);
      await lookup(other, 'cliente@example.com', paidAgent).expect(403);
    });

    it("lets an admin look up another user's subscription, by subject or (once registered) username", async () => {
      await seed([{ subscriptionId: 'sub_para_admin', status: 'paused', agentId: paidAgent }]);
      const bySub = await lookup(admin, buyer.sub, paidAgent).expect(200);
      expect(bySub.body).toMatchObject({ success: true, data: { subscriptionId: 'sub_para_admin', userId: buyer.sub } });
      await http().post('/api/users/registration').set(buyer.authorization).send({ contactName: 'Cliente' }).expect(201);
      const byUsername = await lookup(admin, 'cliente@example.com', paidAgent).expect(200);
      expect(byUsername.body.data).toMatchObject({ subscriptionId: 'sub_para_admin' });
      // The admin's own (none) is not the user's.
      expect((await lookup(admin, admin.sub, paidAgent).expect(200)).body).toEqual({ success: false, data: null, message: 'No se encontró suscripción' });
    });
  });

  it('is described in the OpenAPI document', async () => {
    const { body } = await http().get('/api/docs-json').expect(200);
    expect(body.paths['/api/stripe-user-subscriptions/subscriptions/user/{user}/{agent}'].get.responses).toHaveProperty('200');
  });
});
