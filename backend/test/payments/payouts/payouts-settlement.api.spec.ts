import { Leases } from '../../../src/database/leases/leases';
import { DataSource } from 'typeorm';
import { CreatorAccount } from '../../../src/modules/payments/payouts/entities/creator-account.entity';
import { CreatorLedgerEntry } from '../../../src/modules/payments/payouts/entities/creator-ledger-entry.entity';
import { PayoutSettlement } from '../../../src/modules/payments/payouts/payout-settlement';
import { ModelGateway } from '../../../src/modules/models/model-gateway';
import { FakeModelGateway } from '../../chat/fake-model-gateway';
import { startStripeFake, stripeFakeEnv, type StripeFake } from '../../fakes/stripe-fake';
import { signUpAndSignIn, type SignedInUser } from '../../support/identity-client';
import { createTestAppWith, type TestApp } from '../../support/test-app';
import { payoutsClient } from './payouts-client';

jest.setTimeout(90_000);

/** The month before this one, as the ledger names it: a closed month. */
function lastMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15)).toISOString().slice(0, 7);
}

/** Subscribes a new buyer to the bundle and moves its ledger rows to last month (as if paid then). */
async function boughtLastMonth(testApp: TestApp, client: ReturnType<typeof payoutsClient>, email: string, priceId: string): Promise<string> {
  const user = await signUpAndSignIn(testApp, email);
  const { subscriptionId } = (await client.subscribe(user, await client.buyer(user), priceId).expect(201)).body.subscription;
  const ledger = testApp.app.get(DataSource).getRepository(CreatorLedgerEntry);
  expect(await ledger.countBy({ subscriptionId })).toBeGreaterThan(0);
  await ledger.update({ subscriptionId }, { period: lastMonth() });
  return subscriptionId as string;
}

