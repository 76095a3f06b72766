import { randomBytes } from 'node:crypto';
import { type DataSource, IsNull, type Repository } from 'typeorm';
import { isUniqueViolation } from '../../../database/database-errors';
import { IdempotencyKeyConflictError, PaymentDeclinedError, PaymentMethodInvalidError, PaymentResourceNotFoundError, SubscriptionUpdateRefusedError } from '../payments.errors';
import { DemoAccount, DemoCustomer, DemoPaymentMethod, DemoPrice, DemoProduct, DemoSubscription } from './demo';
import type {
  CreateSubscriptionInput,
  GatewayCard,
  CreateTransferInput,
  DemoCharges,
  GatewayConnectedAccount,
  GatewayCustomer,
  GatewayEvent,
  GatewayPlanChange,
  GatewayPrice,
  GatewayProduct,
  GatewaySubscription,
  PaymentGateway,
  ProrationPreview,
  TypedCardExpiry,
} from './payment-gateway';
import { toGatewayEvent, verifyStripeSignature } from './stripe-events';
import { chargesFailOn, testPaymentMethodOutcome } from './test-cards';

export { DEMO_GATEWAY_ENTITIES } from './demo';
export { demoPaymentMethodForCardNumber } from './test-cards';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The embedded default gateway ('Modo demostración: no se realiza ningún cargo'): customers,
 * cards, products, prices, subscriptions and connected accounts live in our own tables, with ids
 * shaped like Stripe's (cus_demo_…, pm_demo_…). Stripe's test payment-method ids behave as in
 * Stripe's test mode, so the same walkthrough works against both adapters: pm_card_visa,
 * pm_card_mastercard and pm_card_amex are saved; pm_card_chargeDeclined and
 * pm_card_insufficientFunds are declined and nothing is saved. Webhooks are verified in Stripe's
 * format with the secret given here; the demo gateway sends none of its own.
 *
 * Its entities (DEMO_GATEWAY_ENTITIES) must be registered on the DataSource.
 */
export class DemoPaymentGateway implements PaymentGateway, DemoCharges {
  readonly provider = 'demo' as const;
  readonly publishableKey = null;

  private readonly customers: Repository<DemoCustomer>;
  private readonly paymentMethods: Repository<DemoPaymentMethod>;
  private readonly products: Repository<DemoProduct>;
  private readonly prices: Repository<DemoPrice>;
  private readonly subscriptions: Repository<DemoSubscription>;
  private readonly accounts: Repository<DemoAccount>;

  constructor(
    dataSource: DataSource,
    private readonly webhookSecret: string,
    /** The clock, replaceable in tests (proration, webhook tolerance). */
    private readonly now: () => Date = () => new Date(),
  ) {
    this.customers = dataSource.getRepository(DemoCustomer);
    this.paymentMethods = dataSource.getRepository(DemoPaymentMethod);
    this.products = dataSource.getRepository(DemoProduct);
    this.prices = dataSource.getRepository(DemoPrice);
    this.subscriptions = dataSource.getRepository(DemoSubscription);
    this.accounts = dataSource.getRepository(DemoAccount);
  }

  async createCustomer(input: { name: string; email: string; userSub: string }): Promise<GatewayCustomer> {
    const customer = await this.customers.save(
      this.customers.create({ id: newId('cus'), userSub: input.userSub, name: input.name, email: input.email, defaultPaymentMethodId: null }),
    );
    return { id: customer.id, name: customer.name, email: customer.email };
  }

  async deleteCustomer(customerId: string): Promise<void> {
    await this.paymentMethods.delete({ customerId });
    await this.customers.delete({ id: customerId });
  }

  async createSetupIntent(customerId: string): Promise<{ id: string; clientSecret: string }> {
    await this.customer(customerId);
    const id = newId('seti');
    return { id, clientSecret: `${id}_secret_${randomPart(24)}` };
  }

