import { DataSource } from 'typeorm';
import { ModelGateway } from '../../../src/modules/models/model-gateway';
import { DemoSubscription } from '../../../src/modules/payments/gateway/demo/demo-subscription.entity';
import { FakeModelGateway } from '../../chat/fake-model-gateway';
import { signUpAndSignIn, type SignedInUser } from '../../support/identity-client';
import { createTestAppWith, type TestApp } from '../../support/test-app';
import { invoiceEvent, nowSeconds, webhookSender } from '../support/payments-client';
import { payoutsClient, thisMonth } from './payouts-client';

jest.setTimeout(60_000);

describe("creators get paid, in demo mode: connected accounts, the ledger and 'Mis ingresos' (issue 14)", () => {
  let testApp: TestApp;
  let client: ReturnType<typeof payoutsClient>;
  let creator: SignedInUser;
  let partner: SignedInUser;
  let buyer: SignedInUser;
  let other: SignedInUser;
  let admin: SignedInUser;
  let agent: { id: string; priceId: string | null };
  const http = () => client.http();

  beforeAll(async () => {
    testApp = await createTestAppWith([[ModelGateway, new FakeModelGateway()]], { ADMIN_EMAILS: 'jefa@example.com', PUBLIC_URL: 'http://nova.example' });
    client = payoutsClient(testApp);
    creator = await signUpAndSignIn(testApp, 'creadora@example.com');
    partner = await signUpAndSignIn(testApp, 'socio@example.com');
    buyer = await signUpAndSignIn(testApp, 'cliente@example.com');
    other = await signUpAndSignIn(testApp, 'otra@example.com');
    admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    agent = await client.paidAgent(creator, 'Asesor Fiscal', 19.99);
  });

  afterAll(() => testApp.close());

  it('refuses visitors (401) on every payouts route', async () => {
    await http().post('/api/stripe/connect/onboarding').expect(401);
    await http().get('/api/stripe/connect/account').expect(401);
    await http().get('/api/stripe/earnings').expect(401);
  });

  it('connects a demo account once: the onboarding link leads back to Mis ingresos', async () => {
    expect((await client.account(creator).expect(200)).body).toEqual({ accountId: null, provider: 'demo', status: 'none' });
    const first = await client.onboard(creator).expect(200);
    expect(first.body).toEqual({ url: 'http://nova.example/mi-perfil?tab=EARNINGS' });
    const account = (await client.account(creator).expect(200)).body;
    expect(account).toEqual({ accountId: expect.stringMatching(/^acct_/), provider: 'demo', status: 'active' });
    await client.onboard(creator).expect(200);
    expect((await client.account(creator).expect(200)).body.accountId).toBe(account.accountId);
    // Another user's account is their own.
    expect((await client.account(other).expect(200)).body.status).toBe('none');
  });

  it("charges a subscription to the creator's agent to the creator's account, less the platform fee, and writes it to the ledger with no money moved", async () => {
    const { accountId } = (await client.account(creator).expect(200)).body;
    const customerId = await client.buyer(buyer);
    const { subscriptionId } = (await client.subscribe(buyer, customerId, agent.priceId as string).expect(201)).body.subscription;

    const charged = await testApp.app.get(DataSource).getRepository(DemoSubscription).findOneByOrFail({ id: subscriptionId });
    expect(charged).toMatchObject({ destinationAccountId: accountId, applicationFeePercent: 10 });

    const { body } = await client.earnings(creator).expect(200);
    expect(body).toEqual({
      currency: 'eur',
      provider: 'demo',
      feePercent: 10,
      months: [
        {
          month: thisMonth(),
          agents: [{ agentId: agent.id, agentName: 'Asesor Fiscal', subscribers: 1, gross: 19.99, fee: 2, net: 17.99, paidOut: false }],
          totals: { subscribers: 1, gross: 19.99, fee: 2, net: 17.99 },
        },
      ],
      bundleShares: [],
    });

    // The first invoice's own invoice.paid is the same period; a renewal a month later is a new one.
    const webhooks = await webhookSender(testApp);
    await webhooks.post(invoiceEvent('invoice.paid', subscriptionId, customerId, nowSeconds())).expect(200);
    expect((await client.earnings(creator).expect(200)).body.months).toHaveLength(1);
    const renewal = new Date(Date.now() + 35 * 86_400_000);
    await webhooks.post(invoiceEvent('invoice.paid', subscriptionId, customerId, Math.floor(renewal.getTime() / 1000))).expect(200);
    const months = (await client.earnings(creator).expect(200)).body.months;
    expect(months.map((month: { month: string }) => month.month)).toEqual([renewal.toISOString().slice(0, 7), thisMonth()]);
    expect(months[0].totals).toEqual({ subscribers: 1, gross: 19.99, fee: 2, net: 17.99 });
  });

  it("splits a bundle's payment among its agents' creators by their share of the bundle's chats that month, shown openly", async () => {
    const mine = await client.paidAgent(creator, 'Contable', 10);
    const theirs = await client.paidAgent(partner, 'Gestor', 10);
    // Made by an admin: a user's bundle may sell another creator's paid agent only with their consent.
    const ecosystem = await client.bundle(admin, 'Oficina completa', [mine.id, theirs.id], 20);
    const user = await signUpAndSignIn(testApp, 'paquete@example.com');
    const customerId = await client.buyer(user);
    const { subscriptionId } = (await client.subscribe(user, customerId, ecosystem.priceId).expect(201)).body.subscription;

    // Bundles are charged to the platform, not to one creator.
    const charged = await testApp.app.get(DataSource).getRepository(DemoSubscription).findOneByOrFail({ id: subscriptionId });
    expect(charged.destinationAccountId).toBeNull();

    const conversationId = await client.bundleConversation(user, ecosystem.id);
    for (const agentId of [mine.id, mine.id, mine.id, theirs.id]) await client.chatInBundle(user, conversationId, agentId);
    // A message the client writes itself is not usage, nor is a chat of someone who did not pay for the bundle.
    await http()
      .post(`/api/conversations/${conversationId}/messages`)
      .set(user.authorization)
      .send({ id: 'falso-1', role: 'assistant', content: 'Respuesta inventada', metadata: { agentId: theirs.id } })
      .expect(201);
    const outsiderConversation = await client.bundleConversation(partner, ecosystem.id);
    await client.chatInBundle(partner, outsiderConversation, theirs.id);

    const mineEarnings = (await client.earnings(creator).expect(200)).body;
    const month = mineEarnings.months.find((row: { month: string }) => row.month === thisMonth());
    expect(month.agents).toContainEqual({ agentId: mine.id, agentName: 'Contable', subscribers: 1, gross: 15, fee: 1.5, net: 13.5, paidOut: false });
    const shares = mineEarnings.bundleShares.filter((share: { ecosystemId: string }) => share.ecosystemId === ecosystem.id);
    expect(shares).toEqual([
      { ecosystemId: ecosystem.id, ecosystemName: 'Oficina completa', month: thisMonth(), agentId: mine.id, agentName: 'Contable', usageShare: 0.75, messages: 3, bundleMessages: 4, basis: 'usage', settled: false },
      { ecosystemId: ecosystem.id, ecosystemName: 'Oficina completa', month: thisMonth(), agentId: theirs.id, agentName: 'Gestor', usageShare: 0.25, messages: 1, bundleMessages: 4, basis: 'usage', settled: false },
    ]);

    const partnerEarnings = (await client.earnings(partner).expect(200)).body;
    expect(partnerEarnings.months[0].agents).toEqual([{ agentId: theirs.id, agentName: 'Gestor', subscribers: 1, gross: 5, fee: 0.5, net: 4.5, paidOut: false }]);
    expect(partnerEarnings.bundleShares).toEqual(shares);
  });

  it("shares a bundle nobody used by its agents' list prices (equal prices: equal shares, to the cent)", async () => {
    const first = await client.paidAgent(partner, 'Traductor', 5);
    const second = await client.paidAgent(partner, 'Corrector', 5);
    const third = await client.paidAgent(partner, 'Redactor', 5);
    const ecosystem = await client.bundle(partner, 'Textos', [first.id, second.id, third.id], 10);
    const user = await signUpAndSignIn(testApp, 'silencio@example.com');
    await client.subscribe(user, await client.buyer(user), ecosystem.priceId).expect(201);

    const { body } = await client.earnings(partner).expect(200);
    const shares = body.bundleShares.filter((share: { ecosystemId: string }) => share.ecosystemId === ecosystem.id);
    expect(shares.map((share: { usageShare: number; basis: string }) => [share.usageShare, share.basis])).toEqual([
      [0.334, 'price'],
      [0.333, 'price'],
      [0.333, 'price'],
    ]);
    const month = body.months.find((row: { month: string }) => row.month === thisMonth());
    const parts = month.agents.filter((line: { agentId: string }) => [first.id, second.id, third.id].includes(line.agentId));
    // 10 € in three: every cent goes to someone.
    expect(parts.map((line: { gross: number }) => line.gross).sort()).toEqual([3.33, 3.33, 3.34]);
  });

  it("refuses another user's earnings (403); an admin may read them", async () => {
    const refused = await client.earnings(other, `?user=${creator.sub}`).expect(403);
    expect(refused.body.message).toBe('No puedes ver los ingresos de otro usuario');
    expect((await client.earnings(creator, `?user=${creator.sub}`).expect(200)).body.months.length).toBeGreaterThan(0);
    const asAdmin = await client.earnings(admin, `?user=${creator.sub}`).expect(200);
    expect(asAdmin.body.months[0].agents.length).toBeGreaterThan(0);
    // Nobody else's ledger leaks into one's own.
    expect((await client.earnings(other).expect(200)).body).toMatchObject({ months: [], bundleShares: [] });
  });
});
