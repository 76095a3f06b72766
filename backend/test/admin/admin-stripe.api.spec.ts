import request from 'supertest';
import { ModelGateway } from '../../src/modules/models/model-gateway';
import { FakeModelGateway } from '../chat/fake-model-gateway';
import { startStripeFake, stripeFakeEnv, type StripeFake } from '../fakes/stripe-fake';
import { payoutsClient } from '../payments/payouts/payouts-client';
import { nowSeconds, webhookSender } from '../payments/support/payments-client';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestAppWith, type TestApp } from '../support/test-app';

jest.setTimeout(90_000);

/** The admin's payments views with Stripe configured: Stripe's own balance, movements, products and customers, through the official SDK. */
describe('admin payments views in Stripe mode (issue 17)', () => {
  let stripe: StripeFake;
  let testApp: TestApp;
  let admin: SignedInUser;
  const http = () => request(testApp.server);

  beforeAll(async () => {
    stripe = await startStripeFake();
    testApp = await createTestAppWith([[ModelGateway, new FakeModelGateway()]], stripeFakeEnv(stripe, 'whsec_test_fake', { ADMIN_EMAILS: 'jefa@example.com' }));
    admin = await signUpAndSignIn(testApp, 'jefa@example.com');
  });

  afterAll(async () => {
    await testApp.close();
    await stripe.close();
  });

  it('read Stripe’s balance, balance transactions, products and customers, labelled stripe', async () => {
    const client = payoutsClient(testApp);
    const creator = await signUpAndSignIn(testApp, 'creadora@example.com');
    const buyer = await signUpAndSignIn(testApp, 'cliente@example.com');
    const agent = await client.paidAgent(creator, 'Asesor Fiscal', 19.99);
    const customerId = await client.buyer(buyer);
    await client.subscribe(buyer, customerId, agent.priceId as string).expect(201);
    const charge = stripe.state.balanceTransactions[0];

    const balance = (await http().get('/api-admin/stripe/balance').set(admin.authorization).expect(200)).body;
    // Stripe's fee (1.5 % + 25 cents of 19.99 €) is Stripe's to report, not ours to compute.
    expect(balance).toEqual({
      provider: 'stripe',
      demo: false,
      currency: 'eur',
      available: [{ amount: 0, currency: 'eur' }],
      pending: [{ amount: 1944, currency: 'eur' }],
      totals: { gross: 1999, fees: 200, net: 1799, paidOut: 0 },
    });

    const transactions = (await http().get('/api-admin/stripe/balance_transactions/5').set(admin.authorization).expect(200)).body;
    expect(transactions).toEqual({
      provider: 'stripe',
      demo: false,
      items: [
        {
          id: charge.id,
          type: 'charge',
          description: 'Subscription creation',
          source: expect.stringMatching(/^ch_/),
          status: 'pending',
          amount: 1999,
          fee: 55,
          net: 1944,
          currency: 'eur',
          created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
          availableOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        },
      ],
    });

    const products = (await http().get('/api-admin/stripe/products/10').set(admin.authorization).expect(200)).body;
    expect(products).toMatchObject({ provider: 'stripe', demo: false });
    expect(products.items).toEqual([
      expect.objectContaining({ productId: expect.stringMatching(/^prod_/), priceId: agent.priceId, kind: 'agent', itemId: agent.id, name: 'Asesor Fiscal', active: true, unitAmount: 1999, currency: 'eur' }),
    ]);

    const customers = (await http().get('/api-admin/stripe/customers/10').set(admin.authorization).expect(200)).body;
    expect(customers).toMatchObject({ provider: 'stripe', demo: false });
    expect(customers.items).toEqual([expect.objectContaining({ customerId, userId: buyer.sub, email: 'cliente@example.com' })]);

    // Read from Stripe, with the admin's limit.
    const reads = stripe.state.requests.filter((call) => call.method === 'GET' && ['/v1/balance', '/v1/balance_transactions', '/v1/products', '/v1/customers'].includes(call.path));
    expect(reads.map((call) => [call.path, call.body.limit])).toEqual([
      ['/v1/balance', undefined],
      ['/v1/balance_transactions', '5'],
      ['/v1/products', '10'],
      ['/v1/customers', '10'],
    ]);
  });

  it('audits a creator’s connected account: created by them, enabled by Stripe’s webhook (system), and a destination charge with its fee', async () => {
    const client = payoutsClient(testApp);
    const creator = await signUpAndSignIn(testApp, 'autora@example.com');
    await client.onboard(creator).expect(200);
    const { accountId } = (await client.account(creator).expect(200)).body;
    const webhook = await webhookSender(testApp);
    const enabled = stripe.enableAccount(accountId);
    await webhook.post({ id: 'evt_account_enabled', object: 'event', type: 'account.updated', created: nowSeconds(), data: { object: enabled } }, { secret: 'whsec_test_fake' }).expect(200);
    const agent = await client.paidAgent(creator, 'Asesora Laboral', 10);
    const buyer = await signUpAndSignIn(testApp, 'compradora@example.com');
    const { subscriptionId } = (await client.subscribe(buyer, await client.buyer(buyer), agent.priceId as string).expect(201)).body.subscription;

    const entries = (await http().get('/api-admin/audit?limit=100').set(admin.authorization).expect(200)).body.items as Array<Record<string, unknown>>;
    const about = (target: string) => entries.filter((entry) => entry.target === target).reverse();
    expect(about(`creator-account:${accountId}`)).toEqual([
      expect.objectContaining({ actorSub: creator.sub, action: 'payout.account.create', before: null, after: { accountId, provider: 'stripe', userSub: creator.sub } }),
      expect.objectContaining({
        actorSub: 'system',
        action: 'payout.account.status',
        before: { chargesEnabled: false, payoutsEnabled: false, detailsSubmitted: false, userSub: creator.sub },
        after: { chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true, userSub: creator.sub },
      }),
    ]);
    expect(about(`subscription:${subscriptionId}`)).toEqual([
      expect.objectContaining({ actorSub: buyer.sub, action: 'subscription.create', after: expect.objectContaining({ status: 'active', price: 10, destinationAccountId: accountId, applicationFeePercent: 10 }) }),
    ]);
    expect((await http().get('/api-admin/audit/verify').set(admin.authorization).expect(200)).body.valid).toBe(true);
  });

  it('answers 502 with the gateway’s Spanish message when Stripe fails, and still refuses a bad limit before asking', async () => {
    stripe.state.failNext(3);
    const failed = await http().get('/api-admin/stripe/balance').set(admin.authorization).expect(502);
    expect(failed.body.message).toBe('El servicio de pagos no está disponible. Vuelve a intentarlo más tarde.');
    stripe.state.failNext(0);
    const before = stripe.state.requests.length;
    expect((await http().get('/api-admin/stripe/customers/0').set(admin.authorization).expect(400)).body.message).toBe('El límite debe ser un número entero entre 1 y 100.');
    expect(stripe.state.requests.length).toBe(before);
  });
});
