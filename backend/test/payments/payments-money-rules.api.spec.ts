import { ModelGateway } from '../../src/modules/models/model-gateway';
import { FakeModelGateway } from '../chat/fake-model-gateway';
import { startStripeFake, stripeFakeEnv, type StripeFake } from '../fakes/stripe-fake';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestAppWith, type TestApp } from '../support/test-app';
import { payoutsClient, thisMonth } from './payouts/payouts-client';

jest.setTimeout(90_000);

/**
 * Issue 29's rules about subscriptions, the same with both gateways: a plan change stays within
 * what was bought and its proration is paid at once; a creator cannot leave subscribers paying for
 * an agent made free, private or deleted; an Idempotency-Key whose subscription was cancelled does
 * not replay it.
 */
function describeMoneyRules(gatewayName: 'demo' | 'stripe') {
  describe(`subscriptions that cannot be gamed (issue 29), ${gatewayName} gateway`, () => {
    let stripe: StripeFake | null = null;
    let testApp: TestApp;
    let client: ReturnType<typeof payoutsClient>;
    let creator: SignedInUser;
    let rival: SignedInUser;
    let admin: SignedInUser;
    let users = 0;
    const http = () => client.http();

    beforeAll(async () => {
      const env = { ADMIN_EMAILS: 'jefa@example.com' };
      if (gatewayName === 'stripe') stripe = await startStripeFake();
      testApp = await createTestAppWith([[ModelGateway, new FakeModelGateway()]], stripe ? stripeFakeEnv(stripe, 'whsec_test_fake', env) : env);
      client = payoutsClient(testApp);
      creator = await signUpAndSignIn(testApp, 'creadora@example.com');
      rival = await signUpAndSignIn(testApp, 'rival@example.com');
      admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    });

    afterAll(async () => {
      await testApp.close();
      await stripe?.close();
    });

    /** A new buyer with a customer and a working card. */
    async function newBuyer() {
      users += 1;
      const user = await signUpAndSignIn(testApp, `comprador-${users}@example.com`);
      return { user, customerId: await client.buyer(user) };
    }

    const reprice = (agent: { id: string; name: string }, price: number, extra: Record<string, unknown> = {}) =>
      http()
        .post('/api/agents')
        .set(creator.authorization)
        .send({ id: agent.id, name: agent.name, category: 'finance', description: `${agent.name}: finanzas`, price, ...extra });

    const changePlan = (user: SignedInUser, subscriptionID: string, priceID: string) =>
      http().post('/api/stripe/change-subscription-plan').set(user.authorization).send({ subscriptionID, priceID });

    /** An admin's cancellation, at once (a subscriber's waits for the end of the paid period). */
    const cancelNow = (subscriptionID: string) =>
      http().post('/api/stripe/cancel-subscription').set(admin.authorization).send({ subscriptionID, immediately: true });

    const stored = async (user: SignedInUser, subscriptionId: string) =>
      ((await http().get(`/api/stripe-user-subscriptions/susbscription/user/${user.sub}`).set(user.authorization).expect(200)).body.data as Array<Record<string, unknown>>).find(
        (row) => row.subscriptionId === subscriptionId,
      );

    describe('changing plan', () => {
      it("refuses another creator's agent (409): no chat with it, and the subscription keeps its price and its creator", async () => {
        const cheap = { ...(await client.paidAgent(creator, 'Asesor Modesto', 10)), name: 'Asesor Modesto' };
        const dear = await client.paidAgent(rival, 'Asesor de Lujo', 300);
        const { user, customerId } = await newBuyer();
        const { subscriptionId } = (await client.subscribe(user, customerId, cheap.priceId as string).expect(201)).body.subscription;

        const preview = await http().get(`/api/stripe/subscriptions/${subscriptionId}/change-preview`).query({ priceID: dear.priceId }).set(user.authorization).expect(409);
        expect(preview.body.message).toBe('Solo puedes cambiar al precio actual del mismo agente o ecosistema. Para otro agente o ecosistema, cancela esta suscripción y suscríbete al nuevo.');
        const refused = await changePlan(user, subscriptionId, dear.priceId as string).expect(409);
        expect(refused.body.message).toBe(preview.body.message);

        expect((await client.chat(user, dear.id)).status).toBe(403);
        expect((await client.chat(user, cheap.id)).status).toBe(200);
        expect(await stored(user, subscriptionId)).toMatchObject({ agentId: cheap.id, priceId: cheap.priceId, price: 10, status: 'active' });
        if (stripe) expect(stripe.state.subscriptions.get(subscriptionId).items.data[0].price.id).toBe(cheap.priceId);
        // Nothing of the dear agent's is in anyone's ledger.
        const rivalMonths = (await client.earnings(rival).expect(200)).body.months;
        expect(rivalMonths).toEqual([]);
      });

      it("moves to the same agent's new price, charging the proration at once (a cancel then leaves nothing unpaid), in the ledger and the audit log", async () => {
        const agent = { ...(await client.paidAgent(creator, 'Asesor Creciente', 5)), name: 'Asesor Creciente' };
        const { user, customerId } = await newBuyer();
        const { subscriptionId } = (await client.subscribe(user, customerId, agent.priceId as string).expect(201)).body.subscription;
        const repriced = (await reprice(agent, 25).expect(200)).body;
        expect(repriced.priceId).not.toBe(agent.priceId);

        const preview = (await http().get(`/api/stripe/subscriptions/${subscriptionId}/change-preview`).query({ priceID: repriced.priceId }).set(user.authorization).expect(200)).body;
        expect(preview).toMatchObject({ currency: 'eur', newPrice: 25, currentPrice: 5 });
        expect(preview.amountDue).toBeGreaterThan(1800);
        expect(preview.amountDue).toBeLessThanOrEqual(2000);

        const changed = (await changePlan(user, subscriptionId, repriced.priceId).expect(200)).body.subscription;
        expect(changed).toMatchObject({ subscriptionId, agentId: agent.id, priceId: repriced.priceId, price: 25, status: 'active' });
        if (stripe) {
          const update = stripe.state.requests.filter((request) => request.method === 'POST' && request.path === `/v1/subscriptions/${subscriptionId}`).at(-1);
          expect(update?.body).toMatchObject({ proration_behavior: 'always_invoice', payment_behavior: 'error_if_incomplete' });
          const invoices = [...stripe.state.invoices.values()].filter((invoice) => invoice.parent.subscription_details.subscription === subscriptionId);
          expect(invoices).toEqual([expect.objectContaining({ billing_reason: 'subscription_update', status: 'paid', total: preview.amountDue, amount_paid: preview.amountDue })]);
        }
        await client.transition(user, 'cancel', subscriptionId).expect(200);
        if (stripe) expect(stripe.state.pendingInvoiceItems.filter((line) => line.parent.subscription_item_details.subscription === subscriptionId)).toEqual([]);

        // The creator's ledger: the first month's 5 € and the proration.
        const line = (await client.earnings(creator).expect(200)).body.months.find((month: { month: string }) => month.month === thisMonth())
          .agents.find((row: { agentId: string }) => row.agentId === agent.id);
        expect(line).toMatchObject({ subscribers: 1, gross: (500 + preview.amountDue) / 100 });

        const entries = (await http().get('/api-admin/audit?limit=100').set(admin.authorization).expect(200)).body.items as Array<Record<string, unknown>>;
        const plan = entries.find((entry) => entry.target === `subscription:${subscriptionId}` && entry.action === 'subscription.plan');
        expect(plan).toMatchObject({
          actorSub: user.sub,
          before: { priceId: agent.priceId, price: 5 },
          after: { priceId: repriced.priceId, price: 25, prorationAmount: preview.amountDue, prorationInvoiceId: expect.stringMatching(/^in_/) },
        });
      });
    });

    describe("a creator's changes to a subscribed agent", () => {
      it('are refused with a Spanish 409 while anyone subscribes (free, private, deleted), also when set to cancel at the period end, and allowed once the subscriptions are cancelled', async () => {
        const agent = { ...(await client.paidAgent(creator, 'Asesor Suscrito', 12)), name: 'Asesor Suscrito' };
        const { user, customerId } = await newBuyer();
        const { subscriptionId } = (await client.subscribe(user, customerId, agent.priceId as string).expect(201)).body.subscription;

        const free = await reprice(agent, 0).expect(409);
        expect(free.body.message).toBe(
          'No se puede hacer gratuito este agente mientras tenga suscriptores (1): seguirían pagando por un agente gratuito. Podrás hacerlo cuando se hayan cancelado todas sus suscripciones.',
        );
        const hidden = await reprice(agent, 12, { isPublic: false }).expect(409);
        expect(hidden.body.message).toMatch(/^No se puede hacer privado este agente mientras tenga suscriptores \(1\)/);
        const deleted = await http().delete(`/api/agents/${agent.id}`).set(creator.authorization).expect(409);
        expect(deleted.body.message).toMatch(/^No se puede eliminar este agente mientras tenga suscriptores \(1\)/);
        // An admin is held to it too: the subscriptions are cancelled first.
        await http().delete(`/api/agents/${agent.id}`).set(admin.authorization).expect(409);

        expect((await http().get(`/api/agents/${agent.id}`).expect(200)).body).toMatchObject({ price: 12, isPublic: true, priceId: agent.priceId });
        expect((await client.chat(user, agent.id)).status).toBe(200);
        expect(await stored(user, subscriptionId)).toMatchObject({ status: 'active', price: 12 });

        // The subscriber's cancellation keeps the subscription until the period paid for ends: still refused.
        await client.transition(user, 'cancel', subscriptionId).expect(200);
        await reprice(agent, 0).expect(409);
        await cancelNow(subscriptionId).expect(200);
        await reprice(agent, 0).expect(200);
        await http().delete(`/api/agents/${agent.id}`).set(creator.authorization).expect(200);
      });

      it("counts the bundles that include the agent: it is not made private or deleted while one is subscribed", async () => {
        const agent = { ...(await client.paidAgent(creator, 'Asesor Empaquetado', 8)), name: 'Asesor Empaquetado' };
        const bundle = await client.bundle(creator, 'Paquete Suscrito', [agent.id], 20);
        const { user, customerId } = await newBuyer();
        await client.subscribe(user, customerId, bundle.priceId).expect(201);

        await reprice(agent, 8, { isPublic: false }).expect(409);
        await http().delete(`/api/agents/${agent.id}`).set(creator.authorization).expect(409);
        // Free: the bundle's subscribers pay for the bundle, and can still use the agent.
        await reprice(agent, 0).expect(200);
      });
    });

    describe('a replayed Idempotency-Key', () => {
      it('whose subscription was cancelled is refused with 409, not answered as a new subscription; a new key subscribes again', async () => {
        const agent = await client.paidAgent(creator, 'Asesor Repetido', 9);
        const { user, customerId } = await newBuyer();
        const first = (await client.subscribe(user, customerId, agent.priceId as string, 'clave-unica-1').expect(201)).body.subscription;
        // While it is only set to cancel at the period's end, the key still answers it (it is the user's).
        await client.transition(user, 'cancel', first.subscriptionId).expect(200);
        expect((await client.subscribe(user, customerId, agent.priceId as string, 'clave-unica-1').expect(201)).body.subscription).toMatchObject({
          subscriptionId: first.subscriptionId,
          cancelAtPeriodEnd: true,
        });
        await cancelNow(first.subscriptionId).expect(200);

        const replay = await client.subscribe(user, customerId, agent.priceId as string, 'clave-unica-1').expect(409);
        expect(replay.body.message).toBe(
          'La suscripción que creó esta solicitud ya está cancelada. Para suscribirte de nuevo, envía una solicitud nueva (con otra clave Idempotency-Key).',
        );
        expect(await stored(user, first.subscriptionId)).toMatchObject({ status: 'cancelled' });
        expect((await client.chat(user, agent.id)).status).toBe(403);

        const again = (await client.subscribe(user, customerId, agent.priceId as string, 'clave-unica-2').expect(201)).body.subscription;
        expect(again.subscriptionId).not.toBe(first.subscriptionId);
        expect(again.status).toBe('active');
      });
    });
  });
}

describeMoneyRules('demo');
describeMoneyRules('stripe');
