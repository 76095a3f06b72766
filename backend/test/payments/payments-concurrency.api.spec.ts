import { DataSource, Repository } from 'typeorm';
import { ModelGateway } from '../../src/modules/models/model-gateway';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../../src/modules/payments/gateway/payment-gateway';
import { Subscription } from '../../src/modules/subscriptions/entities/subscription.entity';
import { FakeModelGateway } from '../chat/fake-model-gateway';
import { startStripeFake, stripeFakeEnv, type StripeFake } from '../fakes/stripe-fake';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestAppWith, type TestApp } from '../support/test-app';
import { paymentsClient } from './support/payments-client';

jest.setTimeout(60_000);

const DUPLICATE = 'Ya tienes una suscripción a este agente o ecosistema';

/**
 * Two create-subscription calls at once, with different idempotency keys, for the same user and
 * the same agent or ecosystem: one subscribes, the other answers 409, and the gateway charged once.
 */
describe.each(['demo', 'stripe'] as const)('one subscription per user and item under concurrency (%s gateway, issue 14)', (provider) => {
  let stripe: StripeFake | undefined;
  let testApp: TestApp;
  let client: ReturnType<typeof paymentsClient>;
  let creator: SignedInUser;
  let subscriptions: Repository<Subscription>;
  let gateway: PaymentGateway;

  beforeAll(async () => {
    stripe = provider === 'stripe' ? await startStripeFake() : undefined;
    testApp = await createTestAppWith([[ModelGateway, new FakeModelGateway()]], stripe ? stripeFakeEnv(stripe) : {});
    client = paymentsClient(testApp);
    creator = await signUpAndSignIn(testApp, 'creadora@example.com');
    subscriptions = testApp.app.get(DataSource).getRepository(Subscription);
    gateway = testApp.app.get(PAYMENT_GATEWAY);
  });

  afterAll(async () => {
    await testApp.close();
    await stripe?.close();
  });

  async function buyer(email: string): Promise<{ user: SignedInUser; customerId: string }> {
    const user = await signUpAndSignIn(testApp, email);
    const customerId = await client.createCustomer(user);
    await client.addCard(user, customerId, 'pm_card_visa').expect(201);
    return { user, customerId };
  }

  async function race(user: SignedInUser, customerId: string, priceId: string) {
    const answers = await Promise.all([
      client.subscribe(user, customerId, priceId, `carrera-${user.sub}-1`),
      client.subscribe(user, customerId, priceId, `carrera-${user.sub}-2`),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const loser = answers.find((answer) => answer.status === 409);
    expect(loser?.body.message).toBe(DUPLICATE);
    const winner = answers.find((answer) => answer.status === 201);
    return winner?.body.subscription.subscriptionId as string;
  }

  it('lets one of two simultaneous subscriptions to the same agent through and charges once', async () => {
    const agent = await client.paidAgent(creator, 'Asesor Fiscal', 12);
    const { user, customerId } = await buyer('carrera-agente@example.com');
    const winner = await race(user, customerId, agent.priceId as string);

    expect(await subscriptions.findBy({ userSub: user.sub })).toEqual([expect.objectContaining({ subscriptionId: winner, status: 'active' })]);
    const open = (await gateway.listSubscriptions(customerId)).filter((subscription) => subscription.status !== 'canceled');
    expect(open.map((subscription) => subscription.id)).toEqual([winner]);
    expect((await client.chat(user, agent.id)).status).toBe(200);
  });

  it('does the same for an ecosystem sold as a bundle', async () => {
    const first = await client.paidAgent(creator, 'Contable', 8);
    const second = await client.paidAgent(creator, 'Laboralista', 8);
    const { body: ecosystem } = await client
      .http()
      .post('/api/ecosystems')
      .set(creator.authorization)
      .send({ name: 'Despacho', agentIds: [first.id, second.id], price: 14, discount: 0, isPublic: true })
      .expect(201);
    const { user, customerId } = await buyer('carrera-paquete@example.com');
    const winner = await race(user, customerId, ecosystem.priceId as string);

    expect((await subscriptions.findBy({ userSub: user.sub })).map((row) => row.subscriptionId)).toEqual([winner]);
    const open = (await gateway.listSubscriptions(customerId)).filter((subscription) => subscription.status !== 'canceled');
    expect(open.map((subscription) => subscription.id)).toEqual([winner]);
  });

  it('lets the user subscribe again once the subscription is cancelled, and a retried request still answers the same one', async () => {
    const agent = await client.paidAgent(creator, 'Notaria', 5);
    const { user, customerId } = await buyer('otra-vez@example.com');
    const first = await client.subscribe(user, customerId, agent.priceId as string, 'primera').expect(201);
    // Cancelled at once (a paused subscription is; an active one would stay until its period ends).
    await client.transition(user, 'pause', first.body.subscription.subscriptionId).expect(200);
    await client.transition(user, 'cancel', first.body.subscription.subscriptionId).expect(200);
    const again = await client.subscribe(user, customerId, agent.priceId as string, 'segunda').expect(201);
    expect(again.body.subscription.subscriptionId).not.toBe(first.body.subscription.subscriptionId);
    const retried = await client.subscribe(user, customerId, agent.priceId as string, 'segunda').expect(201);
    expect(retried.body.subscription.subscriptionId).toBe(again.body.subscription.subscriptionId);
  });
});
