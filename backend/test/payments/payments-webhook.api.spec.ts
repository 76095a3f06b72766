import { DataSource, Repository } from 'typeorm';
import { ModelGateway } from '../../src/modules/models/model-gateway';
import { ProcessedPaymentEvent } from '../../src/modules/payments/entities/processed-payment-event.entity';
import { Subscription } from '../../src/modules/subscriptions/entities/subscription.entity';
import { FakeModelGateway } from '../chat/fake-model-gateway';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestAppWith, type TestApp } from '../support/test-app';
import { invoiceEvent, nowSeconds, paymentsClient, subscriptionEvent, webhookSender } from './support/payments-client';

jest.setTimeout(60_000);

describe('POST /api/stripe/webhook: signed gateway events keep stored subscriptions in step (issue 14)', () => {
  let testApp: TestApp;
  let client: ReturnType<typeof paymentsClient>;
  let creator: SignedInUser;
  let buyer: SignedInUser;
  let agent: { id: string; priceId: string | null };
  let customerId: string;
  let subscriptions: Repository<Subscription>;
  let processed: Repository<ProcessedPaymentEvent>;
  let stored: { id: string; customer: string; price: string };
  let webhook: Awaited<ReturnType<typeof webhookSender>>;

  beforeAll(async () => {
    testApp = await createTestAppWith([[ModelGateway, new FakeModelGateway()]]);
    client = paymentsClient(testApp);
    creator = await signUpAndSignIn(testApp, 'creadora@example.com');
    buyer = await signUpAndSignIn(testApp, 'cliente@example.com');
    agent = await client.paidAgent(creator, 'Asesor Fiscal', 19.99);
    customerId = await client.createCustomer(buyer);
    await client.addCard(buyer, customerId, 'pm_card_visa').expect(201);
    subscriptions = testApp.app.get(DataSource).getRepository(Subscription);
    processed = testApp.app.get(DataSource).getRepository(ProcessedPaymentEvent);
    webhook = await webhookSender(testApp);
  });

  afterAll(() => testApp.close());

  /** A fresh subscription of the buyer's, active in the gateway and in the store. */
  beforeEach(async () => {
    await subscriptions.delete({ userSub: buyer.sub });
    const { body } = await client.subscribe(buyer, customerId, agent.priceId as string).expect(201);
    stored = { id: body.subscription.subscriptionId, customer: customerId, price: agent.priceId as string };
  });

  const statusOf = async () => (await subscriptions.findOneByOrFail({ subscriptionId: stored.id })).status;

  it('applies a signed customer.subscription.updated (paused) and answers { received: true }', async () => {
    const response = await webhook.post(subscriptionEvent('customer.subscription.paused', { ...stored, status: 'paused' }, nowSeconds() + 5)).expect(200);
    expect(response.body).toEqual({ received: true });
    expect(await statusOf()).toBe('paused');
    expect((await client.chat(buyer, agent.id)).status).toBe(409);
    await webhook.post(subscriptionEvent('customer.subscription.resumed', { ...stored, status: 'active' }, nowSeconds() + 6)).expect(200);
    expect(await statusOf()).toBe('active');
  });

  it('cancels on customer.subscription.deleted, recording the cancel date', async () => {
    await webhook.post(subscriptionEvent('customer.subscription.deleted', { ...stored, status: 'canceled' }, nowSeconds() + 5)).expect(200);
    const row = await subscriptions.findOneByOrFail({ subscriptionId: stored.id });
    expect(row.status).toBe('cancelled');
    expect(row.finishedAt).not.toBeNull();
    expect((await client.chat(buyer, agent.id)).status).toBe(403);
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const event = subscriptionEvent('customer.subscription.updated', { ...stored, status: 'canceled' }, nowSeconds() + 5);
    const forged = await webhook.post(event, { secret: 'whsec_otro_secreto' }).expect(400);
    expect(forged.body.message).toBe('Firma del webhook no válida');
    const { payload, header } = webhook.sign(event);
    await client.http().post('/api/stripe/webhook').set('Content-Type', 'application/json').send(payload).expect(400);
    // The body changed after signing: the signature no longer holds.
    await client.http().post('/api/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', header).send(payload.replace('canceled', 'active ')).expect(400);
    expect(await statusOf()).toBe('active');
    expect(await processed.existsBy({ eventId: event.id })).toBe(false);
  });

  it('refuses a stale timestamp (older than five minutes) with 400', async () => {
    const event = subscriptionEvent('customer.subscription.updated', { ...stored, status: 'canceled' }, nowSeconds());
    await webhook.post(event, { timestamp: nowSeconds() - 3600 }).expect(400);
    expect(await statusOf()).toBe('active');
  });

  it('acts on each event once: a replay is acknowledged and ignored', async () => {
    const pause = subscriptionEvent('customer.subscription.updated', { ...stored, status: 'paused' }, nowSeconds() + 5);
    await webhook.post(pause).expect(200);
    expect(await statusOf()).toBe('paused');
    // The buyer resumes after the event; the same event delivered again must not pause it again.
    await subscriptions.update({ subscriptionId: stored.id }, { status: 'active', gatewayUpdatedAt: new Date(0) });
    const replay = await webhook.post(pause).expect(200);
    expect(replay.body).toEqual({ received: true, duplicate: true });
    expect(await statusOf()).toBe('active');
  });

  it('resolves out-of-order events by the gateway time: an older event arriving later changes nothing', async () => {
    const later = subscriptionEvent('customer.subscription.updated', { ...stored, status: 'paused' }, nowSeconds() + 20);
    const earlier = subscriptionEvent('customer.subscription.updated', { ...stored, status: 'active' }, nowSeconds() + 10);
    await webhook.post(later).expect(200);
    await webhook.post(earlier).expect(200);
    expect(await statusOf()).toBe('paused');
  });

  it('ignores an event older than a change made through our own API', async () => {
    const before = subscriptionEvent('customer.subscription.updated', { ...stored, status: 'active' }, nowSeconds() - 30);
    await client.transition(buyer, 'pause', stored.id).expect(200);
    await webhook.post(before).expect(200);
    expect(await statusOf()).toBe('paused');
  });

  it('marks past_due on invoice.payment_failed (the chat refuses it with its own message) and active again on invoice.paid', async () => {
    await webhook.post(invoiceEvent('invoice.payment_failed', stored.id, customerId, nowSeconds() + 5)).expect(200);
    expect(await statusOf()).toBe('past_due');
    const refused = await client.chat(buyer, agent.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'SubscriptionPastDue',
      message: 'El último pago de tu suscripción ha fallado. Actualiza tu método de pago para seguir chateando con este agente.',
    });
    const lookup = await client.http().get(`/api/stripe-user-subscriptions/subscriptions/user/${buyer.sub}/${agent.id}`).set(buyer.authorization).expect(200);
    expect(lookup.body.data.status).toBe('past_due');

    await webhook.post(invoiceEvent('invoice.paid', stored.id, customerId, nowSeconds() + 6)).expect(200);
    expect(await statusOf()).toBe('active');
    expect((await client.chat(buyer, agent.id)).status).toBe(200);
  });

  it('stores a subscription the gateway created that the store did not know (customer.subscription.created)', async () => {
    await subscriptions.delete({ subscriptionId: stored.id });
    await webhook.post(subscriptionEvent('customer.subscription.created', { ...stored, status: 'active' }, nowSeconds() + 5)).expect(200);
    expect(await subscriptions.findOneByOrFail({ subscriptionId: stored.id })).toMatchObject({
      userSub: buyer.sub,
      status: 'active',
      agentId: agent.id,
      priceId: agent.priceId,
      price: 19.99,
    });
  });

  it('acknowledges events about customers it does not know, and changes nothing', async () => {
    const stranger = subscriptionEvent('customer.subscription.created', { id: 'sub_ajena', customer: 'cus_ajeno', price: 'price_x', status: 'active' }, nowSeconds());
    await webhook.post(stranger).expect(200);
    expect(await subscriptions.existsBy({ subscriptionId: 'sub_ajena' })).toBe(false);
  });

  it('makes the card saved through a SetupIntent the default when the customer had none (setup_intent.succeeded)', async () => {
    const user = await signUpAndSignIn(testApp, 'elements@example.com');
    const customer = await client.createCustomer(user);
    const card = (await client.addCard(user, customer, 'pm_card_mastercard').expect(201)).body;
    expect(card.isDefault).toBe(true);
    const event = {
      id: `evt_setup_${Date.now()}`,
      object: 'event',
      type: 'setup_intent.succeeded',
      created: nowSeconds(),
      data: { object: { id: 'seti_1', object: 'setup_intent', customer, payment_method: card.id } },
    };
    await webhook.post(event).expect(200);
    const { body } = await client.http().get('/api/stripe/default-payment-method').set(user.authorization).expect(200);
    expect(body.paymentMethod.id).toBe(card.id);
  });
});
