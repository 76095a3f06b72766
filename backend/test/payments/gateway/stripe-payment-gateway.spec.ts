import { randomUUID } from 'node:crypto';
import { StripePaymentGateway } from '../../../src/modules/payments/gateway/stripe-payment-gateway';
import { PaymentDeclinedError, PaymentProviderError } from '../../../src/modules/payments/payments.errors';
import { type StripeFake, startStripeFake } from '../../fakes';
import { describeGatewayContract } from './gateway-contract';

const webhookSecret = 'whsec_stripe_contract';

function gatewayFor(fake: StripeFake, overrides: Partial<ConstructorParameters<typeof StripePaymentGateway>[0]> = {}) {
  return new StripePaymentGateway({
    secretKey: fake.secretKey,
    publishableKey: 'pk_test_fake',
    webhookSecret,
    host: '127.0.0.1',
    port: fake.port,
    protocol: 'http',
    ...overrides,
  });
}

describeGatewayContract('the Stripe adapter (the stripe SDK against a local Stripe fake)', async () => {
  const fake = await startStripeFake();
  return {
    gateway: gatewayFor(fake),
    webhookSecret,
    storedCardCount: async (customerId) => [...fake.state.paymentMethods.values()].filter((method) => method.customer === customerId).length,
    finishOnboarding: async (accountId) => {
      fake.enableAccount(accountId);
    },
    close: () => fake.close(),
  };
});

