import { DataSource } from 'typeorm';
import { ModelGateway } from '../../../src/modules/models/model-gateway';
import { EcosystemReply } from '../../../src/modules/conversations/entities/ecosystem-reply.entity';
import { FakeModelGateway } from '../../chat/fake-model-gateway';
import { finished, teamScript } from '../../collaboration/collaboration-support';
import { startStripeFake, stripeFakeEnv, type StripeFake } from '../../fakes/stripe-fake';
import { signUpAndSignIn, type SignedInUser } from '../../support/identity-client';
import { createTestAppWith, type TestApp } from '../../support/test-app';
import { invoiceEvent, nowSeconds, webhookSender } from '../support/payments-client';
import { payoutsClient, thisMonth } from './payouts-client';

jest.setTimeout(120_000);

const ENV = { ADMIN_EMAILS: 'jefa@example.com', PLATFORM_FEE_PERCENT: '10', RATE_LIMIT_MODEL_CALLS_PER_MINUTE: '200' };

interface Line {
  agentId: string;
  gross: number;
  fee: number;
  net: number;
  subscribers: number;
}
interface Share {
  ecosystemId: string;
  month: string;
  agentId: string;
  usageShare: number;
  messages: number;
  bundleMessages: number;
  basis: string;
}

/** A month later than this one, as the ledger names it, and an instant in it. */
const nextMonth = () => {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15, 12));
  return { month: date.toISOString().slice(0, 7), seconds: Math.floor(date.getTime() / 1000) };
};

/**
 * Issue 29, findings 3 and 11: each subscriber's payment for a bundle is split by that
 * subscriber's own replies from each agent that month (a creator's use of their own agent counts
 * for nothing), by the agents' list prices when it was not used; every agent's reply in a bundle's
 * chat or session is recorded. The same rules whichever gateway the payment arrives through.
 */
interface PaymentsSetUp {
  testApp: TestApp;
  /** Subscribes the user to the price; answers once the payment has arrived. */
  pay: (user: SignedInUser, priceId: string) => Promise<{ subscriptionId: string; customerId: string }>;
  /** The secret the gateway signs its webhooks with (the demo gateway's own when absent). */
  webhookSecret?: string;
  close: () => Promise<void>;
}

