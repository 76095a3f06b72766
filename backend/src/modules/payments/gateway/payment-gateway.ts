/**
 * The one port to the payment provider (docs/architecture.md: provider first, then store). Two adapters:
 * Stripe (the `stripe` SDK, when STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and
 * STRIPE_WEBHOOK_SECRET are set) and the demo gateway (the embedded default: our own tables, no
 * money moves, Stripe's test payment-method ids honoured). Amounts are in the currency's minor
 * unit (cents), as Stripe counts them; the services convert from the catalogue's euros.
 */
export type PaymentProvider = 'demo' | 'stripe';

export interface GatewayCustomer {
  id: string;
  name: string;
  email: string;
}

export interface GatewayCard {
  /** The payment method's id (pm_…). */
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
}

/**
 * The expiry typed in the demo card form, which saves a test card under it (as Stripe keeps what was
 * typed into Elements). Stripe's payment methods carry their own: the Stripe adapter ignores this.
 */
export interface TypedCardExpiry {
  expMonth: number;
  /** Four digits. */
  expYear: number;
}

export interface GatewayProduct {
  id: string;
  name: string;
  description: string;
  active: boolean;
}

/** A monthly recurring price. Prices never change: a new amount is a new price. */
export interface GatewayPrice {
  id: string;
  productId: string;
  unitAmount: number;
  currency: string;
}

/** Stripe's subscription statuses, plus 'paused' for one whose collection is paused. */
export type GatewaySubscriptionStatus = 'active' | 'paused' | 'past_due' | 'canceled' | 'incomplete' | 'unpaid' | 'trialing';

export interface GatewaySubscription {
  id: string;
  customerId: string;
  priceId: string;
  status: GatewaySubscriptionStatus;
  createdAt: Date;
  canceledAt: Date | null;
  currentPeriodEnd: Date | null;
  /** Set to end when the current period does (Stripe's cancel_at_period_end): still active until then. */
  cancelAtPeriodEnd: boolean;
  /** What we attached when creating it (userSub, agentId or ecosystemId). */
  metadata: Record<string, string>;
  /**
   * When creating it left it 'incomplete' because the bank asks for 3-D Secure (SCA): the client
   * secret of its first invoice's payment, for the buyer's browser to confirm (Stripe.js
   * confirmCardPayment). Absent otherwise.
   */
  paymentClientSecret?: string | null;
}

/** A plan change before it is confirmed: what the user pays (or is credited) now. */
export interface ProrationPreview {
  /** Minor units; negative is a credit. */
  amountDue: number;
  currency: string;
}

/** A plan change as made: the subscription on its new price, and the proration invoiced at once. */
export interface GatewayPlanChange {
  subscription: GatewaySubscription;
  proration: GatewayProration;
}

/**
 * The proration of a plan change, invoiced when the plan changes (never left for the next
 * invoice, which a cancel would never send). Minor units: a positive amount was charged to the
 * customer's default card; a negative one is credited to the customer's balance for later
 * invoices. No invoice (null) when nothing was prorated.
 */
export interface GatewayProration {
  invoiceId: string | null;
  amount: number;
  currency: string;
}

export interface CreateSubscriptionInput {
  customerId: string;
  priceId: string;
  /** One key per client request: a retried request never subscribes twice. */
  idempotencyKey: string;
  metadata: Record<string, string>;
  /** A creator's connected account takes the payment, less the platform's fee (destination charge). */
  destination?: { accountId: string; applicationFeePercent: number };
}

/** A creator's connected account as the provider sees it: it takes destination charges once chargesEnabled. */
export interface GatewayConnectedAccount {
  id: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

/** A transfer to a connected account; amount in minor units. */
export interface CreateTransferInput {
  amount: number;
  currency: string;
  destinationAccountId: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** The provider refused the transfer outright (nothing moved): a later attempt may use a new idempotency key. */
export class TransferRefusedError extends Error {}

/** A verified webhook event, reduced to what the payments service acts on. */
export interface GatewayEvent {
  id: string;
  type: string;
  /** When the provider created the event: later state wins over earlier, whatever the arrival order. */
  createdAt: Date;
  /** The subscription the event is about, when it is about one. */
  subscription?: GatewaySubscription;
  /** For invoice events, the subscription's id. */
  subscriptionId?: string;
  /** For invoice events, why it was made (Stripe's billing_reason: subscription_create, subscription_cycle, subscription_update…). */
  billingReason?: string;
  /** For setup_intent.succeeded: the customer and the saved payment method. */
  customerId?: string;
  paymentMethodId?: string;
  /** For account.updated: the connected account's state. */
  account?: GatewayConnectedAccount;
  /** For invoice events: the invoice. */
  invoice?: GatewayInvoice;
}

/** An invoice as the provider made it (invoice.* events); amounts in minor units. */
export interface GatewayInvoice {
  id: string;
  customerId: string | null;
  subscriptionId: string | null;
  /** Stripe's billing_reason: subscription_create, subscription_cycle… */
  billingReason: string | null;
  total: number;
  currency: string;
  /** The page where the customer sees and pays it; null when there is none. */
  hostedInvoiceUrl: string | null;
  /** The start of the period of use it bills. */
  periodStart: Date;
}

export interface PaymentGateway {
  readonly provider: PaymentProvider;
  /** Given to the renderer for Stripe Elements; null in demo mode. */
  readonly publishableKey: string | null;

