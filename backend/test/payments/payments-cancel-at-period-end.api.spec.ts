import { DataSource } from 'typeorm';
import { ModelGateway } from '../../src/modules/models/model-gateway';
import { DemoSubscription } from '../../src/modules/payments/gateway/demo';
import { SubscriptionPeriodEnds } from '../../src/modules/payments/subscription-period-ends';
import { Subscription } from '../../src/modules/subscriptions/entities/subscription.entity';
import { FakeModelGateway } from '../chat/fake-model-gateway';
import { startStripeFake, stripeFakeEnv, type StripeFake } from '../fakes/stripe-fake';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestAppWith, type TestApp } from '../support/test-app';
import { payoutsClient } from './payouts/payouts-client';
import { webhookSender } from './support/payments-client';

jest.setTimeout(90_000);

const DAY_MS = 24 * 60 * 60 * 1000;
const STRIPE_WEBHOOK_SECRET = 'whsec_test_fake';

/**
 * Issue 31, item 4: a subscriber's cancellation takes effect at the end of what was paid. The
 * subscription stays active (access kept) with cancelAtPeriodEnd and the period's end, 'Reanudar'
 * undoes it, and it is cancelled when the period ends (Stripe: its webhook; demo: the period found
 * over). An admin still cancels at once. The same with both gateways.
 */