  async createPaymentIntent(input: { customerId: string; amount: number; currency: string }): Promise<{ id: string; clientSecret: string }> {
    await this.customer(input.customerId);
    const id = newId('pi');
    return { id, clientSecret: `${id}_secret_${randomPart(24)}` };
  }

  /** A test card is saved with the expiry typed for it, when given (otherwise Stripe's test cards' 12/2034). */
  async attachCard(customerId: string, paymentMethodId: string, typed?: TypedCardExpiry): Promise<GatewayCard> {
    const customer = await this.customer(customerId);
    const outcome = testPaymentMethodOutcome(paymentMethodId);
    if (!outcome) {
      // A card already saved on this customer attaches again as itself, as in Stripe.
      const saved = await this.paymentMethods.findOneBy({ id: paymentMethodId });
      if (!saved) throw new PaymentMethodInvalidError('unknown');
      if (saved.customerId !== customerId) throw new PaymentMethodInvalidError('notOwned');
      return toCard(saved, customer.defaultPaymentMethodId);
    }
    if (outcome.kind === 'declined') throw new PaymentDeclinedError(outcome.reason);
    const card = await this.paymentMethods.save(
      this.paymentMethods.create({
        id: newId('pm'),
        customerId,
        brand: outcome.brand,
        last4: outcome.last4,
        expMonth: typed?.expMonth ?? outcome.expMonth,
        expYear: typed?.expYear ?? outcome.expYear,
        createdAt: await this.nextCardTime(customerId),
      }),
    );
    // The first card a customer saves becomes the one subscriptions charge.
    if (!customer.defaultPaymentMethodId) {
      await this.customers.update({ id: customerId, defaultPaymentMethodId: IsNull() }, { defaultPaymentMethodId: card.id });
    }
    const current = await this.customer(customerId);
    return toCard(card, current.defaultPaymentMethodId);
  }

  /** Now, or just after the customer's newest card: cards list in the order they were saved, two in one millisecond too. */
  private async nextCardTime(customerId: string): Promise<Date> {
    const now = this.now();
    const newest = await this.paymentMethods.findOne({ where: { customerId }, order: { createdAt: 'DESC' } });
    return newest && newest.createdAt.getTime() >= now.getTime() ? new Date(newest.createdAt.getTime() + 1) : now;
  }

