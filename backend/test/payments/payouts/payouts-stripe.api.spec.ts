import { DataSource } from 'typeorm';
import { CreatorAccount } from '../../../src/modules/payments/payouts/entities/creator-account.entity';
import { ModelGateway } from '../../../src/modules/models/model-gateway';
import { FakeModelGateway } from '../../chat/fake-model-gateway';
import { startStripeFake, stripeFakeEnv, type StripeFake } from '../../fakes/stripe-fake';
import { signUpAndSignIn, type SignedInUser } from '../../support/identity-client';
import { createTestAppWith, type TestApp } from '../../support/test-app';
import { nowSeconds, webhookSender } from '../support/payments-client';
import { payoutsClient, thisMonth } from './payouts-client';

jest.setTimeout(60_000);

describe('creators get paid, with Stripe: Express onboarding and destination charges (issue 14)', () => {
  let stripe: StripeFake;
  let testApp: TestApp;
  let client: ReturnType<typeof payoutsClient>;
  let creator: SignedInUser;
  let buyer: SignedInUser;

  beforeAll(async () => {
    stripe = await startStripeFake();
    testApp = await createTestAppWith([[ModelGateway, new FakeModelGateway()]], stripeFakeEnv(stripe, 'whsec_test_fake', { PLATFORM_FEE_PERCENT: '15', PUBLIC_URL: 'http://nova.example' }));
    client = payoutsClient(testApp);
    creator = await signUpAndSignIn(testApp, 'creadora@example.com');
    buyer = await signUpAndSignIn(testApp, 'cliente@example.com');
  });

  afterAll(async () => {
    await testApp.close();
    await stripe.close();
  });

  it('creates an Express account once and answers a fresh Stripe onboarding link that returns to Mis ingresos', async () => {
    const first = (await client.onboard(creator).expect(200)).body;
    expect(first.url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\/e\/acct_/);
    const account = (await client.account(creator).expect(200)).body;
    expect(account).toEqual({ accountId: expect.stringMatching(/^acct_/), provider: 'stripe', status: 'pending' });
    await client.onboard(creator).expect(200);

    const created = stripe.state.requests.filter((request) => request.method === 'POST' && request.path === '/v1/accounts');
    expect(created).toHaveLength(1);
    expect(created[0].body).toMatchObject({ type: 'express', email: 'creadora@example.com' });
    const links = stripe.state.requests.filter((request) => request.path === '/v1/account_links');
    expect(links).toHaveLength(2);
    expect(links[0].body).toMatchObject({
      account: account.accountId,
      type: 'account_onboarding',
      return_url: 'http://nova.example/mi-perfil?tab=EARNINGS',
      refresh_url: 'http://nova.example/mi-perfil?tab=EARNINGS&onboarding=refresh',
    });
  });

  it('charges the platform while the creator has not finished onboarding (no destination; the share is kept as not paid out)', async () => {
    const agent = await client.paidAgent(creator, 'Asesor Laboral', 10);
    const early = await signUpAndSignIn(testApp, 'cliente-temprana@example.com');
    await client.subscribe(early, await client.buyer(early), agent.priceId as string).expect(201);
    const last = stripe.state.requests.filter((request) => request.method === 'POST' && request.path === '/v1/subscriptions').at(-1);
    expect(last?.body.transfer_data).toBeUndefined();
    expect(last?.body.application_fee_percent).toBeUndefined();
    const line = (await client.earnings(creator).expect(200)).body.months[0].agents.find((row: { agentId: string }) => row.agentId === agent.id);
    expect(line).toMatchObject({ gross: 10, fee: 1.5, net: 8.5, paidOut: false });
    expect((await client.account(creator).expect(200)).body.status).toBe('pending');
  });

  it('reads a signed account.updated: the account becomes active once Stripe enables its charges', async () => {
    const { accountId } = (await client.account(creator).expect(200)).body;
    const webhook = await webhookSender(testApp);
    const enabled = stripe.enableAccount(accountId);
    await webhook
      .post({ id: 'evt_account_enabled', object: 'event', type: 'account.updated', created: nowSeconds(), data: { object: enabled } }, { secret: 'whsec_test_fake' })
      .expect(200, { received: true });
    // The webhook stored it, before the creator looked again.
    expect(await testApp.app.get(DataSource).getRepository(CreatorAccount).findOneByOrFail({ accountId })).toMatchObject({
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
    });
    expect((await client.account(creator).expect(200)).body).toEqual({ accountId, provider: 'stripe', status: 'active' });
  });

  it("sends a subscription to the creator's agent as a destination charge with the platform fee, and marks it paid out", async () => {
    const { accountId } = (await client.account(creator).expect(200)).body;
    const agent = await client.paidAgent(creator, 'Asesor Fiscal', 20);
    const customerId = await client.buyer(buyer);
    await client.subscribe(buyer, customerId, agent.priceId as string).expect(201);

    const subscribe = stripe.state.requests.filter((request) => request.method === 'POST' && request.path === '/v1/subscriptions');
    expect(subscribe.at(-1)?.body).toMatchObject({ transfer_data: { destination: accountId }, application_fee_percent: '15' });

    const { body } = await client.earnings(creator).expect(200);
    expect(body).toMatchObject({ provider: 'stripe', currency: 'eur', feePercent: 15 });
    expect(body.months).toEqual([
      {
        month: thisMonth(),
        agents: [
          { agentId: agent.id, agentName: 'Asesor Fiscal', subscribers: 1, gross: 20, fee: 3, net: 17, paidOut: true },
          { agentId: expect.any(String), agentName: 'Asesor Laboral', subscribers: 1, gross: 10, fee: 1.5, net: 8.5, paidOut: false },
        ],
        totals: { subscribers: 2, gross: 30, fee: 4.5, net: 25.5 },
      },
    ]);
  });

  it('charges a subscription to an agent whose creator has no account to the platform (no destination)', async () => {
    const unconnected = await signUpAndSignIn(testApp, 'sin-cuenta@example.com');
    const agent = await client.paidAgent(unconnected, 'Sin Cuenta', 9);
    const user = await signUpAndSignIn(testApp, 'otra-compradora@example.com');
    await client.subscribe(user, await client.buyer(user), agent.priceId as string).expect(201);
    const last = stripe.state.requests.filter((request) => request.method === 'POST' && request.path === '/v1/subscriptions').at(-1);
    expect(last?.body.transfer_data).toBeUndefined();
    expect(last?.body.application_fee_percent).toBeUndefined();
    const line = (await client.earnings(unconnected).expect(200)).body.months[0].agents[0];
    expect(line).toMatchObject({ gross: 9, fee: 1.35, net: 7.65, paidOut: false });
  });
});