function describeCancelAtPeriodEnd(gatewayName: 'demo' | 'stripe') {
  describe(`cancelling at the end of the period, ${gatewayName} gateway`, () => {
    let stripe: StripeFake | null = null;
    let testApp: TestApp;
    let client: ReturnType<typeof payoutsClient>;
    let creator: SignedInUser;
    let admin: SignedInUser;
    let agent: { id: string; priceId: string | null };
    let users = 0;
    const http = () => client.http();

    beforeAll(async () => {
      const env = { ADMIN_EMAILS: 'jefa@example.com' };
      if (gatewayName === 'stripe') stripe = await startStripeFake();
      testApp = await createTestAppWith([[ModelGateway, new FakeModelGateway()]], stripe ? stripeFakeEnv(stripe, STRIPE_WEBHOOK_SECRET, env) : env);
      client = payoutsClient(testApp);
      creator = await signUpAndSignIn(testApp, 'creadora@example.com');
      admin = await signUpAndSignIn(testApp, 'jefa@example.com');
      agent = await client.paidAgent(creator, 'Asesor Mensual', 10);
    });

    afterAll(async () => {
      await testApp.close();
      await stripe?.close();
    });

    /** A new buyer subscribed to the agent. */
    async function subscribedBuyer() {
      users += 1;
      const user = await signUpAndSignIn(testApp, `cliente-${users}@example.com`);
      const customerId = await client.buyer(user);
      const subscription = (await client.subscribe(user, customerId, agent.priceId as string).expect(201)).body.subscription;
      return { user, customerId, subscriptionId: subscription.subscriptionId as string, subscription };
    }

    const stored = async (user: SignedInUser, subscriptionId: string) =>
      ((await http().get(`/api/stripe-user-subscriptions/susbscription/user/${user.sub}`).set(user.authorization).expect(200)).body.data as Array<Record<string, unknown>>).find(
        (row) => row.subscriptionId === subscriptionId,
      );

    /**
     * The clock passes the end of the subscription's period. Stripe: it ends (or renews) the
     * subscription and sends its webhook. Demo: the period is over in its table, and the job that
     * brings such subscriptions up to date runs.
     */
    async function endPeriod(subscriptionId: string) {
      if (stripe) {
        const subscription = stripe.endPeriod(subscriptionId);
        const type = subscription.status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated';
        const webhook = await webhookSender(testApp);
        const event = { id: `evt_${subscriptionId}_${Date.now()}`, object: 'event', type, created: Math.floor(Date.now() / 1000) + 1, data: { object: subscription } };
        await webhook.post(event, { secret: STRIPE_WEBHOOK_SECRET }).expect(200);
        return;
      }
      const demo = testApp.app.get(DataSource).getRepository(DemoSubscription);
      const row = await demo.findOneByOrFail({ id: subscriptionId });
      const shift = new Date(row.currentPeriodEnd).getTime() - Date.now() + 1000;
      await demo.update({ id: subscriptionId }, { currentPeriodStart: new Date(new Date(row.currentPeriodStart).getTime() - shift), currentPeriodEnd: new Date(Date.now() - 1000) });
      // The stored row learns that the period is over as the job would find it.
      await testApp.app.get(DataSource).getRepository(Subscription).update({ subscriptionId }, { currentPeriodEnd: new Date(Date.now() - 1000) });
      const job = testApp.app.get(SubscriptionPeriodEnds) as unknown as { run(now: Date): Promise<number> };
      await job.run(new Date());
    }

    it("keeps a cancelled subscription active until the period's end, with the date, and chatting still works", async () => {
      const { user, subscriptionId, subscription } = await subscribedBuyer();
      expect(subscription).toMatchObject({ cancelAtPeriodEnd: false, currentPeriodEnd: expect.any(String) });
      const periodEnd = new Date(subscription.currentPeriodEnd).getTime();
      expect(periodEnd).toBeGreaterThan(Date.now() + 27 * DAY_MS);
      expect(periodEnd).toBeLessThan(Date.now() + 32 * DAY_MS);

      const cancelled = (await client.transition(user, 'cancel', subscriptionId).expect(200)).body.subscription;
      expect(cancelled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: subscription.currentPeriodEnd, finishedAt: null, canceled_at: null });
      expect(await stored(user, subscriptionId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: subscription.currentPeriodEnd });
      expect((await client.chat(user, agent.id)).status).toBe(200);
      if (stripe) {
        const calls = stripe.state.requests.filter((request) => request.path === `/v1/subscriptions/${subscriptionId}` && request.method !== 'GET');
        expect(calls.map((request) => [request.method, request.body.cancel_at_period_end])).toEqual([['POST', 'true']]);
        expect(stripe.state.subscriptions.get(subscriptionId)).toMatchObject({ status: 'active', cancel_at_period_end: true });
      }

      // Asking again changes nothing; a second purchase of the same agent is still a duplicate.
      expect((await client.transition(user, 'cancel', subscriptionId).expect(200)).body.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    });

    it("refuses to pause or change the plan of a subscription set to cancel (409, saying to resume first); 'Reanudar' undoes the cancellation", async () => {
      const { user, subscriptionId } = await subscribedBuyer();
      await client.transition(user, 'cancel', subscriptionId).expect(200);

      const pause = await client.transition(user, 'pause', subscriptionId).expect(409);
      expect(pause.body).toMatchObject({ code: 'SubscriptionTransitionInvalid', message: 'Esta suscripción se cancelará al final del periodo. Reanúdala antes de pausarla.' });
      const preview = await http().get(`/api/stripe/subscriptions/${subscriptionId}/change-preview`).query({ priceID: agent.priceId }).set(user.authorization).expect(409);
      expect(preview.body.message).toBe('Esta suscripción se cancelará al final del periodo. Reanúdala antes de cambiar de plan.');

      const resumed = (await client.transition(user, 'resume', subscriptionId).expect(200)).body.subscription;
      expect(resumed).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
      expect(await stored(user, subscriptionId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
      if (stripe) expect(stripe.state.subscriptions.get(subscriptionId)).toMatchObject({ status: 'active', cancel_at_period_end: false });
      // Nothing left to resume.
      await client.transition(user, 'resume', subscriptionId).expect(409);
      // Resumed, it ends no more when the period does: it renews.
      await endPeriod(subscriptionId);
      const renewed = await stored(user, subscriptionId);
      expect(renewed).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
      expect(new Date(renewed?.currentPeriodEnd as string).getTime()).toBeGreaterThan(Date.now());
      expect((await client.chat(user, agent.id)).status).toBe(200);
    });

    it('is cancelled when the period ends: the chat refuses, and the user may subscribe again', async () => {
      const { user, customerId, subscriptionId } = await subscribedBuyer();
      await client.transition(user, 'cancel', subscriptionId).expect(200);
      await client.subscribe(user, customerId, agent.priceId as string).expect(409);

      await endPeriod(subscriptionId);
      expect(await stored(user, subscriptionId)).toMatchObject({ status: 'cancelled', cancelAtPeriodEnd: false, finishedAt: expect.any(String) });
      const refused = await client.chat(user, agent.id);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('SubscriptionRequired');
      await client.transition(user, 'resume', subscriptionId).expect(409);

      const again = (await client.subscribe(user, customerId, agent.priceId as string).expect(201)).body.subscription;
      expect(again.subscriptionId).not.toBe(subscriptionId);
    });

    it('ends access at the end of the period even before the gateway says it ended', async () => {
      const { user, subscriptionId } = await subscribedBuyer();
      await client.transition(user, 'cancel', subscriptionId).expect(200);
      await testApp.app.get(DataSource).getRepository(Subscription).update({ subscriptionId }, { currentPeriodEnd: new Date(Date.now() - 1000) });
      expect((await client.chat(user, agent.id)).status).toBe(403);
    });

    it('cancels a paused subscription at once (nothing is paid for its period)', async () => {
      const { user, subscriptionId } = await subscribedBuyer();
      await client.transition(user, 'pause', subscriptionId).expect(200);
      const cancelled = (await client.transition(user, 'cancel', subscriptionId).expect(200)).body.subscription;
      expect(cancelled).toMatchObject({ status: 'cancelled', cancelAtPeriodEnd: false, canceled_at: expect.any(String) });
    });

    it('lets an admin cancel at once with immediately: true; anyone else asking for it is refused (403) and nothing changes', async () => {
      const { user, subscriptionId } = await subscribedBuyer();
      const refused = await http().post('/api/stripe/cancel-subscription').set(user.authorization).send({ subscriptionID: subscriptionId, immediately: true }).expect(403);
      expect(refused.body.message).toBe(
        'Solo un administrador puede cancelar una suscripción al momento. Al cancelarla tú, sigue activa hasta el final del periodo pagado.',
      );
      expect(await stored(user, subscriptionId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });

      // Also one already set to end with its period.
      await client.transition(user, 'cancel', subscriptionId).expect(200);
      const cancelled = (
        await http().post('/api/stripe/cancel-subscription').set(admin.authorization).send({ subscriptionID: subscriptionId, immediately: true }).expect(200)
      ).body.subscription;
      expect(cancelled).toMatchObject({ status: 'cancelled', cancelAtPeriodEnd: false, canceled_at: expect.any(String) });
      expect((await client.chat(user, agent.id)).status).toBe(403);
      if (stripe) {
        expect(stripe.state.requests.some((request) => request.method === 'DELETE' && request.path === `/v1/subscriptions/${subscriptionId}`)).toBe(true);
        expect(stripe.state.subscriptions.get(subscriptionId).status).toBe('canceled');
      }
      await http().post('/api/stripe/cancel-subscription').set(admin.authorization).send({ subscriptionID: subscriptionId, immediately: true }).expect(409);
    });

    it('records the cancellation at the period end and its undoing in the audit log', async () => {
      const { user, subscriptionId } = await subscribedBuyer();
      await client.transition(user, 'cancel', subscriptionId).expect(200);
      await client.transition(user, 'resume', subscriptionId).expect(200);
      const entries = (await http().get('/api-admin/audit?limit=100').set(admin.authorization).expect(200)).body.items as Array<Record<string, unknown>>;
      const ours = entries.filter((entry) => entry.target === `subscription:${subscriptionId}`).reverse();
      expect(ours.map((entry) => [entry.action, entry.actorSub])).toEqual([
        ['subscription.create', user.sub],
        ['subscription.cancel_at_period_end', user.sub],
        ['subscription.keep', user.sub],
      ]);
      expect(ours[1]).toMatchObject({ before: { status: 'active', cancelAtPeriodEnd: false }, after: { status: 'active', cancelAtPeriodEnd: true } });
    });
  });
}

describeCancelAtPeriodEnd('demo');
describeCancelAtPeriodEnd('stripe');

describe('the demo card form saves the expiry typed (issue 31, item 8)', () => {
  let testApp: TestApp;
  let client: ReturnType<typeof payoutsClient>;

  beforeAll(async () => {
    testApp = await createTestAppWith([[ModelGateway, new FakeModelGateway()]]);
    client = payoutsClient(testApp);
  });

  afterAll(() => testApp.close());

  it("keeps 12/2030 for a test card saved as expiring 12/30 (not Stripe's test card's 12/2034), and refuses a month that is not one", async () => {
    const user = await signUpAndSignIn(testApp, 'tarjeta@example.com');
    const customerId = await client.createCustomer(user);
    const saved = await client.http().post('/api/stripe/add-card').set(user.authorization).send({ customerID: customerId, paymentMethodID: 'pm_card_visa', expMonth: 12, expYear: 2030 }).expect(201);
    expect(saved.body).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    const listed = (await client.http().get('/api/stripe/all-methods-payment').set(user.authorization).expect(200)).body.paymentMethods;
    expect(listed).toEqual([expect.objectContaining({ id: saved.body.id, expMonth: 12, expYear: 2030 })]);

    await client.http().post('/api/stripe/add-card').set(user.authorization).send({ customerID: customerId, paymentMethodID: 'pm_card_visa', expMonth: 13, expYear: 2030 }).expect(400);
    await client.http().post('/api/stripe/add-card').set(user.authorization).send({ customerID: customerId, paymentMethodID: 'pm_card_visa', expMonth: 12 }).expect(400);
  });
});
