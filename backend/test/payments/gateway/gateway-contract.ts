import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { PaymentGateway } from '../../../src/modules/payments/gateway/payment-gateway';
import {
  IdempotencyKeyConflictError,
  PaymentDeclinedError,
  PaymentMethodInvalidError,
  PaymentResourceNotFoundError,
  SubscriptionUpdateRefusedError,
  WebhookSignatureError,
} from '../../../src/modules/payments/payments.errors';

export interface GatewayUnderTest {
  gateway: PaymentGateway;
  /** The secret the gateway verifies webhooks with. */
  webhookSecret: string;
  /** Lists the customer's cards straight from the provider's records (not through the gateway). */
  storedCardCount(customerId: string): Promise<number>;
  /** Finishes the connected account's onboarding at the provider (nothing to do in demo mode). */
  finishOnboarding(accountId: string): Promise<void>;
  close(): Promise<void>;
}

const DECLINED = 'La tarjeta ha sido rechazada. Prueba con otra tarjeta.';
const INSUFFICIENT = 'La tarjeta no tiene fondos suficientes. Prueba con otra tarjeta.';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What every payment gateway must do, whichever provider is behind it: the same suite runs against
 * the demo gateway (our tables) and the Stripe adapter (the real SDK against a fake Stripe).
 */