describe('the Stripe adapter: what it sends Stripe and how it reads its failures', () => {
  let fake: StripeFake;
  let gateway: StripePaymentGateway;

  beforeAll(async () => {
    fake = await startStripeFake();
    gateway = gatewayFor(fake);
  });
  afterAll(() => fake.close());

  async function payingCustomer(paymentMethod = 'pm_card_visa') {
    const buyer = await gateway.createCustomer({ name: 'Luis', email: 'luis@example.com', userSub: 'user-luis' });
    const card = await gateway.attachCard(buyer.id, paymentMethod);
    const product = await gateway.createProduct({ name: 'Agente', description: '', metadata: { agentId: 'a1' } });
    const price = await gateway.createMonthlyPrice({ productId: product.id, unitAmount: 1500, currency: 'eur' });
    return { buyer, card, price };
  }

  function lastRequest(method: string, path: string) {
    return [...fake.state.requests].reverse().find((request) => request.method === method && request.path === path)!;
  }

  it('identifies itself as Stripe and hands the publishable key to the renderer', () => {
    expect(gateway.provider).toBe('stripe');
    expect(gateway.publishableKey).toBe('pk_test_fake');
  });

  it("subscribes with the customer's default card, error_if_incomplete, the idempotency key, metadata and a destination charge", async () => {
    const { buyer, card, price } = await payingCustomer();
    const account = await gateway.createConnectedAccount({ email: 'creadora@example.com', userSub: 'creator-1' });
    expect(await gateway.retrieveConnectedAccount(account.id)).toEqual({ id: account.id, chargesEnabled: false, payoutsEnabled: false, detailsSubmitted: false });
    fake.enableAccount(account.id);
    const idempotencyKey = randomUUID();
    await gateway.createSubscription({
      customerId: buyer.id,
      priceId: price.id,
      idempotencyKey,
      metadata: { userSub: 'user-luis', agentId: 'a1' },
      destination: { accountId: account.id, applicationFeePercent: 15 },
    });
    const request = lastRequest('POST', '/v1/subscriptions');
    expect(request.headers['idempotency-key']).toBe(idempotencyKey);
    expect(request.body).toMatchObject({
      customer: buyer.id,
      items: [{ price: price.id }],
      default_payment_method: card.id,
      payment_behavior: 'error_if_incomplete',
      metadata: { userSub: 'user-luis', agentId: 'a1' },
      transfer_data: { destination: account.id },
      application_fee_percent: '15',
    });
  });

  it('pauses by voiding collection and resumes by clearing it; cancels through the cancel endpoint', async () => {
    const { buyer, price } = await payingCustomer();
    const subscription = await gateway.createSubscription({ customerId: buyer.id, priceId: price.id, idempotencyKey: randomUUID(), metadata: {} });
    await gateway.pauseSubscription(subscription.id);
    expect(lastRequest('POST', `/v1/subscriptions/${subscription.id}`).body).toEqual({ pause_collection: { behavior: 'void' } });
    expect(fake.state.subscriptions.get(subscription.id).status).toBe('active');
    await gateway.resumeSubscription(subscription.id);
    expect(lastRequest('POST', `/v1/subscriptions/${subscription.id}`).body).toEqual({ pause_collection: '' });
    await gateway.cancelSubscription(subscription.id);
    expect(lastRequest('DELETE', `/v1/subscriptions/${subscription.id}`)).toBeDefined();
  });

  it('previews a price change with invoices.createPreview on the subscription item, then updates it with the key, invoicing the proration at once', async () => {
    const { buyer, price } = await payingCustomer();
    const subscription = await gateway.createSubscription({ customerId: buyer.id, priceId: price.id, idempotencyKey: randomUUID(), metadata: {} });
    const product = await gateway.createProduct({ name: 'Otro', description: 'Plan', metadata: {} });
    const dearer = await gateway.createMonthlyPrice({ productId: product.id, unitAmount: 2500, currency: 'eur' });
    await gateway.previewPriceChange(subscription.id, dearer.id);
    const itemId = fake.state.subscriptions.get(subscription.id).items.data[0].id;
    expect(lastRequest('POST', '/v1/invoices/create_preview').body).toMatchObject({
      subscription: subscription.id,
      subscription_details: { items: [{ id: itemId, price: dearer.id }], proration_behavior: 'always_invoice' },
    });
    const key = randomUUID();
    const { proration } = await gateway.changePrice(subscription.id, dearer.id, key);
    const update = lastRequest('POST', `/v1/subscriptions/${subscription.id}`);
    expect(update.headers['idempotency-key']).toBe(key);
    expect(update.body).toMatchObject({ items: [{ id: itemId, price: dearer.id }], proration_behavior: 'always_invoice', payment_behavior: 'error_if_incomplete' });
    const invoice = fake.state.invoices.get(proration.invoiceId as string);
    expect(invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid', total: proration.amount, currency: 'eur' });
    expect(fake.state.subscriptions.get(subscription.id).latest_invoice).toBe(invoice.id);
  });

  it('refuses a plan change whose proration the card declines (402), changing nothing', async () => {
    const { buyer, card, price } = await payingCustomer();
    const subscription = await gateway.createSubscription({ customerId: buyer.id, priceId: price.id, idempotencyKey: randomUUID(), metadata: {} });
    const product = await gateway.createProduct({ name: 'Otro', description: 'Plan', metadata: {} });
    const dearer = await gateway.createMonthlyPrice({ productId: product.id, unitAmount: 2500, currency: 'eur' });
    fake.state.paymentMethods.get(card.id)!.chargeFails = true;
    await expect(gateway.changePrice(subscription.id, dearer.id, randomUUID())).rejects.toMatchObject({ status: 402, message: 'La tarjeta ha sido rechazada. Prueba con otra tarjeta.' });
    expect((await gateway.retrieveSubscription(subscription.id)).priceId).toBe(price.id);
  });

  it('refuses a subscription whose charge the card declines (402), creating nothing', async () => {
    const { buyer, price } = await payingCustomer('pm_card_chargeCustomerFail');
    const refused = gateway.createSubscription({ customerId: buyer.id, priceId: price.id, idempotencyKey: randomUUID(), metadata: {} });
    await expect(refused).rejects.toBeInstanceOf(PaymentDeclinedError);
    await expect(refused).rejects.toMatchObject({ status: 402, message: 'La tarjeta ha sido rechazada. Prueba con otra tarjeta.' });
    expect(await gateway.listSubscriptions(buyer.id)).toEqual([]);
  });

  it('reads expired cards and wrong security codes in Spanish', async () => {
    const buyer = await gateway.createCustomer({ name: 'Eva', email: 'eva@example.com', userSub: 'user-eva' });
    await expect(gateway.attachCard(buyer.id, 'pm_card_chargeDeclinedExpiredCard')).rejects.toMatchObject({ status: 402, message: 'La tarjeta ha caducado. Prueba con otra tarjeta.' });
    await expect(gateway.attachCard(buyer.id, 'pm_card_chargeDeclinedIncorrectCvc')).rejects.toMatchObject({ status: 402, message: 'El código de seguridad de la tarjeta no es correcto.' });
  });

  it('answers 502 when Stripe keeps failing, after retrying', async () => {
    fake.state.failNext(3, 500);
    const before = fake.state.requests.length;
    const failed = gateway.createCustomer({ name: 'Ana', email: 'ana@example.com', userSub: 'user-ana' });
    await expect(failed).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(failed).rejects.toMatchObject({ status: 502, message: 'El servicio de pagos no está disponible. Vuelve a intentarlo más tarde.' });
    expect(fake.state.requests.length - before).toBe(3);
  });

  it('succeeds when a retry gets through, creating one customer', async () => {
    fake.state.failNext(1, 500);
    const customersBefore = fake.state.customers.size;
    const created = await gateway.createCustomer({ name: 'Ana', email: 'ana@example.com', userSub: 'user-ana' });
    expect(created.id).toMatch(/^cus_/);
    expect(fake.state.customers.size).toBe(customersBefore + 1);
  });

  it('answers 502 when the secret key is wrong or Stripe cannot be reached', async () => {
    const wrongKey = gatewayFor(fake, { secretKey: 'sk_test_otra' });
    await expect(wrongKey.createCustomer({ name: 'Ana', email: 'ana@example.com', userSub: 'u' })).rejects.toMatchObject({ status: 502 });
    const closed = await startStripeFake();
    await closed.close();
    const unreachable = gatewayFor(closed, { maxNetworkRetries: 0, timeoutMs: 2000 });
    await expect(unreachable.createCustomer({ name: 'Ana', email: 'ana@example.com', userSub: 'u' })).rejects.toBeInstanceOf(PaymentProviderError);
  });
});