  createCustomer(input: { name: string; email: string; userSub: string }): Promise<GatewayCustomer>;
  /** Deletes the customer with its saved cards (Stripe's customers.del), for an erased account; one already gone is no error. */
  deleteCustomer(customerId: string): Promise<void>;
  createSetupIntent(customerId: string): Promise<{ id: string; clientSecret: string }>;
  createPaymentIntent(input: { customerId: string; amount: number; currency: string }): Promise<{ id: string; clientSecret: string }>;

  /**
   * Saves a card on the customer; a declined card throws PaymentDeclinedError and saves nothing, an
   * id the provider does not know PaymentMethodInvalidError (400). The customer's first card becomes
   * its default (the one subscriptions charge).
   */
  attachCard(customerId: string, paymentMethodId: string, typed?: TypedCardExpiry): Promise<GatewayCard>;
  listCards(customerId: string): Promise<GatewayCard[]>;
  setDefaultCard(customerId: string, paymentMethodId: string): Promise<void>;
  detachCard(customerId: string, paymentMethodId: string): Promise<void>;

  createProduct(input: { name: string; description: string; metadata: Record<string, string> }): Promise<GatewayProduct>;
  updateProduct(productId: string, input: { name?: string; description?: string; active?: boolean }): Promise<GatewayProduct>;
  createMonthlyPrice(input: { productId: string; unitAmount: number; currency: string }): Promise<GatewayPrice>;

  /**
   * Charges the customer's default card at once; a declined card (or none: reason 'noCard') throws
   * PaymentDeclinedError and creates nothing. The same idempotency key answers the same subscription;
   * reused for another customer or price it throws IdempotencyKeyConflictError (409).
   */
  createSubscription(input: CreateSubscriptionInput): Promise<GatewaySubscription>;
  /** Every subscription of the customer, cancelled ones included, newest first. */
  listSubscriptions(customerId: string): Promise<GatewaySubscription[]>;
  retrieveSubscription(subscriptionId: string): Promise<GatewaySubscription>;
  /** Pause, resume and changes refuse a cancelled subscription (SubscriptionUpdateRefusedError, 409); an unknown id is PaymentResourceNotFoundError (404). */
  pauseSubscription(subscriptionId: string): Promise<GatewaySubscription>;
  resumeSubscription(subscriptionId: string): Promise<GatewaySubscription>;
  /**
   * Ends the subscription now; with `atPeriodEnd`, when its current period ends instead (Stripe's
   * cancel_at_period_end: it stays active, and is canceled then). Cancelling a canceled one answers it as it is.
   */
  cancelSubscription(subscriptionId: string, options?: { atPeriodEnd?: boolean }): Promise<GatewaySubscription>;
  /** Undoes a cancellation set for the end of the period (cancel_at_period_end false); a canceled one is refused (409). */
  keepSubscription(subscriptionId: string): Promise<GatewaySubscription>;
  previewPriceChange(subscriptionId: string, priceId: string): Promise<ProrationPreview>;
  /**
   * Moves the subscription to the price and invoices the proration at once, charging the default
   * card; a declined charge throws PaymentDeclinedError and changes nothing. The same price again
   * changes nothing and invoices nothing.
   */
  changePrice(subscriptionId: string, priceId: string, idempotencyKey: string): Promise<GatewayPlanChange>;