  async listCards(customerId: string): Promise<GatewayCard[]> {
    const customer = await this.customer(customerId);
    const cards = await this.paymentMethods.find({ where: { customerId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return cards.map((card) => toCard(card, customer.defaultPaymentMethodId));
  }

  async setDefaultCard(customerId: string, paymentMethodId: string): Promise<void> {
    await this.ownedCard(customerId, paymentMethodId);
    await this.customers.update({ id: customerId }, { defaultPaymentMethodId: paymentMethodId });
  }

  async detachCard(customerId: string, paymentMethodId: string): Promise<void> {
    await this.ownedCard(customerId, paymentMethodId);
    await this.paymentMethods.delete({ id: paymentMethodId });
    await this.customers.update({ id: customerId, defaultPaymentMethodId: paymentMethodId }, { defaultPaymentMethodId: null });
  }

  async createProduct(input: { name: string; description: string; metadata: Record<string, string> }): Promise<GatewayProduct> {
    const product = await this.products.save(
      this.products.create({ id: newId('prod'), name: input.name, description: input.description, active: true, metadata: { ...input.metadata } }),
    );
    return toProduct(product);
  }

  async updateProduct(productId: string, input: { name?: string; description?: string; active?: boolean }): Promise<GatewayProduct> {
    const product = await this.products.findOneBy({ id: productId });
    if (!product) throw new PaymentResourceNotFoundError('product');
    if (input.name !== undefined) product.name = input.name;
    if (input.description !== undefined) product.description = input.description;
    if (input.active !== undefined) product.active = input.active;
    return toProduct(await this.products.save(product));
  }

  async createMonthlyPrice(input: { productId: string; unitAmount: number; currency: string }): Promise<GatewayPrice> {
    if (!(await this.products.existsBy({ id: input.productId }))) throw new PaymentResourceNotFoundError('product');
    const price = await this.prices.save(
      this.prices.create({ id: newId('price'), productId: input.productId, unitAmount: Math.round(input.unitAmount), currency: input.currency.toLowerCase() }),
    );
    return toPrice(price);
  }

  async createSubscription(input: CreateSubscriptionInput): Promise<GatewaySubscription> {
    const replay = await this.subscriptions.findOneBy({ idempotencyKey: input.idempotencyKey });
    if (replay) return replayed(replay, input);
    const customer = await this.customer(input.customerId);
    await this.price(input.priceId);
    if (input.destination && !(await this.accounts.existsBy({ id: input.destination.accountId }))) {
      throw new PaymentResourceNotFoundError('account');
    }
    // The charge: the default card must exist and take charges (most saved test cards do).
    if (!customer.defaultPaymentMethodId) throw new PaymentDeclinedError('noCard');
    if (!(await this.charges(customer.defaultPaymentMethodId))) throw new PaymentDeclinedError('generic');
    const now = this.now();
    try {
      const subscription = await this.subscriptions.save(
        this.subscriptions.create({
          id: newId('sub'),
          customerId: customer.id,
          priceId: input.priceId,
          status: 'active',
          metadata: { ...input.metadata },
          idempotencyKey: input.idempotencyKey,
          destinationAccountId: input.destination?.accountId ?? null,
          applicationFeePercent: input.destination?.applicationFeePercent ?? null,
          createdAt: now,
          currentPeriodStart: now,
          currentPeriodEnd: addMonth(now),
          cancelAtPeriodEnd: false,
          canceledAt: null,
        }),
      );
      return toSubscription(subscription);
    } catch (error) {
      // A concurrent request with the same key won: answer with its subscription.
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.subscriptions.findOneBy({ idempotencyKey: input.idempotencyKey });
      if (!winner) throw error;
      return replayed(winner, input);
    }
  }

  async listSubscriptions(customerId: string): Promise<GatewaySubscription[]> {
    await this.customer(customerId);
    const subscriptions = await this.subscriptions.find({ where: { customerId }, order: { createdAt: 'DESC', id: 'DESC' } });
    const current: DemoSubscription[] = [];
    for (const subscription of subscriptions) current.push(await this.uptoNow(subscription));
    return current.map(toSubscription);
  }

  async retrieveSubscription(subscriptionId: string): Promise<GatewaySubscription> {
    return toSubscription(await this.subscription(subscriptionId));
  }

  async pauseSubscription(subscriptionId: string): Promise<GatewaySubscription> {
    const subscription = await this.changeable(subscriptionId);
    subscription.status = 'paused';
    return toSubscription(await this.subscriptions.save(subscription));
  }

  async resumeSubscription(subscriptionId: string): Promise<GatewaySubscription> {
    const subscription = await this.changeable(subscriptionId);
    subscription.status = 'active';
    return toSubscription(await this.subscriptions.save(subscription));
  }

  /** At the period's end, as Stripe's cancel_at_period_end: it stays as it is until then, and ends when the period is found over. */
  async cancelSubscription(subscriptionId: string, options: { atPeriodEnd?: boolean } = {}): Promise<GatewaySubscription> {
    const subscription = await this.subscription(subscriptionId);
    if (subscription.status === 'canceled') return toSubscription(subscription);
    if (options.atPeriodEnd) {
      subscription.cancelAtPeriodEnd = true;
    } else {
      subscription.status = 'canceled';
      subscription.canceledAt = this.now();
    }
    return toSubscription(await this.subscriptions.save(subscription));
  }

  async keepSubscription(subscriptionId: string): Promise<GatewaySubscription> {
    const subscription = await this.changeable(subscriptionId);
    subscription.cancelAtPeriodEnd = false;
    return toSubscription(await this.subscriptions.save(subscription));
  }

  async previewPriceChange(subscriptionId: string, priceId: string): Promise<ProrationPreview> {
    const subscription = await this.changeable(subscriptionId);
    const [current, next] = [await this.price(subscription.priceId), await this.price(priceId)];
    const amountDue = prorationAmount(current.unitAmount, next.unitAmount, subscription.currentPeriodStart, subscription.currentPeriodEnd, this.now());
    return { amountDue, currency: next.currency };
  }

  /** The proration is invoiced at once, as Stripe's 'always_invoice': charged to the default card, or credited. */
  async changePrice(subscriptionId: string, priceId: string, _idempotencyKey: string): Promise<GatewayPlanChange> {
    const subscription = await this.changeable(subscriptionId);
    const [current, next] = [await this.price(subscription.priceId), await this.price(priceId)];
    // Setting the same price twice is the same change: a retried request is harmless and invoices nothing.
    if (current.id === next.id) return { subscription: toSubscription(subscription), proration: { invoiceId: null, amount: 0, currency: next.currency } };
    const amount = prorationAmount(current.unitAmount, next.unitAmount, subscription.currentPeriodStart, subscription.currentPeriodEnd, this.now());
    if (amount > 0 && !(await this.customer(subscription.customerId)).defaultPaymentMethodId) throw new PaymentDeclinedError('noCard');
    subscription.priceId = priceId;
    const saved = await this.subscriptions.save(subscription);
    return { subscription: toSubscription(saved), proration: { invoiceId: newId('in'), amount, currency: next.currency } };
  }

  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): GatewayEvent {
    return toGatewayEvent(verifyStripeSignature(rawBody, signatureHeader, this.webhookSecret, this.now()));
  }

  async createConnectedAccount(input: { email: string; userSub: string }): Promise<{ id: string }> {
    const account = await this.accounts.save(this.accounts.create({ id: newId('acct'), email: input.email, userSub: input.userSub }));
    return { id: account.id };
  }

  /** Demo mode has no onboarding to go through: the link leads straight back. */
  async createOnboardingLink(accountId: string, returnUrl: string, _refreshUrl: string): Promise<{ url: string }> {
    if (!(await this.accounts.existsBy({ id: accountId }))) throw new PaymentResourceNotFoundError('account');
    return { url: returnUrl };
  }

  /** A demo account takes (pretend) charges at once: there is nothing to fill in. */
  async retrieveConnectedAccount(accountId: string): Promise<GatewayConnectedAccount> {
    if (!(await this.accounts.existsBy({ id: accountId }))) throw new PaymentResourceNotFoundError('account');
    return { id: accountId, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true };
  }

  /** Charges the default card: paid unless there is none or it declines charges. No money moves. */
  async chargeDefaultCard(input: { customerId: string; amount: number; currency: string; idempotencyKey: string }): Promise<{ id: string; paid: boolean }> {
    const customer = await this.customer(input.customerId);
    const paid = customer.defaultPaymentMethodId !== null && (await this.charges(customer.defaultPaymentMethodId));
    return { id: `ch_demo_${input.idempotencyKey}`, paid };
  }

  /** Demo mode moves no money: nothing is recorded and a demo id is answered. */
  async createTransfer(_input: CreateTransferInput): Promise<{ id: string }> {
    return { id: newId('tr_demo') };
  }

  private async charges(paymentMethodId: string): Promise<boolean> {
    const card = await this.paymentMethods.findOneBy({ id: paymentMethodId });
    return card !== null && !chargesFailOn(card);
  }

  private async customer(customerId: string): Promise<DemoCustomer> {
    const customer = await this.customers.findOneBy({ id: customerId });
    if (!customer) throw new PaymentResourceNotFoundError('customer');
    return customer;
  }

  private async ownedCard(customerId: string, paymentMethodId: string): Promise<DemoPaymentMethod> {
    await this.customer(customerId);
    const card = await this.paymentMethods.findOneBy({ id: paymentMethodId });
    if (!card) throw new PaymentMethodInvalidError(testPaymentMethodOutcome(paymentMethodId) ? 'notOwned' : 'unknown');
    if (card.customerId !== customerId) throw new PaymentMethodInvalidError('notOwned');
    return card;
  }

  private async price(priceId: string): Promise<DemoPrice> {
    const price = await this.prices.findOneBy({ id: priceId });
    if (!price) throw new PaymentResourceNotFoundError('price');
    return price;
  }

  private async subscription(subscriptionId: string): Promise<DemoSubscription> {
    const subscription = await this.subscriptions.findOneBy({ id: subscriptionId });
    if (!subscription) throw new PaymentResourceNotFoundError('subscription');
    return this.uptoNow(subscription);
  }

  /**
   * The demo gateway's periods, brought up to now whenever a subscription is read (it has no clock
   * of its own): a period that is over renews for another month (nothing is charged in demo mode),
   * unless the subscription was set to cancel at its end: then it ends, canceled when the period did.
   */
  private async uptoNow(subscription: DemoSubscription): Promise<DemoSubscription> {
    const now = this.now().getTime();
    let changed = false;
    while (subscription.status !== 'canceled' && new Date(subscription.currentPeriodEnd).getTime() <= now) {
      const end = new Date(subscription.currentPeriodEnd);
      if (subscription.cancelAtPeriodEnd) {
        subscription.status = 'canceled';
        subscription.canceledAt = end;
      } else {
        subscription.currentPeriodStart = end;
        subscription.currentPeriodEnd = addMonth(end);
      }
      changed = true;
    }
    return changed ? this.subscriptions.save(subscription) : subscription;
  }

  /** A subscription that may still change: a cancelled one may not (as in Stripe). */
  private async changeable(subscriptionId: string): Promise<DemoSubscription> {
    const subscription = await this.subscription(subscriptionId);
    if (subscription.status === 'canceled') throw new SubscriptionUpdateRefusedError();
    return subscription;
  }
}

/** The subscription a key already created, when the request is the same one again (as Stripe compares parameters). */
function replayed(subscription: DemoSubscription, input: CreateSubscriptionInput): GatewaySubscription {
  if (subscription.customerId !== input.customerId || subscription.priceId !== input.priceId) throw new IdempotencyKeyConflictError();
  return toSubscription(subscription);
}

/**
 * What a plan change costs now, as Stripe prorates it: the unused days of the current price are
 * credited and the remaining days of the new one charged (each rounded to the cent).
 */
export function prorationAmount(currentAmount: number, nextAmount: number, periodStart: Date, periodEnd: Date, now: Date): number {
  const totalDays = Math.max(1, Math.round((periodEnd.getTime() - periodStart.getTime()) / DAY_MS));
  const remainingDays = Math.min(totalDays, Math.max(0, Math.ceil((periodEnd.getTime() - now.getTime()) / DAY_MS)));
  return Math.round((nextAmount * remainingDays) / totalDays) - Math.round((currentAmount * remainingDays) / totalDays);
}

/** The same moment a calendar month later (the 31st becomes the last day of a shorter month). */
export function addMonth(date: Date): Date {
  const next = new Date(date);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

function newId(prefix: string): string {
  return `${prefix}_demo_${randomPart(24)}`;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomPart(length: number): string {
  return Array.from(randomBytes(length), (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

function toCard(card: DemoPaymentMethod, defaultId: string | null): GatewayCard {
  return { id: card.id, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, isDefault: card.id === defaultId };
}

function toProduct(product: DemoProduct): GatewayProduct {
  return { id: product.id, name: product.name, description: product.description, active: product.active };
}

function toPrice(price: DemoPrice): GatewayPrice {
  return { id: price.id, productId: price.productId, unitAmount: price.unitAmount, currency: price.currency };
}

function toSubscription(subscription: DemoSubscription): GatewaySubscription {
  return {
    id: subscription.id,
    customerId: subscription.customerId,
    priceId: subscription.priceId,
    status: subscription.status,
    createdAt: subscription.createdAt,
    canceledAt: subscription.canceledAt,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.status !== 'canceled' && Boolean(subscription.cancelAtPeriodEnd),
    metadata: { ...subscription.metadata },
  };
}
