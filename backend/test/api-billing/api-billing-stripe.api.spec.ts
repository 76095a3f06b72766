import Stripe from 'stripe';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ApiMeterReport } from '../../src/modules/api-billing/entities/api-meter-report.entity';
import { StripeUsageReporter } from '../../src/modules/api-billing/stripe-usage-reporter';
import { AuditLog } from '../../src/modules/audit/audit-log.service';
import { PayoutsService } from '../../src/modules/payments/payouts/payouts.service';
import { type OpenAiFake, openAiFakeEnv, startOpenAiFake } from '../fakes/openai-fake';
import { startStripeFake, stripeFakeEnv, type StripeFake } from '../fakes/stripe-fake';
import { nowSeconds, paymentsClient, webhookSender } from '../payments/support/payments-client';
import { payoutsClient } from '../payments/payouts/payouts-client';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(120_000);

const SUSPENDED = 'Tus claves de API están suspendidas: hay una factura pendiente de pago.';
const thisMonth = () => new Date().toISOString().slice(0, 7);

/**
 * Issue 36, item 3, with Stripe Billing (the local fake, driven by the `stripe` SDK): the use of a
 * buyer's key goes to a meter per agent and unit as meter events sent once; Stripe's monthly
 * invoice of the buyer's subscription comes back by webhook; a failed one suspends the buyer's
 * keys (402) until it is paid; the paid one books the creator's share, less the platform's fee,
 * and the payout run transfers it to the creator's connected account.
 */