function bundleSplitRules(gateway: 'demo' | 'stripe', setUp: (models: FakeModelGateway) => Promise<PaymentsSetUp>) {
  describe(`a bundle's revenue split, ${gateway === 'demo' ? 'in demo mode' : 'with Stripe (payments arrive by invoice.paid)'} (issue 29)`, () => {
    const models = new FakeModelGateway();
    let payments: PaymentsSetUp;
    let testApp: TestApp;
    let client: ReturnType<typeof payoutsClient>;
    let admin: SignedInUser;
    let creator: SignedInUser;
    let partner: SignedInUser;
    const pay = (user: SignedInUser, priceId: string) => payments.pay(user, priceId);

    const earnings = async (user: SignedInUser) => (await client.earnings(user).expect(200)).body as { months: { month: string; agents: Line[] }[]; bundleShares: Share[] };
    const lineOf = (body: { months: { month: string; agents: Line[] }[] }, month: string, agentId: string) =>
      body.months.find((entry) => entry.month === month)?.agents.find((line) => line.agentId === agentId);

    beforeAll(async () => {
      payments = await setUp(models);
      testApp = payments.testApp;
      client = payoutsClient(testApp);
      admin = await signUpAndSignIn(testApp, 'jefa@example.com');
      creator = await signUpAndSignIn(testApp, 'creador@example.com');
      partner = await signUpAndSignIn(testApp, 'socia@example.com');
    });

    afterAll(() => payments.close());

    beforeEach(() => {
      models.reset();
      models.script = teamScript();
    });

    describe('a creator chatting with his own agent inside the bundle', () => {
      let own: { id: string };
      let other: { id: string };
      let honest: { subscriptionId: string; customerId: string };

      beforeAll(async () => {
        own = await client.paidAgent(creator, 'Agente Propio', 30);
        other = await client.paidAgent(partner, 'Gestora', 10);
        // Made by an admin: another creator's paid agent goes into a user's bundle only with their consent.
        const bundle = await client.bundle(admin, 'Pack Oficina', [own.id, other.id], 40);
        const buyer = await signUpAndSignIn(testApp, 'honesta@example.com');
        await pay(creator, bundle.priceId);
        honest = await pay(buyer, bundle.priceId);

        const creatorChat = await client.bundleConversation(creator, bundle.id);
        for (let turn = 0; turn < 15; turn += 1) await client.chatInBundle(creator, creatorChat, own.id);
        const honestChat = await client.bundleConversation(buyer, bundle.id);
        for (let turn = 0; turn < 3; turn += 1) await client.chatInBundle(buyer, honestChat, other.id);
      });

      it("gets nothing of an honest subscriber's payment that the subscriber did not spend on his agent: each payment is split by its own subscriber's use", async () => {
        // 40 € each, 10 % fee. The honest subscriber's: all to the agent they used (3 replies of 3).
        // The creator's own: his replies from his own agent do not count, so by list prices, 30 : 10.
        const mine = await earnings(creator);
        expect(lineOf(mine, thisMonth(), own.id)).toMatchObject({ subscribers: 2, gross: 30, fee: 3, net: 27 });
        const theirs = await earnings(partner);
        expect(lineOf(theirs, thisMonth(), other.id)).toMatchObject({ subscribers: 2, gross: 50, fee: 5, net: 45 });

        const shares = mine.bundleShares.filter((share) => share.month === thisMonth() && [own.id, other.id].includes(share.agentId));
        expect(shares.map(({ agentId, usageShare, messages, bundleMessages, basis }) => ({ agentId, usageShare, messages, bundleMessages, basis }))).toEqual([
          { agentId: other.id, usageShare: 0.625, messages: 3, bundleMessages: 3, basis: 'mixed' },
          { agentId: own.id, usageShare: 0.375, messages: 0, bundleMessages: 3, basis: 'mixed' },
        ]);
        expect(theirs.bundleShares.filter((share) => share.month === thisMonth())).toEqual(shares);
      });

      it('splits a renewal nobody has used yet by list prices (the payment arrives by invoice.paid)', async () => {
        const renewal = nextMonth();
        const webhook = await webhookSender(testApp);
        await webhook.post(invoiceEvent('invoice.paid', honest.subscriptionId, honest.customerId, renewal.seconds), payments.webhookSecret ? { secret: payments.webhookSecret } : {}).expect(200);

        expect(lineOf(await earnings(creator), renewal.month, own.id)).toMatchObject({ subscribers: 1, gross: 30, fee: 3, net: 27 });
        const theirs = await earnings(partner);
        expect(lineOf(theirs, renewal.month, other.id)).toMatchObject({ subscribers: 1, gross: 10, fee: 1, net: 9 });
        expect(theirs.bundleShares.filter((share) => share.month === renewal.month).map(({ agentId, messages, bundleMessages, basis }) => ({ agentId, messages, bundleMessages, basis }))).toEqual([
          { agentId: own.id, messages: 0, bundleMessages: 0, basis: 'price' },
          { agentId: other.id, messages: 0, bundleMessages: 0, basis: 'price' },
        ]);
      });
    });

    describe("another creator's agent sold, with its creator's consent, in a user's bundle (issue 29, finding 1)", () => {
      let own: { id: string };
      let lent: { id: string };
      let subscription: { subscriptionId: string; customerId: string };

      beforeAll(async () => {
        own = await client.paidAgent(creator, 'Redactor Propio', 30);
        lent = await client.paidAgent(partner, 'Asesora Cedida', 100, { ecosystemInclusionAllowed: true, ecosystemMinimumPrice: 12 });
        const bundle = await client.bundle(creator, 'Pack Con Mínimo', [own.id, lent.id], 40);
        const buyer = await signUpAndSignIn(testApp, 'usa-lo-propio@example.com');
        subscription = await pay(buyer, bundle.priceId);
        const chat = await client.bundleConversation(buyer, bundle.id);
        for (let turn = 0; turn < 3; turn += 1) await client.chatInBundle(buyer, chat, own.id);
      });

      it("pays the other creator their minimum (before the platform's fee) even when the subscriber used only the owner's agent; the owner gets the rest", async () => {
        // 40 € with a 10 % fee (4 €): the minimum, 12 €, first (its fee 1.20 €); the other 28 € by use, all the owner's.
        const partnerEarnings = await earnings(partner);
        expect(lineOf(partnerEarnings, thisMonth(), lent.id)).toMatchObject({ subscribers: 1, gross: 12, fee: 1.2, net: 10.8 });
        const mine = await earnings(creator);
        expect(lineOf(mine, thisMonth(), own.id)).toMatchObject({ subscribers: 1, gross: 28, fee: 2.8, net: 25.2 });
        const shares = partnerEarnings.bundleShares.filter((share) => share.month === thisMonth() && [own.id, lent.id].includes(share.agentId));
        expect(shares.map(({ agentId, usageShare, messages, bundleMessages, basis }) => ({ agentId, usageShare, messages, bundleMessages, basis }))).toEqual([
          { agentId: own.id, usageShare: 0.7, messages: 3, bundleMessages: 3, basis: 'usage' },
          { agentId: lent.id, usageShare: 0.3, messages: 0, bundleMessages: 3, basis: 'minimum' },
        ]);
      });

      it('keeps the minimum the subscriber bought with when its creator raises it; a renewal nobody used shares the rest by list prices', async () => {
        await client
          .http()
          .post('/api/agents')
          .set(partner.authorization)
          .send({ id: lent.id, name: 'Asesora Cedida', category: 'finance', description: 'Asesora Cedida: finanzas', price: 100, ecosystemMinimumPrice: 20 })
          .expect(200);
        const renewal = nextMonth();
        const webhook = await webhookSender(testApp);
        await webhook.post(invoiceEvent('invoice.paid', subscription.subscriptionId, subscription.customerId, renewal.seconds), payments.webhookSecret ? { secret: payments.webhookSecret } : {}).expect(200);

        // 12 € (fee 1.20 €) first; the other 28 € (fee 2.80 €) by 30 : 100, the odd cents to the largest remainders.
        expect(lineOf(await earnings(partner), renewal.month, lent.id)).toMatchObject({ gross: 33.53, fee: 3.35, net: 30.18 });
        expect(lineOf(await earnings(creator), renewal.month, own.id)).toMatchObject({ gross: 6.47, fee: 0.65, net: 5.82 });
      });
    });

    it("splits a payment nobody used by the agents' list prices, to the cent: a free agent gets nothing", async () => {
      const expensive = await client.paidAgent(creator, 'Caro', 30);
      const cheap = await client.paidAgent(partner, 'Barato', 10);
      const free = await client.paidAgent(partner, 'Gratis', 0);
      const bundle = await client.bundle(admin, 'Pack Precios', [expensive.id, cheap.id, free.id], 20.01);
      await pay(await signUpAndSignIn(testApp, 'sin-uso@example.com'), bundle.priceId);

      // 20.01 € less 10 % (2.00 €): 18.01 € by 30 : 10 : 0, the odd cent to the largest remainder.
      const shares = (await earnings(partner)).bundleShares.filter((share) => share.ecosystemId === bundle.id);
      expect(shares.map(({ agentId, basis, messages }) => ({ agentId, basis, messages }))).toEqual([
        { agentId: expensive.id, basis: 'price', messages: 0 },
        { agentId: cheap.id, basis: 'price', messages: 0 },
        { agentId: free.id, basis: 'price', messages: 0 },
      ]);
      const mine = lineOf(await earnings(creator), thisMonth(), expensive.id) as Line;
      const partnerEarnings = await earnings(partner);
      const cheapLine = lineOf(partnerEarnings, thisMonth(), cheap.id) as Line;
      const freeLine = lineOf(partnerEarnings, thisMonth(), free.id) as Line;
      expect(mine).toMatchObject({ gross: 15.01, fee: 1.5, net: 13.51 });
      expect(cheapLine).toMatchObject({ gross: 5, fee: 0.5, net: 4.5 });
      expect(freeLine).toMatchObject({ gross: 0, fee: 0, net: 0 });
      // Every cent of the payment goes to someone; the creators' nets are the payment less the fee.
      expect(Math.round((mine.gross + cheapLine.gross + freeLine.gross) * 100)).toBe(2001);
      expect(Math.round((mine.net + cheapLine.net + freeLine.net) * 100)).toBe(2001 - 200);
    });

    it("records each agent's answer in a bundle's collaboration chat, and the creators' earnings count them", async () => {
      const third = await signUpAndSignIn(testApp, 'tercera@example.com');
      const agents = [await client.paidAgent(creator, 'Contable Pack', 10), await client.paidAgent(partner, 'Laboral Pack', 10), await client.paidAgent(third, 'Fiscal Pack', 10)];
      const agentIds = agents.map((agent) => agent.id);
      const bundle = await client.bundle(admin, 'Pack Equipo', agentIds, 25);
      const buyer = await signUpAndSignIn(testApp, 'equipo@example.com');
      await pay(buyer, bundle.priceId);

      // As the pack's chat screen does: the bundle's agents, in its conversation.
      const conversationId = await client.bundleConversation(buyer, bundle.id);
      const { body: started } = await client.http().post('/api/collaboration/sessions').set(buyer.authorization).send({ agentIds, conversationId, query: '¿Cómo organizo la contabilidad, los contratos y los impuestos?' }).expect(201);
      expect((await finished(testApp, buyer, started.id)).status).toBe('completed');

      const records = await testApp.app.get(DataSource).getRepository(EcosystemReply).findBy({ ecosystemId: bundle.id });
      expect(records.map((record) => record.agentId).sort()).toEqual([...agentIds].sort());
      expect(records.every((record) => record.userSub === buyer.sub && record.sessionId === started.id)).toBe(true);
      // The conversation shows one final answer, naming the agents; no agent ids joined in one string.
      const { body: conversation } = await client.http().get(`/api/conversations/${conversationId}`).set(buyer.authorization).expect(200);
      const answer = conversation.messages.find((message: { role: string }) => message.role === 'assistant');
      expect(answer.metadata.agentId).toBeUndefined();
      expect(answer.metadata.agentName.split(', ').sort()).toEqual(['Contable Pack', 'Fiscal Pack', 'Laboral Pack']);

      const shares = (await earnings(creator)).bundleShares.filter((share) => share.ecosystemId === bundle.id);
      expect(shares.map(({ messages, bundleMessages, basis }) => ({ messages, bundleMessages, basis }))).toEqual([
        { messages: 1, bundleMessages: 3, basis: 'usage' },
        { messages: 1, bundleMessages: 3, basis: 'usage' },
        { messages: 1, bundleMessages: 3, basis: 'usage' },
      ]);
    });
  });
}

