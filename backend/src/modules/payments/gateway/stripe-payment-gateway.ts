import { Logger } from '@nestjs/common';
import Stripe from 'stripe';
import type { DomainError } from '../../../common/errors/domain-error';
import {
  IdempotencyKeyConflictError,
  PaymentDeclinedError,
  PaymentMethodInvalidError,
  PaymentProviderError,
  PaymentResourceNotFoundError,
  SubscriptionUpdateRefusedError,
  WebhookSignatureError,
} from '../payments.errors';
import type {
  CreateTransferInput,
  GatewayConnectedAccount,
  CreateSubscriptionInput,
  GatewayCard,
  GatewayBalanceTransaction,
  GatewayCustomer,
  GatewayCustomerListing,
  GatewayEvent,
  GatewayMeterEvent,
  GatewayMoney,
  GatewayPlanChange,
  GatewayProductListing,
  GatewayPrice,
  GatewayProduct,
  GatewaySubscription,
  MeteredBilling,
  PaymentGateway,
  PaymentGatewayReports,
  ProrationPreview,
  TypedCardExpiry,
} from './payment-gateway';
import { TransferRefusedError } from './payment-gateway';
import { isStripeEvent, type StripeSubscriptionShape, toGatewayConnectedAccount, toGatewayEvent, toGatewaySubscription, WEBHOOK_TOLERANCE_SECONDS } from './stripe-events';

export interface StripeGatewayOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the API is (a local fake in tests); Stripe's own by default. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Retries of a failed network call (the SDK adds an idempotency key to retried POSTs). */
  maxNetworkRetries?: number;
  /** Per request, in milliseconds. */
  timeoutMs?: number;
}

type MissingResource = keyof typeof PaymentResourceNotFoundError.messages;

/** How a call reads Stripe's refusals: what a missing object is, and whether a refused update is the user's 409. */
interface ErrorContext {
  missing?: MissingResource;
  refusesUpdate?: boolean;
}

const NOT_FOUND_BY_OBJECT: Record<string, MissingResource> = {
  customer: 'customer',
  product: 'product',
  price: 'price',
  plan: 'price',
  subscription: 'subscription',
  account: 'account',
};

/**
 * The Stripe adapter: the `stripe` SDK against Stripe (or, in tests, a local fake speaking its
 * HTTP API). Pausing voids collection (`pause_collection: { behavior: 'void' }`) and reads as
 * 'paused'; subscriptions charge the customer's default card at once ('error_if_incomplete'), with
 * the request's idempotency key, and pay a creator's connected account by destination charge.
 * Stripe's errors become the payments module's typed errors (declines in Spanish, 402; Stripe
 * unreachable or failing, 502).
 */
export class StripePaymentGateway implements PaymentGateway, PaymentGatewayReports, MeteredBilling {
  readonly provider = 'stripe' as const;
  readonly publishableKey: string;

  private readonly stripe: Stripe;
  private readonly webhookSecret: string;
  private readonly logger = new Logger(StripePaymentGateway.name);