describe("bundle shares paid to creators' connected accounts, with Stripe (issue 14)", () => {
  let stripe: StripeFake;
  let testApp: TestApp;
  let client: ReturnType<typeof payoutsClient>;
  let creator: SignedInUser;
  let partner: SignedInUser;
  let admin: SignedInUser;
  let creatorAccount: string;
  let subscriptionId: string;
  let partnerNet: number;
  const settle = (user: SignedInUser) => client.http().post('/api-admin/payouts/settle').set(user.authorization).send({});
  const rows = () => testApp.app.get(DataSource).getRepository(CreatorLedgerEntry).find({ where: { subscriptionId }, order: { agentId: 'ASC' } });
  const transfers = () => [...stripe.state.transfers.values()];

  beforeAll(async () => {
    stripe = await startStripeFake();
    testApp = await createTestAppWith(
      [[ModelGateway, new FakeModelGateway()]],
      stripeFakeEnv(stripe, 'whsec_test_fake', { PLATFORM_FEE_PERCENT: '15', ADMIN_EMAILS: 'jefa@example.com' }),
    );
    client = payoutsClient(testApp);
    creator = await signUpAndSignIn(testApp, 'creadora@example.com');
    partner = await signUpAndSignIn(testApp, 'socio@example.com');
    admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    await client.onboard(creator).expect(200);
    creatorAccount = (await client.account(creator).expect(200)).body.accountId;
    stripe.enableAccount(creatorAccount);
    // The partner starts onboarding but does not finish it: their account cannot take money yet.
    await client.onboard(partner).expect(200);
    const first = await client.paidAgent(creator, 'Contable', 10);
    const second = await client.paidAgent(creator, 'Fiscal', 10);
    // The partner lets others sell their agent in ecosystems (issue 29), for at least 5 € a month.
    const third = await client.paidAgent(partner, 'Laboral', 10, { ecosystemInclusionAllowed: true, ecosystemMinimumPrice: 5 });
    const bundle = await client.bundle(creator, 'Oficina', [first.id, second.id, third.id], 20);
    subscriptionId = await boughtLastMonth(testApp, client, 'cliente@example.com', bundle.priceId);
  });

  afterAll(async () => {
    await testApp.close();
    await stripe.close();
  });

  it('refuses the settle route to visitors (401) and to users who are not admins (403)', async () => {
    await client.http().post('/api-admin/payouts/settle').send({}).expect(401);
    await settle(creator).expect(403);
    expect(transfers()).toHaveLength(0);
  });

  it("transfers a closed month's bundle shares to the enabled creator's account, by the split; the creator without one stays unpaid", async () => {
    const { body } = await settle(admin).expect(200);
    // 20 €: first the partner's minimum for their agent in the creator's bundle, 5 €; the other 15 €
    // by list prices (nobody chatted), 5 € each. 15 % fee on each part.
    const all = await rows();
    expect(all.map((row) => row.gross).sort((a, b) => a - b)).toEqual([500, 500, 1000]);
    expect(all.every((row) => row.settled && row.fee === row.gross * 0.15 && row.net === row.gross - row.fee)).toBe(true);
    const mine = all.filter((row) => row.creatorSub === creator.sub);
    const theirs = all.find((row) => row.creatorSub === partner.sub) as CreatorLedgerEntry;
    expect(mine).toHaveLength(2);
    for (const row of mine) expect(row).toMatchObject({ paidOut: true, destinationAccountId: creatorAccount, transferId: expect.stringMatching(/^tr_/) });
    expect(theirs).toMatchObject({ gross: 1000, paidOut: false, transferId: null });
    partnerNet = theirs.net;

    expect(body.provider).toBe('stripe');
    expect(body.pending).toBe(1);
    expect(body.paid).toHaveLength(2);
    for (const row of mine) {
      expect(body.paid).toContainEqual({
        ledgerEntryId: row.id,
        ecosystemId: row.ecosystemId,
        month: lastMonth(),
        agentId: row.agentId,
        creatorSub: creator.sub,
        destinationAccountId: creatorAccount,
        transferId: row.transferId,
        amount: row.net / 100,
        currency: 'eur',
      });
      // The fake (Stripe) received each transfer, by the split, to the creator's account.
      expect(stripe.state.transfers.get(row.transferId as string)).toMatchObject({ amount: row.net, currency: 'eur', destination: creatorAccount });
    }
    expect(transfers()).toHaveLength(2);
    // Mis ingresos shows the creator's bundle shares as paid out.
    const earnings = (await client.earnings(creator).expect(200)).body;
    const month = earnings.months.find((entry: { month: string }) => entry.month === lastMonth());
    expect(month.agents.every((agent: { paidOut: boolean }) => agent.paidOut)).toBe(true);
  });

  it('transfers each share once: settling again pays nothing more', async () => {
    const { body } = await settle(admin).expect(200);
    expect(body).toEqual({ provider: 'stripe', paid: [], pending: 1 });
    expect(transfers()).toHaveLength(2);
  });

  it('leaves a share unpaid when Stripe refuses the transfer, and pays it on a later run once the account is enabled', async () => {
    // Our copy says the account can take charges, but Stripe has not enabled it: the transfer is refused.
    const partnerAccount = (await client.account(partner).expect(200)).body.accountId as string;
    await testApp.app.get(DataSource).getRepository(CreatorAccount).update({ accountId: partnerAccount }, { chargesEnabled: true });
    const refused = (await settle(admin).expect(200)).body;
    expect(refused).toEqual({ provider: 'stripe', paid: [], pending: 1 });
    expect(transfers()).toHaveLength(2);
    expect((await rows()).find((row) => row.creatorSub === partner.sub)).toMatchObject({ paidOut: false, transferId: null });

    stripe.enableAccount(partnerAccount);
    const { body } = await settle(admin).expect(200);
    expect(body.pending).toBe(0);
    expect(body.paid).toEqual([expect.objectContaining({ creatorSub: partner.sub, destinationAccountId: partnerAccount, amount: partnerNet / 100 })]);
    expect(transfers().at(-1)).toMatchObject({ amount: partnerNet, destination: partnerAccount });
    expect((await rows()).find((row) => row.creatorSub === partner.sub)).toMatchObject({ transferAttempts: 1 });
    expect((await rows()).every((row) => row.paidOut && row.transferId)).toBe(true);
  });

  it('leaves the current month alone: its split can still change', async () => {
    const creatorAgent = await client.paidAgent(creator, 'Abierto', 10);
    const bundle = await client.bundle(creator, 'Este mes', [creatorAgent.id], 8);
    const user = await signUpAndSignIn(testApp, 'este-mes@example.com');
    const { subscriptionId: open } = (await client.subscribe(user, await client.buyer(user), bundle.priceId).expect(201)).body.subscription;
    expect((await settle(admin).expect(200)).body.paid).toEqual([]);
    const row = await testApp.app.get(DataSource).getRepository(CreatorLedgerEntry).findOneByOrFail({ subscriptionId: open });
    expect(row).toMatchObject({ settled: false, paidOut: false, transferId: null });
  });

  it('runs hourly in one instance only: the one holding the lease settles, another does not', async () => {
    const settlement = testApp.app.get(PayoutSettlement);
    const now = new Date();
    expect(await settlement.runIfLeader(now)).toMatchObject({ provider: 'stripe' });
    const leases = testApp.app.get(Leases);
    expect(await leases.take('payouts-settle', 60_000, { now, holder: 'otra-instancia' })).toBe(false);
    // Once the lease expires, another instance may take it.
    expect(await leases.take('payouts-settle', 60_000, { now: new Date(now.getTime() + 2 * 60 * 60 * 1000), holder: 'otra-instancia' })).toBe(true);
  });
});

describe('bundle shares in demo mode: no money moves (issue 14)', () => {
  let testApp: TestApp;
  let client: ReturnType<typeof payoutsClient>;

  beforeAll(async () => {
    testApp = await createTestAppWith([[ModelGateway, new FakeModelGateway()]], { ADMIN_EMAILS: 'jefa@example.com' });
    client = payoutsClient(testApp);
  });

  afterAll(() => testApp.close());

  it('marks nothing paid out', async () => {
    const creator = await signUpAndSignIn(testApp, 'creadora@example.com');
    const admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    await client.onboard(creator).expect(200);
    const agent = await client.paidAgent(creator, 'Contable', 10);
    const bundle = await client.bundle(creator, 'Oficina', [agent.id], 12);
    const subscriptionId = await boughtLastMonth(testApp, client, 'cliente@example.com', bundle.priceId);

    const { body } = await client.http().post('/api-admin/payouts/settle').set(admin.authorization).send({}).expect(200);
    expect(body).toEqual({ provider: 'demo', paid: [], pending: 0 });
    const rows = await testApp.app.get(DataSource).getRepository(CreatorLedgerEntry).findBy({ subscriptionId });
    expect(rows).toEqual([expect.objectContaining({ paidOut: false, transferId: null })]);
  });
});