bundleSplitRules('demo', async (models) => {
  const testApp = await createTestAppWith([[ModelGateway, models]], ENV);
  const client = payoutsClient(testApp);
  return {
    testApp,
    pay: async (user, priceId) => {
      const customerId = await client.buyer(user);
      const { body } = await client.subscribe(user, customerId, priceId).expect(201);
      expect(body.subscription.status).toBe('active');
      return { subscriptionId: body.subscription.subscriptionId as string, customerId };
    },
    close: () => testApp.close(),
  };
});

bundleSplitRules('stripe', async (models) => {
  const stripe: StripeFake = await startStripeFake();
  const testApp = await createTestAppWith([[ModelGateway, models]], stripeFakeEnv(stripe, 'whsec_test_fake', ENV));
  const client = payoutsClient(testApp);
  const webhook = await webhookSender(testApp);
  return {
    testApp,
    webhookSecret: 'whsec_test_fake',
    // A card that needs 3-D Secure: nothing is paid until the bank confirms and Stripe sends invoice.paid.
    pay: async (user, priceId) => {
      const customerId = await client.createCustomer(user);
      await client.addCard(user, customerId, 'pm_card_authenticationRequired').expect(201);
      const { body } = await client.subscribe(user, customerId, priceId).expect(201);
      expect(body.subscription.status).toBe('incomplete');
      const subscriptionId = body.subscription.subscriptionId as string;
      // The bank confirmed; Stripe then sends invoice.paid (after the subscription's own events).
      await webhook.post(invoiceEvent('invoice.paid', subscriptionId, customerId, nowSeconds() + 2), { secret: 'whsec_test_fake' }).expect(200);
      return { subscriptionId, customerId };
    },
    close: async () => {
      await testApp.close();
      await stripe.close();
    },
  };
});