  constructor(options: StripeGatewayOptions) {
    this.publishableKey = options.publishableKey;
    this.webhookSecret = options.webhookSecret;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: options.timeoutMs ?? 20_000,
      telemetry: false,
      appInfo: { name: 'nova-marketplace' },
      ...(options.host ? { host: options.host } : {}),
      ...(options.port ? { port: options.port } : {}),
      ...(options.protocol ? { protocol: options.protocol } : {}),
    });
  }

  async createCustomer(input: { name: string; email: string; userSub: string }): Promise<GatewayCustomer> {
    const customer = await this.call({}, () => this.stripe.customers.create({ name: input.name, email: input.email, metadata: { userSub: input.userSub } }));
    return { id: customer.id, name: customer.name ?? input.name, email: customer.email ?? input.email };
  }

  async deleteCustomer(customerId: string): Promise<void> {
    try {
      await this.call({ missing: 'customer' }, () => this.stripe.customers.del(customerId));
    } catch (error) {
      if (!(error instanceof PaymentResourceNotFoundError)) throw error;
    }
  }

  async createSetupIntent(customerId: string): Promise<{ id: string; clientSecret: string }> {
    const intent = await this.call({ missing: 'customer' }, () =>
      this.stripe.setupIntents.create({ customer: customerId, allowed_payment_method_types: ['card'], usage: 'off_session' }),
    );
    return { id: intent.id, clientSecret: intent.client_secret ?? '' };
  }

  async createPaymentIntent(input: { customerId: string; amount: number; currency: string }): Promise<{ id: string; clientSecret: string }> {
    const intent = await this.call({ missing: 'customer' }, () =>
      this.stripe.paymentIntents.create({
        customer: input.customerId,
        amount: Math.round(input.amount),
        currency: input.currency.toLowerCase(),
        allowed_payment_method_types: ['card'],
      }),
    );
    return { id: intent.id, clientSecret: intent.client_secret ?? '' };
  }

  /** The payment method carries the expiry typed into Elements: a typed one (the demo form's) is not needed here. */
  async attachCard(customerId: string, paymentMethodId: string, _typed?: TypedCardExpiry): Promise<GatewayCard> {
    let defaultId = await this.defaultPaymentMethodId(customerId);
    const method = await this.call({}, () => this.stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }));
    if (customerOf(method) !== customerId) throw new PaymentMethodInvalidError('notOwned');
    // The first card a customer saves becomes the one subscriptions charge.
    if (!defaultId) {
      await this.call({ missing: 'customer' }, () =>
        this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: method.id } }),
      );
      defaultId = method.id;
    }
    return toCard(method, defaultId);
  }

  async listCards(customerId: string): Promise<GatewayCard[]> {
    const defaultId = await this.defaultPaymentMethodId(customerId);
    const methods = await this.call({ missing: 'customer' }, () => this.stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 100 }));
    // Stripe lists the newest first; the port lists cards in the order they were saved.
    return [...methods.data].reverse().map((method) => toCard(method, defaultId));
  }

  async setDefaultCard(customerId: string, paymentMethodId: string): Promise<void> {
    await this.ownedPaymentMethod(customerId, paymentMethodId);
    await this.call({ missing: 'customer' }, () =>
      this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } }),
    );
  }

  async detachCard(customerId: string, paymentMethodId: string): Promise<void> {
    await this.ownedPaymentMethod(customerId, paymentMethodId);
    await this.call({}, () => this.stripe.paymentMethods.detach(paymentMethodId));
  }

  async createProduct(input: { name: string; description: string; metadata: Record<string, string> }): Promise<GatewayProduct> {
    const product = await this.call({}, () =>
      this.stripe.products.create({ name: input.name, metadata: input.metadata, ...(input.description ? { description: input.description } : {}) }),
    );
    return toProduct(product);
  }

  async updateProduct(productId: string, input: { name?: string; description?: string; active?: boolean }): Promise<GatewayProduct> {
    const product = await this.call({ missing: 'product' }, () =>
      this.stripe.products.update(productId, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
      }),
    );
    return toProduct(product);
  }

  async createMonthlyPrice(input: { productId: string; unitAmount: number; currency: string }): Promise<GatewayPrice> {
    const price = await this.call({ missing: 'product' }, () =>
      this.stripe.prices.create({
        product: input.productId,
        unit_amount: Math.round(input.unitAmount),
        currency: input.currency.toLowerCase(),
        recurring: { interval: 'month' },
      }),
    );
    return { id: price.id, productId: typeof price.product === 'string' ? price.product : price.product.id, unitAmount: price.unit_amount ?? 0, currency: price.currency };
  }

  /**
   * A plain decline stays an error ('error_if_incomplete'). When the bank asks for 3-D Secure, the
   * subscription is (re)created 'allow_incomplete' and answered 'incomplete' with the client secret
   * of its first invoice's payment (`latest_invoice.confirmation_secret`), for Stripe.js to confirm.
   */
  async createSubscription(input: CreateSubscriptionInput): Promise<GatewaySubscription> {
    const defaultPaymentMethod = await this.defaultPaymentMethodId(input.customerId);
    if (!defaultPaymentMethod) throw new PaymentDeclinedError('noCard');
    const create = (paymentBehavior: 'error_if_incomplete' | 'allow_incomplete', idempotencyKey: string) =>
      this.stripe.subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price: input.priceId }],
          default_payment_method: defaultPaymentMethod,
          payment_behavior: paymentBehavior,
          metadata: input.metadata,
          expand: ['latest_invoice.confirmation_secret'],
          ...(input.destination
            ? { transfer_data: { destination: input.destination.accountId }, application_fee_percent: input.destination.applicationFeePercent }
            : {}),
        },
        { idempotencyKey },
      );
    const subscription = await this.call({ missing: 'price' }, async () => {
      try {
        return await create('error_if_incomplete', input.idempotencyKey);
      } catch (error) {
        if (!requiresAuthentication(error)) throw error;
        return create('allow_incomplete', `${input.idempotencyKey}:sca`);
      }
    });
    const created = toSubscription(subscription);
    if (created.status !== 'incomplete') return created;
    const clientSecret = confirmationSecretOf(subscription);
    if (!clientSecret) throw new PaymentDeclinedError('generic');
    return { ...created, paymentClientSecret: clientSecret };
  }

  async listSubscriptions(customerId: string): Promise<GatewaySubscription[]> {
    const subscriptions = await this.call({ missing: 'customer' }, () => this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }));
    return subscriptions.data.map(toSubscription);
  }

  async retrieveSubscription(subscriptionId: string): Promise<GatewaySubscription> {
    return toSubscription(await this.subscription(subscriptionId));
  }

  async pauseSubscription(subscriptionId: string): Promise<GatewaySubscription> {
    const subscription = await this.call({ missing: 'subscription', refusesUpdate: true }, () =>
      this.stripe.subscriptions.update(subscriptionId, { pause_collection: { behavior: 'void' } }),
    );
    return toSubscription(subscription);
  }

  async resumeSubscription(subscriptionId: string): Promise<GatewaySubscription> {
    const subscription = await this.call({ missing: 'subscription', refusesUpdate: true }, () =>
      this.stripe.subscriptions.update(subscriptionId, { pause_collection: '' }),
    );
    return toSubscription(subscription);
  }

  /** At the period's end: `cancel_at_period_end: true` (Stripe cancels it then and sends customer.subscription.deleted). */
  async cancelSubscription(subscriptionId: string, options: { atPeriodEnd?: boolean } = {}): Promise<GatewaySubscription> {
    if (options.atPeriodEnd) {
      const current = await this.subscription(subscriptionId);
      if (current.status === 'canceled' || current.status === 'incomplete_expired') return toSubscription(current);
      const subscription = await this.call({ missing: 'subscription', refusesUpdate: true }, () =>
        this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
      );
      return toSubscription(subscription);
    }
    const subscription = await this.call({ missing: 'subscription', refusesUpdate: true }, () => this.stripe.subscriptions.cancel(subscriptionId));
    return toSubscription(subscription);
  }

  async keepSubscription(subscriptionId: string): Promise<GatewaySubscription> {
    const subscription = await this.call({ missing: 'subscription', refusesUpdate: true }, () =>
      this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }),
    );
    return toSubscription(subscription);
  }

  async previewPriceChange(subscriptionId: string, priceId: string): Promise<ProrationPreview> {
    const subscription = await this.subscription(subscriptionId);
    if (subscription.status === 'canceled') throw new SubscriptionUpdateRefusedError();
    const item = firstItem(subscription);
    const invoice = await this.call({ missing: 'price', refusesUpdate: true }, () =>
      this.stripe.invoices.createPreview({
        customer: customerOf(subscription) ?? undefined,
        subscription: subscriptionId,
        subscription_details: {
          items: [{ id: item.id, price: priceId }],
          proration_behavior: 'always_invoice',
          proration_date: Math.floor(Date.now() / 1000),
        },
      }),
    );
    // What changes now is the proration lines (the credit for unused time and the charge for the rest).
    const amountDue = invoice.lines.data.filter(isProration).reduce((sum, line) => sum + line.amount, 0);
    return { amountDue, currency: invoice.currency };
  }

  /**
   * 'always_invoice' bills the proration now rather than on the next invoice (which a cancel would
   * never send), and 'error_if_incomplete' refuses the change when that charge is declined.
   */
  async changePrice(subscriptionId: string, priceId: string, idempotencyKey: string): Promise<GatewayPlanChange> {
    const current = await this.subscription(subscriptionId);
    if (current.status === 'canceled') throw new SubscriptionUpdateRefusedError();
    const item = firstItem(current);
    const subscription = await this.call({ missing: 'price', refusesUpdate: true }, () =>
      this.stripe.subscriptions.update(
        subscriptionId,
        {
          items: [{ id: item.id, price: priceId }],
          proration_behavior: 'always_invoice',
          payment_behavior: 'error_if_incomplete',
          expand: ['latest_invoice'],
        },
        { idempotencyKey },
      ),
    );
    const invoice = subscription.latest_invoice;
    // No new invoice (the same price again): nothing was prorated.
    const invoiced = invoice && typeof invoice !== 'string' && invoice.id !== idOf(current.latest_invoice) ? invoice : null;
    return {
      subscription: toSubscription(subscription),
      proration: { invoiceId: invoiced?.id ?? null, amount: invoiced?.total ?? 0, currency: invoiced?.currency ?? subscription.currency },
    };
  }

  // Stripe Billing for API use (issue 36, item 3).

  async createMeter(input: { displayName: string; eventName: string }): Promise<{ id: string }> {
    const meter = await this.call({}, () =>
      this.stripe.billing.meters.create({
        display_name: input.displayName,
        event_name: input.eventName,
        default_aggregation: { formula: 'sum' },
        customer_mapping: { type: 'by_id', event_payload_key: 'stripe_customer_id' },
        value_settings: { event_payload_key: 'value' },
      }),
    );
    return { id: meter.id };
  }

  async createMeteredPrice(input: { productId: string; meterId: string; unitAmountDecimal: string; currency: string; nickname: string }): Promise<{ id: string }> {
    const price = await this.call({ missing: 'product' }, () =>
      this.stripe.prices.create({
        product: input.productId,
        currency: input.currency.toLowerCase(),
        unit_amount_decimal: Stripe.Decimal.from(input.unitAmountDecimal),
        nickname: input.nickname,
        recurring: { interval: 'month', usage_type: 'metered', meter: input.meterId },
      }),
    );
    return { id: price.id };
  }

  /** Anchored to the first of the month, so that each invoice bills one calendar month of use. */
  async createMeteredSubscription(input: { customerId: string; priceIds: string[]; idempotencyKey: string; metadata: Record<string, string> }): Promise<{ id: string; createdAt: Date }> {
    const subscription = await this.call({ missing: 'customer' }, () =>
      this.stripe.subscriptions.create(
        {
          customer: input.customerId,
          items: input.priceIds.map((price) => ({ price })),
          billing_cycle_anchor_config: { day_of_month: 1 },
          proration_behavior: 'none',
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { id: subscription.id, createdAt: new Date(subscription.created * 1000) };
  }

  async setMeteredPrices(subscriptionId: string, priceIds: string[]): Promise<void> {
    const current = await this.subscription(subscriptionId);
    const wanted = new Set(priceIds);
    const kept = new Set(current.items.data.filter((item) => wanted.has(item.price.id)).map((item) => item.price.id));
    const items = [
      ...current.items.data.filter((item) => !wanted.has(item.price.id)).map((item) => ({ id: item.id, deleted: true })),
      ...priceIds.filter((price) => !kept.has(price)).map((price) => ({ price })),
    ];
    if (items.length === 0) return;
    await this.call({ missing: 'subscription', refusesUpdate: true }, () => this.stripe.subscriptions.update(subscriptionId, { items, proration_behavior: 'none' }));
  }

  async sendMeterEvent(event: GatewayMeterEvent): Promise<void> {
    await this.call({}, () =>
      this.stripe.billing.meterEvents.create(
        {
          event_name: event.eventName,
          identifier: event.identifier,
          timestamp: event.timestamp,
          payload: { stripe_customer_id: event.customerId, value: String(event.value) },
        },
        { idempotencyKey: event.identifier },
      ),
    );
  }

  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): GatewayEvent {
    if (!signatureHeader || !this.webhookSecret) throw new WebhookSignatureError();
    let event: unknown;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader, this.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch {
      throw new WebhookSignatureError();
    }
    if (!isStripeEvent(event)) throw new WebhookSignatureError();
    return toGatewayEvent(event);
  }

  async createConnectedAccount(input: { email: string; userSub: string }): Promise<{ id: string }> {
    const account = await this.call({}, () =>
      this.stripe.accounts.create({
        type: 'express',
        email: input.email,
        metadata: { userSub: input.userSub },
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      }),
    );
    return { id: account.id };
  }

  async createOnboardingLink(accountId: string, returnUrl: string, refreshUrl: string): Promise<{ url: string }> {
    const link = await this.call({ missing: 'account' }, () =>
      this.stripe.accountLinks.create({ account: accountId, return_url: returnUrl, refresh_url: refreshUrl, type: 'account_onboarding' }),
    );
    return { url: link.url };
  }

  async retrieveConnectedAccount(accountId: string): Promise<GatewayConnectedAccount> {
    const account = await this.call({ missing: 'account' }, () => this.stripe.accounts.retrieve(accountId));
    return toGatewayConnectedAccount(account);
  }

  async createTransfer(input: CreateTransferInput): Promise<{ id: string }> {
    try {
      const transfer = await this.stripe.transfers.create(
        { amount: input.amount, currency: input.currency, destination: input.destinationAccountId, metadata: input.metadata },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: transfer.id };
    } catch (error) {
      // A 4xx refusal (e.g. the destination cannot take transfers yet) moved nothing; anything else may have.
      if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripePermissionError) {
        throw new TransferRefusedError(error.message);
      }
      throw mapStripeError(error, { missing: 'account' });
    }
  }

  private async subscription(subscriptionId: string): Promise<Stripe.Subscription> {
    return this.call({ missing: 'subscription' }, () => this.stripe.subscriptions.retrieve(subscriptionId));
  }

  private async defaultPaymentMethodId(customerId: string): Promise<string | null> {
    const customer = await this.call({ missing: 'customer' }, () => this.stripe.customers.retrieve(customerId));
    if ('deleted' in customer && customer.deleted) throw new PaymentResourceNotFoundError('customer');
    const method = (customer as Stripe.Customer).invoice_settings?.default_payment_method ?? null;
    return typeof method === 'string' ? method : (method?.id ?? null);
  }

  private async ownedPaymentMethod(customerId: string, paymentMethodId: string): Promise<Stripe.PaymentMethod> {
    await this.defaultPaymentMethodId(customerId);
    const method = await this.call({}, () => this.stripe.paymentMethods.retrieve(paymentMethodId));
    if (customerOf(method) !== customerId) throw new PaymentMethodInvalidError('notOwned');
    return method;
  }

  /** Runs one SDK call, turning whatever Stripe answers into the module's typed errors. */
  // Reports for the admin's payments views.

  async retrieveBalance(): Promise<{ available: GatewayMoney[]; pending: GatewayMoney[] }> {
    const balance = await this.call({}, () => this.stripe.balance.retrieve());
    const money = (entries: Array<{ amount: number; currency: string }>) => entries.map((entry) => ({ amount: entry.amount, currency: entry.currency }));
    return { available: money(balance.available), pending: money(balance.pending) };
  }

  async listBalanceTransactions(limit: number): Promise<GatewayBalanceTransaction[]> {
    const page = await this.call({}, () => this.stripe.balanceTransactions.list({ limit }));
    return page.data.map((entry) => ({
      id: entry.id,
      type: entry.type,
      amount: entry.amount,
      fee: entry.fee,
      net: entry.net,
      currency: entry.currency,
      status: entry.status,
      description: entry.description ?? null,
      source: typeof entry.source === 'string' ? entry.source : (entry.source?.id ?? null),
      created: new Date(entry.created * 1000),
      availableOn: entry.available_on ? new Date(entry.available_on * 1000) : null,
    }));
  }

  async listProducts(limit: number): Promise<GatewayProductListing[]> {
    const page = await this.call({}, () => this.stripe.products.list({ limit }));
    return page.data.map((product) => ({
      id: product.id,
      name: product.name,
      description: product.description ?? null,
      active: product.active,
      metadata: { ...product.metadata },
      created: new Date(product.created * 1000),
    }));
  }

  async listCustomers(limit: number): Promise<GatewayCustomerListing[]> {
    const page = await this.call({}, () => this.stripe.customers.list({ limit }));
    return page.data.map((customer) => ({
      id: customer.id,
      name: customer.name ?? null,
      email: customer.email ?? null,
      metadata: { ...customer.metadata },
      created: new Date(customer.created * 1000),
    }));
  }

  private async call<T>(context: ErrorContext, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const mapped = mapStripeError(error, context);
      if (mapped instanceof PaymentProviderError) {
        this.logger.warn(`Stripe: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
      }
      throw mapped;
    }
  }
}

/** A Stripe error as the payments module's typed error (exported for tests and the service's logs). */
export function mapStripeError(error: unknown, context: ErrorContext = {}): DomainError {
  if (!(error instanceof Stripe.errors.StripeError)) return new PaymentProviderError();
  if (error instanceof Stripe.errors.StripeCardError || error.type === 'StripeCardError') {
    const reason = error.decline_code ?? error.code;
    if (reason === 'insufficient_funds') return new PaymentDeclinedError('insufficientFunds');
    if (reason === 'expired_card') return new PaymentDeclinedError('expired');
    if (reason === 'incorrect_cvc' || reason === 'invalid_cvc') return new PaymentDeclinedError('incorrectCvc');
    return new PaymentDeclinedError('generic');
  }
  if (error instanceof Stripe.errors.StripeIdempotencyError || error.type === 'StripeIdempotencyError') return new IdempotencyKeyConflictError();
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    if (error.code === 'resource_missing') {
      const object = /No such ([A-Za-z_]+)/.exec(error.message)?.[1]?.toLowerCase();
      if (object === 'payment_method' || object === 'paymentmethod' || error.param === 'payment_method') return new PaymentMethodInvalidError('unknown');
      const missing = (object && NOT_FOUND_BY_OBJECT[object]) || context.missing;
      if (missing) return new PaymentResourceNotFoundError(missing);
    }
    if (error.param === 'payment_method' || error.code === 'payment_method_unexpected_state') return new PaymentMethodInvalidError('unknown');
    if (context.refusesUpdate) return new SubscriptionUpdateRefusedError();
  }
  return new PaymentProviderError();
}

/** Stripe's answer when the card's bank asks the buyer to authenticate (3-D Secure) before charging. */
function requiresAuthentication(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError)) return false;
  return error.code === 'authentication_required' || error.code === 'subscription_payment_intent_requires_action' || error.decline_code === 'authentication_required';
}

/** The client secret of the subscription's first invoice's payment, when `latest_invoice.confirmation_secret` was expanded. */
function confirmationSecretOf(subscription: Stripe.Subscription): string | null {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === 'string') return null;
  return invoice.confirmation_secret?.client_secret ?? null;
}

function idOf(object: string | { id?: string } | null): string | null {
  return typeof object === 'string' ? object : (object?.id ?? null);
}

function customerOf(object: { customer: string | { id: string } | null }): string | null {
  const customer = object.customer;
  return typeof customer === 'string' ? customer : (customer?.id ?? null);
}

function firstItem(subscription: Stripe.Subscription): Stripe.SubscriptionItem {
  const item = subscription.items.data[0];
  if (!item) throw new PaymentProviderError();
  return item;
}

function isProration(line: Stripe.InvoiceLineItem): boolean {
  const parent = line.parent as
    | { subscription_item_details?: { proration?: boolean } | null; invoice_item_details?: { proration?: boolean } | null }
    | null
    | undefined;
  return Boolean(parent?.subscription_item_details?.proration || parent?.invoice_item_details?.proration || (line as { proration?: boolean }).proration);
}

function toCard(method: Stripe.PaymentMethod, defaultId: string | null): GatewayCard {
  return {
    id: method.id,
    brand: method.card?.brand ?? 'unknown',
    last4: method.card?.last4 ?? '',
    expMonth: method.card?.exp_month ?? 0,
    expYear: method.card?.exp_year ?? 0,
    isDefault: method.id === defaultId,
  };
}

function toProduct(product: Stripe.Product): GatewayProduct {
  return { id: product.id, name: product.name, description: product.description ?? '', active: product.active };
}

function toSubscription(subscription: Stripe.Subscription): GatewaySubscription {
  return toGatewaySubscription(subscription as unknown as StripeSubscriptionShape);
}