  /** Verifies the signature over the raw body; throws WebhookSignatureError when it does not hold. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): GatewayEvent;

  /** Stripe Connect (Express) for creators; the demo gateway keeps a local account. */
  createConnectedAccount(input: { email: string; userSub: string }): Promise<{ id: string }>;
  createOnboardingLink(accountId: string, returnUrl: string, refreshUrl: string): Promise<{ url: string }>;
  /** Whether the account can take charges yet (Stripe: once the creator finished onboarding; demo: at once). Unknown id: PaymentResourceNotFoundError. */
  retrieveConnectedAccount(accountId: string): Promise<GatewayConnectedAccount>;
  /**
   * Moves money from the platform's balance to a creator's connected account (a bundle's share).
   * The same idempotency key answers the same transfer. Demo: no money moves, a demo id is answered.
   */
  createTransfer(input: CreateTransferInput): Promise<{ id: string }>;
}

/** An amount in the currency's minor unit. */
export interface GatewayMoney {
  amount: number;
  currency: string;
}

/** A movement of the platform's provider balance (Stripe's balance transaction); amounts in minor units. */
export interface GatewayBalanceTransaction {
  id: string;
  /** Stripe's type: charge, transfer, payout, refund, stripe_fee… */
  type: string;
  amount: number;
  fee: number;
  net: number;
  currency: string;
  status: string;
  description: string | null;
  /** The charge, transfer or payout it comes from. */
  source: string | null;
  created: Date;
  availableOn: Date | null;
}

export interface GatewayProductListing {
  id: string;
  name: string;
  description: string | null;
  active: boolean;
  metadata: Record<string, string>;
  created: Date;
}

export interface GatewayCustomerListing {
  id: string;
  name: string | null;
  email: string | null;
  metadata: Record<string, string>;
  created: Date;
}

/**
 * What a real provider reports of the platform's account (the admin's payments views): its
 * balance, balance transactions, products and customers, newest first. The demo gateway has no
 * account of its own: its views read the demo ledger instead.
 */
export interface PaymentGatewayReports {
  retrieveBalance(): Promise<{ available: GatewayMoney[]; pending: GatewayMoney[] }>;
  listBalanceTransactions(limit: number): Promise<GatewayBalanceTransaction[]>;
  listProducts(limit: number): Promise<GatewayProductListing[]>;
  listCustomers(limit: number): Promise<GatewayCustomerListing[]>;
}

/** The gateway's reports, when it is a real provider's. */
export function reportsOf(gateway: PaymentGateway): PaymentGatewayReports | null {
  const candidate = gateway as PaymentGateway & Partial<PaymentGatewayReports>;
  return gateway.provider === 'stripe' && typeof candidate.retrieveBalance === 'function' ? (candidate as PaymentGateway & PaymentGatewayReports) : null;
}

/** A unit of use a meter counts, as meter events report it: the event names its customer and how much. */
export interface GatewayMeterEvent {
  eventName: string;
  customerId: string;
  value: number;
  /** Unique per event, and the request's idempotency key: the same event sent again counts once. */
  identifier: string;
  /** Seconds since the epoch (within the last 35 days). */
  timestamp: number;
}

/**
 * Stripe Billing for API use sold by the unit (issue 36, item 3): a Billing Meter per agent and
 * unit, metered prices on them, one subscription per buyer carrying those prices (Stripe invoices
 * it monthly, from the meters), and the meter events that report the use.
 */
export interface MeteredBilling {
  /** A meter summing the `value` of its events per Stripe customer (payload stripe_customer_id). */
  createMeter(input: { displayName: string; eventName: string }): Promise<{ id: string }>;
  /** A monthly price per unit of the meter; `unitAmountDecimal` in minor units, with decimals (a call may cost a fraction of a cent). */
  createMeteredPrice(input: { productId: string; meterId: string; unitAmountDecimal: string; currency: string; nickname: string }): Promise<{ id: string }>;
  /**
   * The buyer's subscription on these metered prices, invoiced on the first of each month (UTC);
   * nothing is charged now. `createdAt` is the provider's: its first period begins then.
   */
  createMeteredSubscription(input: { customerId: string; priceIds: string[]; idempotencyKey: string; metadata: Record<string, string> }): Promise<{ id: string; createdAt: Date }>;
  /** Makes the subscription's prices exactly these, without proration (a new month's prices, a new agent). */
  setMeteredPrices(subscriptionId: string, priceIds: string[]): Promise<void>;
  sendMeterEvent(event: GatewayMeterEvent): Promise<void>;
}

/** The gateway's Stripe Billing, when it is a real provider's. */
export function meteredBillingOf(gateway: PaymentGateway): MeteredBilling | null {
  const candidate = gateway as PaymentGateway & Partial<MeteredBilling>;
  return gateway.provider === 'stripe' && typeof candidate.sendMeterEvent === 'function' ? (candidate as PaymentGateway & MeteredBilling) : null;
}

/**
 * The demo gateway's charge of a customer's default card, for demo invoices of API use: no money
 * moves; a test card that declines charges (pm_card_chargeCustomerFail) fails it, as Stripe's would.
 */
export interface DemoCharges {
  chargeDefaultCard(input: { customerId: string; amount: number; currency: string; idempotencyKey: string }): Promise<{ id: string; paid: boolean }>;
}

export function demoChargesOf(gateway: PaymentGateway): DemoCharges | null {
  const candidate = gateway as PaymentGateway & Partial<DemoCharges>;
  return gateway.provider === 'demo' && typeof candidate.chargeDefaultCard === 'function' ? (candidate as PaymentGateway & DemoCharges) : null;
}

/** Injection token for the configured gateway. */
export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');