describe('monthly billing of API use with Stripe Billing', () => {
  let openAi: OpenAiFake;
  let stripe: StripeFake;
  let sdk: Stripe;
  let testApp: TestApp;
  let builder: SignedInUser;
  let buyer: SignedInUser;
  let agentId: string;
  let customerId: string;
  let keyId: string;
  let secret: string;
  const http = () => request(testApp.server);
  const invoke = () => http().post(`/api/v1/agent/${agentId}/invoke`).set('Authorization', `Bearer ${secret}`).send({ input: 'Hola' });
  const report = () => testApp.app.get(StripeUsageReporter).report();
  const meterEvents = () => stripe.state.requests.filter((call) => call.method === 'POST' && call.path === '/v1/billing/meter_events');
  const eventName = (unit: string) => [...stripe.state.meters.values()].find((meter) => meter.event_name.endsWith(`_${unit}`))?.event_name as string;

  beforeAll(async () => {
    // Each call answers 10 tokens in and 5 out.
    openAi = await startOpenAiFake({ reply: ['Vale.'], usage: { prompt_tokens: 10, completion_tokens: 5 } });
    stripe = await startStripeFake();
    sdk = new Stripe(stripe.secretKey, { host: '127.0.0.1', port: stripe.port, protocol: 'http', telemetry: false });
    testApp = await createTestApp(openAiFakeEnv(openAi, { ...stripeFakeEnv(stripe, 'whsec_test_fake'), PLATFORM_FEE_PERCENT: '15', RATE_LIMIT_AGENTS_PER_HOUR: '1000' }));
    builder = await signUpAndSignIn(testApp, 'factura-creadora@example.com');
    buyer = await signUpAndSignIn(testApp, 'factura-compradora@example.com');
    agentId = (await http().post('/api/agents').set(builder.authorization).send({ name: 'Asesor medido', category: 'legal', description: 'Por uso', prompt: 'Eres breve.' }).expect(201)).body.id;
    await http().post(`/api/agent/${agentId}/publication`).set(builder.authorization).send({}).expect(201);
    // A euro a call, half a cent a token in, two cents a token out.
    await http().put(`/api/publication/${agentId}/pricing`).set(builder.authorization).send({ available: true, per1000Calls: 100_000, perMillionInputTokens: 500_000, perMillionOutputTokens: 2_000_000 }).expect(200);
    const payments = paymentsClient(testApp);
    customerId = await payments.createCustomer(buyer);
    await payments.addCard(buyer, customerId, 'pm_card_visa').expect(201);
    ({ keyId, secret } = (await http().post('/api/me/api-keys').set(buyer.authorization).send({ agentId, name: 'Producción' }).expect(201)).body);
  });

  afterAll(async () => {
    await testApp.close();
    await stripe.close();
    await openAi.close();
  });

  it('makes a meter per unit and metered prices, subscribes the buyer on them, and sends the use as meter events', async () => {
    await invoke().expect(200);
    await invoke().expect(200);
    expect(await report()).toEqual({ sent: 3 });

    const meters = [...stripe.state.meters.values()];
    expect(meters.map((meter) => meter.event_name.split('_').at(-1)).sort()).toEqual(['calls', 'tokens', 'tokens']);
    expect(meters.every((meter) => meter.default_aggregation.formula === 'sum' && meter.customer_mapping.event_payload_key === 'stripe_customer_id')).toBe(true);
    const prices = [...stripe.state.prices.values()].filter((price) => price.recurring?.usage_type === 'metered');
    // Cents per unit: a euro a call, half a cent and two cents a token.
    expect(prices.map((price) => price.unit_amount_decimal).sort()).toEqual(['0.5', '100', '2']);
    const subscriptions = [...stripe.state.subscriptions.values()].filter((subscription) => subscription.customer === customerId);
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0].items.data.map((item: { price: { id: string } }) => item.price.id).sort()).toEqual(prices.map((price) => price.id).sort());
    expect(subscriptions[0].billing_cycle_anchor_config).toEqual({ day_of_month: '1' });

    expect(stripe.meterTotal(eventName('calls'), customerId)).toBe(2);
    expect(stripe.meterTotal(eventName('input_tokens'), customerId)).toBe(20);
    expect(stripe.meterTotal(eventName('output_tokens'), customerId)).toBe(10);
    // Each event's identifier is its idempotency key: the key, the day, the unit and its place in the day's sequence.
    for (const call of meterEvents()) {
      // Stripe bills the events of a period only: none is dated before the subscription began.
      expect(Number(call.body.timestamp)).toBeGreaterThanOrEqual(subscriptions[0].created);
      expect(call.headers['idempotency-key']).toBe(call.body.identifier);
      expect(call.body.identifier).toMatch(new RegExp(`^${keyId}:\\d{4}-\\d{2}-\\d{2}:(calls|input_tokens|output_tokens):0$`));
    }
    // Nothing new: nothing sent.
    expect(await report()).toEqual({ sent: 0 });
  });

  it('counts once a batch sent again after the instance died before marking it sent (same identifiers and keys)', async () => {
    const before = meterEvents().length;
    // As if the run died between Stripe's answer and marking the events sent.
    await testApp.app.get(DataSource).getRepository(ApiMeterReport).update({ keyId }, { sentAt: null });
    expect(await report()).toEqual({ sent: 3 });
    const resent = meterEvents().slice(before);
    expect(resent.map((call) => call.headers['idempotency-key']).sort()).toEqual(meterEvents().slice(0, 3).map((call) => call.headers['idempotency-key']).sort());
    expect(stripe.meterTotal(eventName('calls'), customerId)).toBe(2);
    expect(stripe.meterTotal(eventName('input_tokens'), customerId)).toBe(20);

    // New use is the difference, the next event of the day's sequence.
    await invoke().expect(200);
    expect(await report()).toEqual({ sent: 3 });
    expect(meterEvents().at(-1)?.body.identifier).toMatch(/:1$/);
    expect(stripe.meterTotal(eventName('calls'), customerId)).toBe(3);
    expect(stripe.meterTotal(eventName('output_tokens'), customerId)).toBe(15);
  });

  it('suspends the buyer’s keys when Stripe’s invoice fails (402) and reinstates them when it is paid', async () => {
    const webhook = await webhookSender(testApp);
    const failing = await sdk.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customerId });
    await sdk.customers.update(customerId, { invoice_settings: { default_payment_method: failing.id } });
    const subscription = [...stripe.state.subscriptions.values()].find((candidate) => candidate.customer === customerId);
    const invoice = stripe.closeMeteredPeriod(subscription.id);
    // 3 calls at a euro, 30 tokens in at half a cent, 15 out at two cents.
    expect(invoice).toMatchObject({ status: 'open', total: 345 });
    await webhook.post({ id: 'evt_api_invoice_failed', object: 'event', type: 'invoice.payment_failed', created: nowSeconds(), data: { object: invoice } }, { secret: 'whsec_test_fake' }).expect(200);

    const refused = await invoke().expect(402);
    expect(refused.body.message).toBe(SUSPENDED);
    const completion = await http().post('/api/v1/chat/completions').set('Authorization', `Bearer ${secret}`).send({ model: agentId, messages: [{ role: 'user', content: 'Hola' }] }).expect(402);
    expect(completion.body.error.message).toBe(SUSPENDED);
    expect(await testApp.app.get(AuditLog).latest('api-keys.suspend', `user:${buyer.sub}`)).toMatchObject({ actorSub: 'system', after: { suspended: true, total: 345 } });

    const listed = (await http().get('/api/me/api-invoices').set(buyer.authorization).expect(200)).body;
    expect(listed.items).toEqual([
      {
        id: expect.any(String),
        month: thisMonth(),
        status: 'payment_failed',
        total: 345,
        currency: 'eur',
        hostedInvoiceUrl: invoice.hosted_invoice_url,
        lines: [{ keyId, keyName: 'Producción', agentId, agentName: 'Asesor medido', calls: 3, inputTokens: 30, outputTokens: 15, amount: 345 }],
      },
    ]);
    // Nobody else sees them.
    expect((await http().get('/api/me/api-invoices').set(builder.authorization).expect(200)).body.items).toEqual([]);
    // No share is booked while it is unpaid.
    expect((await payoutsClient(testApp).earnings(builder).expect(200)).body.months).toEqual([]);

    // The buyer saves a card that pays, and Stripe charges the invoice again.
    const visa = await sdk.paymentMethods.attach('pm_card_visa', { customer: customerId });
    await sdk.customers.update(customerId, { invoice_settings: { default_payment_method: visa.id } });
    const paid = await sdk.invoices.pay(invoice.id);
    expect(paid.status).toBe('paid');
    await webhook.post({ id: 'evt_api_invoice_paid', object: 'event', type: 'invoice.paid', created: nowSeconds(), data: { object: paid } }, { secret: 'whsec_test_fake' }).expect(200);
    await invoke().expect(200);
    expect((await http().get('/api/me/api-invoices').set(buyer.authorization).expect(200)).body.items[0]).toMatchObject({ status: 'paid', total: 345 });
    expect(await testApp.app.get(AuditLog).latest('api-keys.reinstate', `user:${buyer.sub}`)).toMatchObject({ actorSub: 'system', after: { suspended: false } });
  });

  it('books the creator’s share less the platform’s fee once, and the payout run transfers it to their connected account', async () => {
    const earnings = (await payoutsClient(testApp).earnings(builder).expect(200)).body;
    // 3,45 € of which 15 % (0,52 €) is the platform's.
    expect(earnings.months[0].agents).toEqual([expect.objectContaining({ agentId, gross: 3.45, fee: 0.52, net: 2.93, paidOut: false })]);
    // The same event again books nothing more.
    const webhook = await webhookSender(testApp);
    const invoice = [...stripe.state.invoices.values()].find((candidate) => candidate.customer === customerId && candidate.billing_reason === 'subscription_cycle');
    await webhook
      .post({ id: 'evt_api_invoice_paid_again', object: 'event', type: 'invoice.paid', created: nowSeconds(), data: { object: invoice } }, { secret: 'whsec_test_fake' })
      .expect(200);
    expect((await payoutsClient(testApp).earnings(builder).expect(200)).body.months[0].agents[0]).toMatchObject({ gross: 3.45, net: 2.93 });

    await payoutsClient(testApp).onboard(builder).expect(200);
    const { accountId } = (await payoutsClient(testApp).account(builder).expect(200)).body;
    stripe.enableAccount(accountId);
    const settled = await testApp.app.get(PayoutsService).settleBundleShares();
    expect(settled.paid).toEqual([expect.objectContaining({ agentId, ecosystemId: '', amount: 2.93, destinationAccountId: accountId })]);
    expect([...stripe.state.transfers.values()]).toEqual([expect.objectContaining({ amount: 293, destination: accountId })]);
    expect((await payoutsClient(testApp).earnings(builder).expect(200)).body.months[0].agents[0]).toMatchObject({ paidOut: true });
  });
});
