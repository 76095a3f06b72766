import request from 'supertest';
import { ModelGateway } from '../../src/modules/models/model-gateway';
import { FakeModelGateway } from '../chat/fake-model-gateway';
import { startStripeFake, stripeFakeEnv, type StripeFake } from '../fakes/stripe-fake';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestAppWith, type TestApp } from '../support/test-app';
import { invoiceEvent, nowSeconds, paymentsClient, webhookSender } from './support/payments-client';

jest.setTimeout(60_000);

describe('a subscription whose first payment needs 3-D Secure, with Stripe (issue 14)', () => {
  let stripe: StripeFake;
  let testApp: TestApp;
  let client: ReturnType<typeof paymentsClient>;
  let creator: SignedInUser;

  beforeAll(async () => {
    stripe = await startStripeFake();
    testApp = await createTestAppWith([[ModelGateway, new FakeModelGateway()]], stripeFakeEnv(stripe));
    client = paymentsClient(testApp);
    creator = await signUpAndSignIn(testApp, 'creadora-sca@example.com');
  });

  afterAll(async () => {
    await testApp.close();
    await stripe.close();
  });

  const stored = (user: SignedInUser, agentId: string) =>
    request(testApp.server).get(`/api/stripe-user-subscriptions/${user.sub}/${agentId}`).set(user.authorization).expect(200);

  it('answers requiresAction with the payment client secret, stores it incomplete (the chat refuses), and a signed invoice.paid activates it', async () => {
    const agent = await client.paidAgent(creator, 'Asesor Seguro', 12);
    const buyer = await signUpAndSignIn(testApp, 'comprador-sca@example.com');
    const customerId = await client.createCustomer(buyer);
    await client.addCard(buyer, customerId, 'pm_card_authenticationRequired').expect(201);

    const { body } = await client.subscribe(buyer, customerId, agent.priceId as string).expect(201);
    expect(body).toMatchObject({ requiresAction: true, clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/), subscription: { status: 'incomplete' } });
    const subscriptionId = body.subscription.subscriptionId as string;
    expect(stripe.state.subscriptions.get(subscriptionId).status).toBe('incomplete');
    expect((await stored(buyer, agent.id)).body).toMatchObject({ success: true, data: { subscriptionId, status: 'incomplete' } });

    const refused = await client.chat(buyer, agent.id);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('SubscriptionRequired');

    // The buyer confirmed with the bank; Stripe then sends invoice.paid.
    const webhook = await webhookSender(testApp);
    await webhook.post(invoiceEvent('invoice.paid', subscriptionId, customerId, nowSeconds() + 2), { secret: 'whsec_test_fake' }).expect(200, { received: true });
    expect((await stored(buyer, agent.id)).body.data.status).toBe('active');
    expect((await client.chat(buyer, agent.id)).status).toBe(200);
  });

  it('lets the buyer try again when the bank never confirmed: the incomplete one is cancelled, a new one answered', async () => {
    const agent = await client.paidAgent(creator, 'Asesor Reintento', 10);
    const buyer = await signUpAndSignIn(testApp, 'comprador-reintento@example.com');
    const customerId = await client.createCustomer(buyer);
    await client.addCard(buyer, customerId, 'pm_card_authenticationRequired').expect(201);
    const first = (await client.subscribe(buyer, customerId, agent.priceId as string).expect(201)).body;
    const second = (await client.subscribe(buyer, customerId, agent.priceId as string).expect(201)).body;
    expect(second).toMatchObject({ requiresAction: true, clientSecret: expect.any(String), subscription: { status: 'incomplete' } });
    expect(second.subscription.subscriptionId).not.toBe(first.subscription.subscriptionId);
    expect(stripe.state.subscriptions.get(first.subscription.subscriptionId).status).toBe('canceled');
    const { body } = await request(testApp.server).get(`/api/stripe/list-subscriptions/${customerId}`).set(buyer.authorization).expect(200);
    expect(body.subscriptions.map((row: { status: string }) => row.status).sort()).toEqual(['cancelled', 'incomplete']);
  });

  it('answers a card that needs no authentication without requiresAction, active at once', async () => {
    const agent = await client.paidAgent(creator, 'Asesor Directo', 8);
    const buyer = await signUpAndSignIn(testApp, 'comprador-visa@example.com');
    const customerId = await client.createCustomer(buyer);
    await client.addCard(buyer, customerId, 'pm_card_visa').expect(201);
    const { body } = await client.subscribe(buyer, customerId, agent.priceId as string).expect(201);
    expect(body).toMatchObject({ requiresAction: false, clientSecret: null, subscription: { status: 'active' } });
  });

  it('still refuses a plainly declined card with 402 and stores nothing', async () => {
    const agent = await client.paidAgent(creator, 'Asesor Rechazado', 5);
    const buyer = await signUpAndSignIn(testApp, 'comprador-rechazo@example.com');
    const customerId = await client.createCustomer(buyer);
    await client.addCard(buyer, customerId, 'pm_card_chargeCustomerFail').expect(201);
    await client.subscribe(buyer, customerId, agent.priceId as string).expect(402);
    const { body } = await request(testApp.server).get(`/api/stripe/list-subscriptions/${customerId}`).set(buyer.authorization).expect(200);
    expect(body.subscriptions).toEqual([]);
  });
});