export function describeGatewayContract(name: string, start: () => Promise<GatewayUnderTest>): void {
  describe(`${name}: the payment gateway contract`, () => {
    let subject: GatewayUnderTest;
    let gateway: PaymentGateway;

    beforeAll(async () => {
      subject = await start();
      gateway = subject.gateway;
    });
    afterAll(() => subject.close());

    async function customer() {
      return gateway.createCustomer({ name: 'Ana Pérez', email: `ana-${randomUUID()}@example.com`, userSub: `user-${randomUUID()}` });
    }

    async function monthlyPrice(unitAmount: number) {
      const product = await gateway.createProduct({ name: 'Asesor fiscal', description: 'Agente de pago', metadata: { agentId: 'a1' } });
      return gateway.createMonthlyPrice({ productId: product.id, unitAmount, currency: 'EUR' });
    }

    async function subscribedCustomer(unitAmount = 1000) {
      const buyer = await customer();
      await gateway.attachCard(buyer.id, 'pm_card_visa');
      const price = await monthlyPrice(unitAmount);
      const subscription = await gateway.createSubscription({
        customerId: buyer.id,
        priceId: price.id,
        idempotencyKey: randomUUID(),
        metadata: { userSub: 'u1', agentId: 'a1' },
      });
      return { buyer, price, subscription };
    }

    it('creates a customer with a Stripe-shaped id', async () => {
      const created = await customer();
      expect(created).toEqual({ id: expect.stringMatching(/^cus_/), name: 'Ana Pérez', email: expect.stringContaining('@example.com') });
      await expect(gateway.listCards(created.id)).resolves.toEqual([]);
    });

    it('deletes a customer with its cards (an erased account), and deleting it again is no error', async () => {
      const buyer = await customer();
      await gateway.attachCard(buyer.id, 'pm_card_visa');
      await gateway.deleteCustomer(buyer.id);
      await expect(gateway.listCards(buyer.id)).rejects.toMatchObject({ status: 404 });
      await expect(gateway.deleteCustomer(buyer.id)).resolves.toBeUndefined();
    });

    it('hands out a setup intent and a payment intent with client secrets', async () => {
      const buyer = await customer();
      const setup = await gateway.createSetupIntent(buyer.id);
      expect(setup.id).toMatch(/^seti_/);
      expect(setup.clientSecret).toContain('_secret_');
      const payment = await gateway.createPaymentIntent({ customerId: buyer.id, amount: 1999, currency: 'eur' });
      expect(payment.id).toMatch(/^pi_/);
      expect(payment.clientSecret).toContain('_secret_');
    });

    it("saves Stripe's test cards with their brand and last four digits; the first becomes the default", async () => {
      const buyer = await customer();
      const visa = await gateway.attachCard(buyer.id, 'pm_card_visa');
      expect(visa).toMatchObject({ id: expect.stringMatching(/^pm_/), brand: 'visa', last4: '4242', isDefault: true });
      expect(visa.expYear).toBeGreaterThan(2025);
      const mastercard = await gateway.attachCard(buyer.id, 'pm_card_mastercard');
      expect(mastercard).toMatchObject({ brand: 'mastercard', last4: '4444', isDefault: false });
      const amex = await gateway.attachCard(buyer.id, 'pm_card_amex');
      expect(amex).toMatchObject({ brand: 'amex', last4: '8431' });
      const cards = await gateway.listCards(buyer.id);
      expect(cards.map((card) => [card.last4, card.isDefault])).toEqual([
        ['4242', true],
        ['4444', false],
        ['8431', false],
      ]);
    });

    it('refuses a declined card with a Spanish reason (402) and saves nothing', async () => {
      const buyer = await customer();
      const declined = gateway.attachCard(buyer.id, 'pm_card_chargeDeclined');
      await expect(declined).rejects.toBeInstanceOf(PaymentDeclinedError);
      await expect(declined).rejects.toMatchObject({ status: 402, message: DECLINED });
      await expect(gateway.attachCard(buyer.id, 'pm_card_insufficientFunds')).rejects.toMatchObject({ status: 402, message: INSUFFICIENT });
      expect(await gateway.listCards(buyer.id)).toEqual([]);
      expect(await subject.storedCardCount(buyer.id)).toBe(0);
    });

    it('refuses a payment-method id it does not know with a 400 in Spanish', async () => {
      const buyer = await customer();
      const unknown = gateway.attachCard(buyer.id, 'pm_no_existe');
      await expect(unknown).rejects.toBeInstanceOf(PaymentMethodInvalidError);
      await expect(unknown).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/método de pago/) });
      expect(await subject.storedCardCount(buyer.id)).toBe(0);
    });

    it('sets the default card, and detaching the default leaves none', async () => {
      const buyer = await customer();
      const visa = await gateway.attachCard(buyer.id, 'pm_card_visa');
      const mastercard = await gateway.attachCard(buyer.id, 'pm_card_mastercard');
      await gateway.setDefaultCard(buyer.id, mastercard.id);
      expect((await gateway.listCards(buyer.id)).map((card) => [card.id, card.isDefault])).toEqual([
        [visa.id, false],
        [mastercard.id, true],
      ]);
      await gateway.detachCard(buyer.id, visa.id);
      expect((await gateway.listCards(buyer.id)).map((card) => card.id)).toEqual([mastercard.id]);
      await gateway.detachCard(buyer.id, mastercard.id);
      expect(await gateway.listCards(buyer.id)).toEqual([]);
      expect(await subject.storedCardCount(buyer.id)).toBe(0);
    });

    it("will not set as default or detach another customer's card", async () => {
      const owner = await customer();
      const other = await customer();
      const card = await gateway.attachCard(owner.id, 'pm_card_visa');
      await expect(gateway.setDefaultCard(other.id, card.id)).rejects.toMatchObject({ status: 400, message: 'El método de pago no pertenece a tu cuenta.' });
      await expect(gateway.detachCard(other.id, card.id)).rejects.toMatchObject({ status: 400 });
      expect((await gateway.listCards(owner.id)).map((saved) => saved.id)).toEqual([card.id]);
    });

    it('creates and updates a product, and gives it monthly prices in cents', async () => {
      const product = await gateway.createProduct({ name: 'Asesor', description: 'Primero', metadata: { agentId: 'a9' } });
      expect(product).toEqual({ id: expect.stringMatching(/^prod_/), name: 'Asesor', description: 'Primero', active: true });
      const renamed = await gateway.updateProduct(product.id, { name: 'Asesor fiscal', description: 'Segundo' });
      expect(renamed).toEqual({ id: product.id, name: 'Asesor fiscal', description: 'Segundo', active: true });
      expect(await gateway.updateProduct(product.id, { active: false })).toMatchObject({ active: false, name: 'Asesor fiscal' });
      const price = await gateway.createMonthlyPrice({ productId: product.id, unitAmount: 1999, currency: 'EUR' });
      expect(price).toEqual({ id: expect.stringMatching(/^price_/), productId: product.id, unitAmount: 1999, currency: 'eur' });
      await expect(gateway.updateProduct('prod_no_existe', { name: 'x' })).rejects.toBeInstanceOf(PaymentResourceNotFoundError);
    });

    it('subscribes a customer with a default card, charging it, and lists the subscription', async () => {
      const { buyer, price, subscription } = await subscribedCustomer();
      expect(subscription).toMatchObject({
        id: expect.stringMatching(/^sub_/),
        customerId: buyer.id,
        priceId: price.id,
        status: 'active',
        canceledAt: null,
        metadata: { userSub: 'u1', agentId: 'a1' },
      });
      expect(subscription.createdAt).toBeInstanceOf(Date);
      expect(subscription.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 27 * DAY_MS);
      expect(await gateway.listSubscriptions(buyer.id)).toEqual([subscription]);
      expect(await gateway.retrieveSubscription(subscription.id)).toEqual(subscription);
    });

    it('subscribes once per idempotency key, however often the request is retried', async () => {
      const buyer = await customer();
      await gateway.attachCard(buyer.id, 'pm_card_visa');
      const price = await monthlyPrice(500);
      const input = { customerId: buyer.id, priceId: price.id, idempotencyKey: randomUUID(), metadata: { agentId: 'a1' } };
      const first = await gateway.createSubscription(input);
      const again = await gateway.createSubscription(input);
      expect(again.id).toBe(first.id);
      expect(await gateway.listSubscriptions(buyer.id)).toHaveLength(1);
      const other = await gateway.createSubscription({ ...input, idempotencyKey: randomUUID() });
      expect(other.id).not.toBe(first.id);
    });

    it("never hands another customer's subscription back for a reused idempotency key (409)", async () => {
      const { buyer, price, subscription } = await subscribedCustomer();
      const intruder = await customer();
      await gateway.attachCard(intruder.id, 'pm_card_visa');
      const key = randomUUID();
      const first = await gateway.createSubscription({ customerId: buyer.id, priceId: price.id, idempotencyKey: key, metadata: {} });
      const reused = gateway.createSubscription({ customerId: intruder.id, priceId: price.id, idempotencyKey: key, metadata: {} });
      await expect(reused).rejects.toBeInstanceOf(IdempotencyKeyConflictError);
      await expect(reused).rejects.toMatchObject({ status: 409 });
      expect(await gateway.listSubscriptions(intruder.id)).toEqual([]);
      expect((await gateway.listSubscriptions(buyer.id)).map((listed) => listed.id).sort()).toEqual([subscription.id, first.id].sort());
    });

    it('refuses to subscribe a customer without a card (402, nothing created)', async () => {
      const buyer = await customer();
      const price = await monthlyPrice(500);
      const refused = gateway.createSubscription({ customerId: buyer.id, priceId: price.id, idempotencyKey: randomUUID(), metadata: {} });
      await expect(refused).rejects.toBeInstanceOf(PaymentDeclinedError);
      await expect(refused).rejects.toMatchObject({ status: 402, message: 'Añade una tarjeta antes de suscribirte.' });
      expect(await gateway.listSubscriptions(buyer.id)).toEqual([]);
    });

    it('takes a creator’s connected account as the destination of a subscription', async () => {
      const account = await gateway.createConnectedAccount({ email: 'creadora@example.com', userSub: 'creator-1' });
      expect(account.id).toMatch(/^acct_/);
      const link = await gateway.createOnboardingLink(account.id, 'https://app.example/ingresos?ok=1', 'https://app.example/ingresos');
      expect(link.url).toMatch(/^https:\/\//);
      await subject.finishOnboarding(account.id);
      expect(await gateway.retrieveConnectedAccount(account.id)).toEqual({ id: account.id, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true });
      const buyer = await customer();
      await gateway.attachCard(buyer.id, 'pm_card_visa');
      const price = await monthlyPrice(2000);
      const subscription = await gateway.createSubscription({
        customerId: buyer.id,
        priceId: price.id,
        idempotencyKey: randomUUID(),
        metadata: { agentId: 'a2' },
        destination: { accountId: account.id, applicationFeePercent: 20 },
      });
      expect(subscription.status).toBe('active');
    });

    it('answers PaymentResourceNotFoundError (404) for a connected account it does not know', async () => {
      await expect(gateway.retrieveConnectedAccount('acct_desconocida')).rejects.toBeInstanceOf(PaymentResourceNotFoundError);
    });

    it('pauses, resumes and cancels, recording when it was cancelled', async () => {
      const { subscription } = await subscribedCustomer();
      expect(await gateway.pauseSubscription(subscription.id)).toMatchObject({ id: subscription.id, status: 'paused', canceledAt: null });
      expect((await gateway.retrieveSubscription(subscription.id)).status).toBe('paused');
      expect(await gateway.resumeSubscription(subscription.id)).toMatchObject({ status: 'active' });
      const before = Date.now();
      const cancelled = await gateway.cancelSubscription(subscription.id);
      expect(cancelled.status).toBe('canceled');
      expect(cancelled.canceledAt!.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
      expect((await gateway.retrieveSubscription(subscription.id)).status).toBe('canceled');
      await expect(gateway.resumeSubscription(subscription.id)).rejects.toBeInstanceOf(SubscriptionUpdateRefusedError);
      await expect(gateway.pauseSubscription(subscription.id)).rejects.toMatchObject({ status: 409, message: 'Error al actualizar la suscripción' });
    });

    it('cancels at the end of the period: still active with cancelAtPeriodEnd until then, and keepSubscription undoes it', async () => {
      const { subscription } = await subscribedCustomer();
      expect(subscription.cancelAtPeriodEnd).toBe(false);
      const ending = await gateway.cancelSubscription(subscription.id, { atPeriodEnd: true });
      expect(ending).toMatchObject({ id: subscription.id, status: 'active', cancelAtPeriodEnd: true, canceledAt: null });
      expect(ending.currentPeriodEnd).toEqual(subscription.currentPeriodEnd);
      expect(await gateway.retrieveSubscription(subscription.id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
      expect(await gateway.keepSubscription(subscription.id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
      // Cancelled now, it is no longer kept.
      expect(await gateway.cancelSubscription(subscription.id)).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
      await expect(gateway.keepSubscription(subscription.id)).rejects.toBeInstanceOf(SubscriptionUpdateRefusedError);
      expect(await gateway.cancelSubscription(subscription.id, { atPeriodEnd: true })).toMatchObject({ status: 'canceled' });
    });

    it('answers 404 in Spanish for a subscription it does not know', async () => {
      await expect(gateway.pauseSubscription('sub_no_existe')).rejects.toMatchObject({ status: 404, message: 'No se encontró suscripción' });
    });

    it('previews a plan change as a proration of the remaining days, then changes the price and invoices that proration at once', async () => {
      const { buyer, subscription } = await subscribedCustomer(1000);
      const dearer = await monthlyPrice(3000);
      const periodEnd = subscription.currentPeriodEnd!.getTime();
      const totalDays = Math.round((periodEnd - subscription.createdAt.getTime()) / DAY_MS);
      const remainingDays = Math.ceil((periodEnd - Date.now()) / DAY_MS);
      const expected = Math.round((3000 * remainingDays) / totalDays) - Math.round((1000 * remainingDays) / totalDays);
      const upgrade = await gateway.previewPriceChange(subscription.id, dearer.id);
      expect(upgrade).toEqual({ amountDue: expected, currency: 'eur' });
      expect(upgrade.amountDue).toBeGreaterThan(1900);
      expect(upgrade.amountDue).toBeLessThanOrEqual(2000);
      const cheaper = await monthlyPrice(400);
      expect((await gateway.previewPriceChange(subscription.id, cheaper.id)).amountDue).toBeLessThan(0);

      const changed = await gateway.changePrice(subscription.id, dearer.id, randomUUID());
      expect(changed.subscription).toMatchObject({ id: subscription.id, priceId: dearer.id, status: 'active' });
      expect(changed.proration).toEqual({ invoiceId: expect.stringMatching(/^in_/), amount: expected, currency: 'eur' });
      expect((await gateway.listSubscriptions(buyer.id)).map((listed) => listed.priceId)).toEqual([dearer.id]);
      // The same price again is no change: nothing more is invoiced.
      expect((await gateway.changePrice(subscription.id, dearer.id, randomUUID())).proration).toEqual({ invoiceId: null, amount: 0, currency: 'eur' });

      const credited = await gateway.changePrice(subscription.id, cheaper.id, randomUUID());
      expect(credited.subscription.priceId).toBe(cheaper.id);
      expect(credited.proration.amount).toBeLessThan(0);
    });

    describe('webhooks in Stripe’s signed format', () => {
      function event(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
        return JSON.stringify({ id: `evt_${randomUUID().replace(/-/g, '')}`, object: 'event', type, created, data: { object } });
      }
      function sign(payload: string, secret = subject.webhookSecret, timestamp?: number) {
        return Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
      }
      const stripeSubscription = {
        id: 'sub_123',
        object: 'subscription',
        customer: 'cus_123',
        status: 'active',
        created: 1_790_000_000,
        canceled_at: null,
        pause_collection: { behavior: 'void', resumes_at: null },
        metadata: { userSub: 'u1', agentId: 'a1' },
        items: { object: 'list', data: [{ id: 'si_1', price: { id: 'price_123' }, current_period_end: 1_792_592_000 }] },
      };

      it('reads a correctly signed subscription event; paused collection reads as paused', () => {
        const payload = event('customer.subscription.updated', stripeSubscription, 1_790_000_100);
        const parsed = gateway.parseWebhook(Buffer.from(payload), sign(payload));
        expect(parsed).toEqual({
          id: JSON.parse(payload).id,
          type: 'customer.subscription.updated',
          createdAt: new Date(1_790_000_100_000),
          subscriptionId: 'sub_123',
          subscription: {
            id: 'sub_123',
            customerId: 'cus_123',
            priceId: 'price_123',
            status: 'paused',
            createdAt: new Date(1_790_000_000_000),
            canceledAt: null,
            currentPeriodEnd: new Date(1_792_592_000_000),
            cancelAtPeriodEnd: false,
            metadata: { userSub: 'u1', agentId: 'a1' },
          },
        });
      });

      it('reads invoice and setup-intent events', () => {
        const paid = event('invoice.payment_failed', { id: 'in_1', object: 'invoice', customer: 'cus_123', parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_123' } } });
        expect(gateway.parseWebhook(Buffer.from(paid), sign(paid))).toMatchObject({ type: 'invoice.payment_failed', subscriptionId: 'sub_123' });
        const setup = event('setup_intent.succeeded', { id: 'seti_1', object: 'setup_intent', customer: 'cus_123', payment_method: 'pm_123' });
        expect(gateway.parseWebhook(Buffer.from(setup), sign(setup))).toMatchObject({ type: 'setup_intent.succeeded', customerId: 'cus_123', paymentMethodId: 'pm_123' });
      });

      it('refuses a bad signature, a missing one and a tampered body with WebhookSignatureError (400)', () => {
        const payload = event('customer.subscription.deleted', { ...stripeSubscription, status: 'canceled' });
        expect(() => gateway.parseWebhook(Buffer.from(payload), sign(payload, 'whsec_otro'))).toThrow(WebhookSignatureError);
        expect(() => gateway.parseWebhook(Buffer.from(payload), undefined)).toThrow(WebhookSignatureError);
        expect(() => gateway.parseWebhook(Buffer.from(payload.replace('canceled', 'active')), sign(payload))).toThrow(WebhookSignatureError);
        try {
          gateway.parseWebhook(Buffer.from(payload), 't=1,v1=abc');
          throw new Error('aceptada');
        } catch (error) {
          expect(error).toMatchObject({ status: 400, message: 'Firma del webhook no válida' });
        }
      });

      it('refuses a correctly signed event whose timestamp is older than five minutes', () => {
        const payload = event('customer.subscription.deleted', { ...stripeSubscription, status: 'canceled' });
        const stale = Math.floor(Date.now() / 1000) - 301;
        expect(() => gateway.parseWebhook(Buffer.from(payload), sign(payload, subject.webhookSecret, stale))).toThrow(WebhookSignatureError);
        const recent = Math.floor(Date.now() / 1000) - 200;
        expect(gateway.parseWebhook(Buffer.from(payload), sign(payload, subject.webhookSecret, recent)).subscription?.status).toBe('canceled');
      });
    });
  });
}
