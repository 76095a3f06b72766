import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local stand-in for Stripe's HTTP API, for exactly the calls the Stripe adapter makes, driven in
 * tests by the real `stripe` SDK (host/port/protocol pointed here). It speaks the wire protocol:
 * form-encoded bodies with Stripe's `a[b]=c` / `items[0][price]=…` nesting, `Authorization: Bearer
 * <secret key>`, `Idempotency-Key` (a replayed key answers the first response; the same key with
 * other parameters is an idempotency_error), and errors in Stripe's JSON shape with Stripe's
 * statuses (402 card_error, 404 resource_missing, 400 invalid_request_error, 401).
 *
 * Stripe's test payment-method ids behave as in test mode: attaching pm_card_visa,
 * pm_card_mastercard or pm_card_amex saves a new card (pm_…); pm_card_chargeDeclined is declined
 * (card_declined / generic_decline), pm_card_insufficientFunds too (card_declined /
 * insufficient_funds), pm_card_chargeDeclinedExpiredCard (expired_card) and
 * pm_card_chargeDeclinedIncorrectCvc (incorrect_cvc); pm_card_chargeCustomerFail attaches but its
 * charges are declined (so a subscription on it is refused); pm_card_authenticationRequired (card
 * 4000 0027 6000 3184) attaches, but its bank asks for 3-D Secure: a subscription on it is created
 * 'incomplete', its first invoice's payment intent waiting (requires_action) with a client secret
 * (`latest_invoice.confirmation_secret`, when expanded).
 *
 * Stripe Billing for use sold by the unit: Billing Meters (POST /v1/billing/meters, summing the
 * `value` of their events per `stripe_customer_id`), meter events (POST /v1/billing/meter_events;
 * an `identifier` already received counts once, as Stripe enforces), metered prices
 * (`recurring[usage_type]=metered`, `recurring[meter]`, `unit_amount_decimal`), subscriptions made
 * only of metered prices (nothing charged when made; items added and deleted without proration),
 * and POST /v1/invoices/:id/pay. `closeMeteredPeriod` plays Stripe's end of a billing period.
 */

export interface StripeFakeCard {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  created: number;
  card: { brand: string; last4: string; exp_month: number; exp_year: number; country: string; funding: string };
  billing_details: Record<string, unknown>;
  metadata: Record<string, string>;
  livemode: false;
  /** Not Stripe's: whether charging this card fails. */
  chargeFails: boolean;
  /** Not Stripe's: whether the card's bank asks for 3-D Secure before charging. */
  requiresAuthentication?: boolean;
}

export interface StripeFakeRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export interface StripeFakeState {
  customers: Map<string, any>;
  paymentMethods: Map<string, StripeFakeCard>;
  products: Map<string, any>;
  prices: Map<string, any>;
  subscriptions: Map<string, any>;
  setupIntents: Map<string, any>;
  paymentIntents: Map<string, any>;
  accounts: Map<string, any>;
  /** Transfers to connected accounts (POST /v1/transfers), by id. */
  transfers: Map<string, any>;
  /**
   * Invoices a plan change made at once (`proration_behavior: 'always_invoice'`), by id: the
   * proration lines, paid from the default card when they add up to more than zero, or credited to
   * the customer's balance when less. Other prorations ('create_prorations') wait as pending
   * invoice items for the next invoice, as Stripe keeps them.
   */
  invoices: Map<string, any>;
  /** Proration lines left for the next invoice (`proration_behavior: 'create_prorations'`), oldest first. */
  pendingInvoiceItems: any[];
  /**
   * The platform balance's movements, oldest first: a charge for each subscription's first payment
   * (Stripe's fee taken: 1.5 % + 25 cents, as for European cards), the part a destination charge
   * passes on to the connected account, and each transfer.
   */
  balanceTransactions: any[];
  /** Billing Meters, by id. */
  meters: Map<string, any>;
  /** Meter events as counted (one per identifier), oldest first. */
  meterEvents: any[];
  /** Every request, in order. */
  requests: StripeFakeRequest[];
  /** Answers the next N requests with this status and a Stripe api_error (e.g. 500 to test the provider failing). */
  failNext(times: number, status?: number): void;
}

export interface StripeFake {
  port: number;
  /** `http://127.0.0.1:{port}` */
  url: string;
  /** The secret key the fake accepts. */
  secretKey: string;
  state: StripeFakeState;
  /**
   * Moves the subscription past the end of its current period, as a test clock would: one set to
   * cancel then (cancel_at_period_end) is canceled (ended_at the period's end), any other renews for
   * another month. Answers the subscription, e.g. for the customer.subscription.deleted event Stripe sends.
   */
  endPeriod(subscriptionId: string): Record<string, any>;
  /**
   * Ends the current period of a subscription of metered prices, as Stripe's billing cycle does: an
   * invoice (billing_reason subscription_cycle) of each item's meter events of the customer in the
   * period, times its unit_amount_decimal, charged to the default card: 'paid', or left 'open'
   * (attempted) when the card declines. Answers the invoice, e.g. for invoice.paid or
   * invoice.payment_failed.
   */
  closeMeteredPeriod(subscriptionId: string): Record<string, any>;
  /** The sum of the meter's events for the customer (Stripe's meter event summaries). */
  meterTotal(eventName: string, customerId: string): number;
  /** Finishes a connected account's onboarding (as the creator would on Stripe) and answers the account, e.g. for an account.updated event. */
  enableAccount(accountId: string): Record<string, any>;
  close(): Promise<void>;
}

const TEST_CARDS: Record<string, { brand: string; last4: string; chargeFails?: boolean; requiresAuthentication?: boolean } | { decline: string; code?: string; message: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_amex: { brand: 'amex', last4: '8431' },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', chargeFails: true },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', requiresAuthentication: true },
  pm_card_chargeDeclined: { decline: 'generic_decline', message: 'Your card was declined.' },
  pm_card_insufficientFunds: { decline: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  pm_card_chargeDeclinedExpiredCard: { decline: 'expired_card', code: 'expired_card', message: 'Your card has expired.' },
  pm_card_chargeDeclinedIncorrectCvc: { decline: 'incorrect_cvc', code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};

const DAY = 24 * 60 * 60;

class StripeFakeError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; decline_code?: string; message: string; param?: string },
  ) {
    super(body.message);
  }
}

function missing(object: string, id: string, param = 'id'): StripeFakeError {
  return new StripeFakeError(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${object}: '${id}'` });
}

function invalid(message: string, param?: string, code?: string): StripeFakeError {
  return new StripeFakeError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) });
}

function cardError(code: string, declineCode: string, message: string): StripeFakeError {
  return new StripeFakeError(402, { type: 'card_error', code, decline_code: declineCode, message, param: '' });
}

/** The environment that points the app (createTestApp) at the fake as Stripe (all three keys set). */
export function stripeFakeEnv(fake: Pick<StripeFake, 'url' | 'secretKey'>, webhookSecret = 'whsec_test_fake', extra: Record<string, string> = {}): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: fake.url,
    ...extra,
  };
}

export async function startStripeFake(options: { secretKey?: string } = {}): Promise<StripeFake> {
  const secretKey = options.secretKey ?? 'sk_test_fake_0123456789';
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  let failures = { times: 0, status: 500 };
  const state: StripeFakeState = {
    customers: new Map(),
    paymentMethods: new Map(),
    products: new Map(),
    prices: new Map(),
    subscriptions: new Map(),
    setupIntents: new Map(),
    paymentIntents: new Map(),
    accounts: new Map(),
    transfers: new Map(),
    invoices: new Map(),
    pendingInvoiceItems: [],
    balanceTransactions: [],
    meters: new Map(),
    meterEvents: [],
    requests: [],
    failNext(times, status = 500) {
      failures = { times, status };
    },
  };

  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => respond(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  function respond(req: IncomingMessage, res: ServerResponse, raw: string): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    const body = parseForm(method === 'GET' || method === 'DELETE' ? url.search.slice(1) : raw);
    state.requests.push({ method, path: url.pathname, headers: req.headers, body });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${random(14)}` });
      res.end(JSON.stringify(payload));
    };

    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' } });
      return;
    }
    if (failures.times > 0) {
      failures.times -= 1;
      send(failures.status, { error: { type: 'api_error', message: 'An unknown error occurred in the fake.' } });
      return;
    }
    const key = typeof req.headers['idempotency-key'] === 'string' && method === 'POST' ? req.headers['idempotency-key'] : null;
    const fingerprint = `${method} ${url.pathname} ${raw}`;
    if (key) {
      const replay = idempotent.get(key);
      if (replay) {
        if (replay.fingerprint !== fingerprint) {
          send(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          });
          return;
        }
        res.setHeader('Idempotent-Replayed', 'true');
        send(replay.status, replay.body);
        return;
      }
    }
    let status = 200;
    let payload: unknown;
    try {
      payload = route(method, url.pathname, body);
    } catch (error) {
      if (!(error instanceof StripeFakeError)) throw error;
      status = error.status;
      payload = { error: error.body };
    }
    // Stripe stores the result of a keyed request, errors included (except 5xx).
    if (key) idempotent.set(key, { fingerprint, status, body: payload });
    send(status, payload);
  }

  function route(method: string, path: string, body: Record<string, any>): unknown {
    const parts = path.split('/').filter(Boolean);
    if (parts[0] !== 'v1') throw new StripeFakeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
    // Billing's resources live one level down: /v1/billing/meters, /v1/billing/meter_events.
    const [, resource, id, action] = parts[1] === 'billing' ? ['v1', `billing/${parts[2]}`, parts[3], parts[4]] : parts;
    const at = `${method} ${resource}${id ? (action ? '/:id/' + action : id === 'create_preview' ? '/create_preview' : '/:id') : ''}`;
    switch (at) {
      case 'POST customers':
        return createCustomer(body);
      case 'GET customers/:id':
        return customer(id);
      case 'POST customers/:id':
        return updateCustomer(id, body);
      case 'DELETE customers/:id':
        return deleteCustomer(id);
      case 'GET payment_methods':
        return listPaymentMethods(body);
      case 'GET payment_methods/:id':
        return paymentMethod(id, 'id');
      case 'POST payment_methods/:id/attach':
        return attach(id, body);
      case 'POST payment_methods/:id/detach':
        return detach(id);
      case 'POST setup_intents':
        return createIntent('seti', 'setup_intent', state.setupIntents, body);
      case 'POST payment_intents':
        return createIntent('pi', 'payment_intent', state.paymentIntents, body);
      case 'POST products':
        return createProduct(body);
      case 'GET products/:id':
        return product(id);
      case 'POST products/:id':
        return updateProduct(id, body);
      case 'POST prices':
        return createPrice(body);
      case 'GET prices/:id':
        return price(id, 'id');
      case 'POST subscriptions':
        return createSubscription(body);
      case 'GET subscriptions':
        return listSubscriptions(body);
      case 'GET subscriptions/:id':
        return subscription(id);
      case 'POST subscriptions/:id':
        return updateSubscription(id, body);
      case 'DELETE subscriptions/:id':
        return cancelSubscription(id);
      case 'POST invoices/create_preview':
        return previewInvoice(body);
      case 'POST invoices/:id/pay':
        return payInvoice(id);
      case 'POST billing/meters':
        return createMeter(body);
      case 'POST billing/meter_events':
        return createMeterEvent(body);
      case 'POST accounts':
        return createAccount(body);
      case 'GET accounts/:id':
        return account(id);
      case 'POST account_links':
        return createAccountLink(body);
      case 'POST transfers':
        return createTransfer(body);
      case 'GET balance':
        return balance();
      case 'GET balance_transactions':
        return list('/v1/balance_transactions', newest(state.balanceTransactions, body));
      case 'GET products':
        return list('/v1/products', newest([...state.products.values()], body));
      case 'GET customers':
        return list('/v1/customers', newest([...state.customers.values()], body));
      default:
        throw new StripeFakeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
    }
  }

  function createCustomer(body: Record<string, any>) {
    const created = {
      id: `cus_${random(14)}`,
      object: 'customer',
      created: now(),
      name: body.name ?? null,
      email: body.email ?? null,
      metadata: body.metadata ?? {},
      invoice_settings: { default_payment_method: null as string | null, custom_fields: null, footer: null, rendering_options: null },
      balance: 0,
      livemode: false,
    };
    state.customers.set(created.id, created);
    return created;
  }

  function customer(id: string, param = 'id') {
    const found = state.customers.get(id);
    if (!found) throw missing('customer', id, param);
    return found;
  }

  /** customers.del: the customer and its cards go; its subscriptions are cancelled at once, as Stripe does. */
  function deleteCustomer(id: string) {
    customer(id);
    state.customers.delete(id);
    for (const [methodId, method] of state.paymentMethods) if (method.customer === id) state.paymentMethods.delete(methodId);
    for (const subscription of state.subscriptions.values()) {
      if (subscription.customer === id && subscription.status !== 'canceled') Object.assign(subscription, { status: 'canceled', canceled_at: now() });
    }
    return { id, object: 'customer', deleted: true };
  }

  function updateCustomer(id: string, body: Record<string, any>) {
    const found = customer(id);
    for (const field of ['name', 'email'] as const) if (body[field] !== undefined) found[field] = body[field];
    if (body.metadata) found.metadata = { ...found.metadata, ...body.metadata };
    const wanted = body.invoice_settings?.default_payment_method;
    if (wanted !== undefined) {
      if (wanted === '') found.invoice_settings.default_payment_method = null;
      else {
        const method = state.paymentMethods.get(wanted);
        if (!method || method.customer !== id) {
          throw invalid(`The customer does not have a payment method with the ID ${wanted}. The payment method must be attached to the customer.`, 'invoice_settings[default_payment_method]', 'resource_missing');
        }
        found.invoice_settings.default_payment_method = wanted;
      }
    }
    return found;
  }

  function paymentMethod(id: string, param: string): StripeFakeCard {
    const found = state.paymentMethods.get(id);
    if (!found) throw missing('PaymentMethod', id, param);
    return found;
  }

  function listPaymentMethods(query: Record<string, any>) {
    if (query.customer) customer(query.customer, 'customer');
    const data = [...state.paymentMethods.values()].filter((method) => method.customer === query.customer).reverse();
    return list('/v1/payment_methods', data.slice(0, Number(query.limit ?? 10)));
  }

  function attach(id: string, body: Record<string, any>) {
    const owner = customer(body.customer, 'customer');
    const test = TEST_CARDS[id];
    if (test && 'decline' in test) throw cardError(test.code ?? 'card_declined', test.decline, test.message);
    if (test) {
      const created: StripeFakeCard = {
        id: `pm_${random(24)}`,
        object: 'payment_method',
        type: 'card',
        customer: owner.id,
        created: now(),
        card: { brand: test.brand, last4: test.last4, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, country: 'US', funding: 'credit' },
        billing_details: { address: null, email: null, name: null, phone: null },
        metadata: {},
        livemode: false,
        chargeFails: Boolean(test.chargeFails),
        ...(test.requiresAuthentication ? { requiresAuthentication: true } : {}),
      };
      state.paymentMethods.set(created.id, created);
      return created;
    }
    const found = paymentMethod(id, 'payment_method');
    if (found.customer && found.customer !== owner.id) {
      throw invalid('The payment method you provided has already been attached to a customer.', 'payment_method', 'payment_method_unexpected_state');
    }
    found.customer = owner.id;
    return found;
  }

  function detach(id: string) {
    const found = paymentMethod(id, 'payment_method');
    if (!found.customer) throw invalid('The payment method you provided is not attached to a customer so detachment is impossible.', undefined, 'payment_method_unexpected_state');
    const owner = state.customers.get(found.customer);
    if (owner?.invoice_settings.default_payment_method === id) owner.invoice_settings.default_payment_method = null;
    found.customer = null;
    return found;
  }

  function createIntent(prefix: string, object: string, store: Map<string, any>, body: Record<string, any>) {
    if (body.customer) customer(body.customer, 'customer');
    if (object === 'payment_intent' && !(Number(body.amount) > 0)) throw invalid('Missing required param: amount.', 'amount', 'parameter_missing');
    const id = `${prefix}_${random(24)}`;
    const created = {
      id,
      object,
      client_secret: `${id}_secret_${random(24)}`,
      customer: body.customer ?? null,
      status: 'requires_payment_method',
      created: now(),
      ...(object === 'payment_intent' ? { amount: Number(body.amount), currency: body.currency } : { usage: body.usage ?? 'off_session' }),
      livemode: false,
    };
    store.set(id, created);
    return created;
  }

  function createProduct(body: Record<string, any>) {
    if (!body.name) throw invalid('Missing required param: name.', 'name', 'parameter_missing');
    if (body.description === '') throw invalid("You passed an empty string for 'description'. We assume empty values are an attempt to unset a parameter; however 'description' cannot be unset.", 'description');
    const created = { id: `prod_${random(14)}`, object: 'product', name: body.name, description: body.description ?? null, active: true, metadata: body.metadata ?? {}, created: now(), livemode: false };
    state.products.set(created.id, created);
    return created;
  }

  function product(id: string, param = 'id') {
    const found = state.products.get(id);
    if (!found) throw missing('product', id, param);
    return found;
  }

  function updateProduct(id: string, body: Record<string, any>) {
    const found = product(id);
    if (body.name !== undefined) found.name = body.name;
    if (body.description !== undefined) found.description = body.description === '' ? null : body.description;
    if (body.active !== undefined) found.active = body.active === 'true';
    if (body.metadata) found.metadata = { ...found.metadata, ...body.metadata };
    return found;
  }

  function createPrice(body: Record<string, any>) {
    product(body.product, 'product');
    const metered = body.recurring?.usage_type === 'metered';
    if (metered && !state.meters.has(body.recurring.meter)) throw missing('billing.meter', body.recurring.meter, 'recurring[meter]');
    const created = {
      id: `price_${random(24)}`,
      object: 'price',
      product: body.product,
      unit_amount: body.unit_amount_decimal !== undefined ? null : Number(body.unit_amount),
      unit_amount_decimal: body.unit_amount_decimal ?? String(Number(body.unit_amount)),
      nickname: body.nickname ?? null,
      currency: String(body.currency).toLowerCase(),
      recurring: body.recurring
        ? { interval: body.recurring.interval, interval_count: 1, usage_type: metered ? 'metered' : 'licensed', meter: metered ? body.recurring.meter : null }
        : null,
      type: body.recurring ? 'recurring' : 'one_time',
      active: true,
      created: now(),
      livemode: false,
    };
    state.prices.set(created.id, created);
    return created;
  }

  function price(id: string, param: string) {
    const found = state.prices.get(id);
    if (!found) throw missing('price', id, param);
    return found;
  }

  function createSubscription(body: Record<string, any>) {
    const owner = customer(body.customer, 'customer');
    const items: Array<{ price: string }> = body.items ?? [];
    if (items.length === 0) throw invalid('Missing required param: items.', 'items', 'parameter_missing');
    if (items.every((item, index) => price(item.price, `items[${index}][price]`).recurring?.usage_type === 'metered')) return createMeteredSubscription(owner, items, body);
    const chosen = price(items[0].price, 'items[0][price]');
    const methodId: string | null = body.default_payment_method || owner.invoice_settings.default_payment_method;
    if (!methodId) throw invalid('This customer has no attached payment source or default payment method. Please consider adding a default payment method.', undefined, 'resource_missing');
    const method = paymentMethod(methodId, 'default_payment_method');
    if (method.customer !== owner.id) throw invalid(`The customer does not have a payment method with the ID ${methodId}.`, 'default_payment_method');
    if (method.chargeFails) throw cardError('card_declined', 'generic_decline', 'Your card was declined.');
    const destination = body.transfer_data?.destination;
    if (destination && !state.accounts.has(destination)) throw missing('destination', destination, 'transfer_data[destination]');
    // An Express account that has not finished onboarding cannot take destination charges.
    if (destination && !state.accounts.get(destination).charges_enabled) {
      throw invalid(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        'transfer_data[destination]',
        'insufficient_capabilities_for_transfer',
      );
    }
    const created = now();
    const invoiceId = `in_${random(24)}`;
    // A 3-D Secure card: the first invoice's payment waits for the buyer's bank.
    const intent = method.requiresAuthentication ? `pi_${random(24)}` : null;
    if (intent) state.paymentIntents.set(intent, { id: intent, object: 'payment_intent', status: 'requires_action', client_secret: `${intent}_secret_${random(24)}`, invoice: invoiceId });
    const subscription = {
      id: `sub_${random(24)}`,
      object: 'subscription',
      customer: owner.id,
      status: intent ? 'incomplete' : 'active',
      created,
      start_date: created,
      canceled_at: null as number | null,
      ended_at: null as number | null,
      cancel_at_period_end: false,
      pause_collection: null as null | { behavior: string; resumes_at: null },
      default_payment_method: methodId,
      collection_method: 'charge_automatically',
      currency: chosen.currency,
      metadata: body.metadata ?? {},
      transfer_data: destination ? { destination, amount_percent: null } : null,
      application_fee_percent: body.application_fee_percent !== undefined ? Number(body.application_fee_percent) : null,
      items: list('/v1/subscription_items', [subscriptionItem(chosen, created)]),
      latest_invoice: invoiceId,
      livemode: false,
    };
    subscription.items.url = `/v1/subscription_items?subscription=${subscription.id}`;
    for (const item of subscription.items.data) item.subscription = subscription.id;
    state.subscriptions.set(subscription.id, subscription);
    if (!intent) {
      const charge = `ch_${random(24)}`;
      const amount = Number(chosen.unit_amount);
      const fee = Math.round(amount * 0.015) + 25;
      recordBalance({ type: 'charge', amount, fee, currency: chosen.currency, source: charge, description: 'Subscription creation' });
      if (destination) {
        // A destination charge passes the payment on, less the platform's application fee.
        const applicationFee = Math.round((amount * Number(body.application_fee_percent ?? 0)) / 100);
        recordBalance({ type: 'transfer', amount: -(amount - applicationFee), fee: 0, currency: chosen.currency, source: `tr_${random(16)}`, description: null });
      }
    }
    const expand: string[] = Array.isArray(body.expand) ? body.expand : [];
    if (!expand.includes('latest_invoice.confirmation_secret') && !expand.includes('latest_invoice')) return subscription;
    const secret = intent ? state.paymentIntents.get(intent).client_secret : null;
    return {
      ...subscription,
      latest_invoice: {
        id: invoiceId,
        object: 'invoice',
        customer: owner.id,
        status: intent ? 'open' : 'paid',
        confirmation_secret: secret ? { client_secret: secret, type: 'payment_intent' } : null,
      },
    };
  }

  /** Only metered prices: nothing is charged now; each period's use is invoiced when it ends. */
  function createMeteredSubscription(owner: any, items: Array<{ price: string }>, body: Record<string, any>) {
    const created = now();
    const prices = items.map((item) => price(item.price, 'items[0][price]'));
    const subscription = {
      id: `sub_${random(24)}`,
      object: 'subscription',
      customer: owner.id,
      status: 'active',
      created,
      start_date: created,
      billing_cycle_anchor: created,
      billing_cycle_anchor_config: body.billing_cycle_anchor_config ?? null,
      canceled_at: null as number | null,
      ended_at: null as number | null,
      cancel_at_period_end: false,
      pause_collection: null,
      default_payment_method: body.default_payment_method ?? null,
      collection_method: 'charge_automatically',
      currency: prices[0].currency,
      metadata: body.metadata ?? {},
      transfer_data: null,
      application_fee_percent: null,
      items: list(`/v1/subscription_items`, prices.map((chosen) => subscriptionItem(chosen, created))),
      latest_invoice: null as string | null,
      livemode: false,
    };
    for (const item of subscription.items.data) item.subscription = subscription.id;
    state.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  /** Items of a metered subscription: `{ id, deleted: true }` removes one, `{ price }` adds one; no proration (there is nothing paid ahead). */
  function updateMeteredItems(found: any, body: Record<string, any>) {
    const changes = (body.items ?? []) as Array<{ id?: string; price?: string; deleted?: string }>;
    for (const change of changes) {
      if (change.id && !found.items.data.some((item: any) => item.id === change.id)) throw invalid(`Invalid subscription_item id: ${change.id}`, 'items[0][id]');
      if (!change.id && change.price) price(change.price, 'items[0][price]');
    }
    const period = found.items.data[0];
    for (const change of changes) {
      if (change.id && change.deleted === 'true') found.items.data = found.items.data.filter((item: any) => item.id !== change.id);
      else if (!change.id && change.price) {
        const added = subscriptionItem(price(change.price, 'items[0][price]'), now());
        Object.assign(added, { subscription: found.id, current_period_start: period?.current_period_start ?? now(), current_period_end: period?.current_period_end ?? addMonth(now()) });
        found.items.data.push(added);
      }
    }
    if (body.metadata) found.metadata = { ...found.metadata, ...body.metadata };
    return found;
  }

  function subscriptionItem(chosen: any, start: number) {
    return {
      id: `si_${random(14)}`,
      object: 'subscription_item',
      price: chosen,
      quantity: 1,
      subscription: '',
      created: start,
      current_period_start: start,
      current_period_end: addMonth(start),
      metadata: {},
    };
  }

  function subscription(id: string, param = 'id') {
    const found = state.subscriptions.get(id);
    if (!found) throw missing('subscription', id, param);
    return found;
  }

  function listSubscriptions(query: Record<string, any>) {
    if (query.customer) customer(query.customer, 'customer');
    const data = [...state.subscriptions.values()]
      .filter((found) => !query.customer || found.customer === query.customer)
      .filter((found) => (query.status === 'all' ? true : query.status ? found.status === query.status : found.status !== 'canceled'))
      .reverse();
    return list('/v1/subscriptions', data.slice(0, Number(query.limit ?? 10)));
  }

  function updateSubscription(id: string, body: Record<string, any>) {
    const found = subscription(id);
    if (found.status === 'canceled') throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    if (found.items.data.length > 0 && found.items.data.every((item: any) => item.price.recurring?.usage_type === 'metered')) return updateMeteredItems(found, body);
    const prorationBehavior: string = body.proration_behavior ?? 'create_prorations';
    if (!['create_prorations', 'always_invoice', 'none'].includes(prorationBehavior)) throw invalid(`Invalid proration_behavior: ${prorationBehavior}`, 'proration_behavior');
    // Checked before anything changes: a refused request changes nothing.
    const changes = ((body.items ?? []) as Array<{ id?: string; price?: string }>).map((change) => {
      const item = found.items.data.find((candidate: any) => candidate.id === change.id);
      if (!item) throw invalid(`Invalid subscription_item id: ${change.id}`, 'items[0][id]');
      return { item, next: change.price ? price(change.price, 'items[0][price]') : item.price };
    });
    const lines = changes
      .filter(({ item, next }) => next.id !== item.price.id && prorationBehavior !== 'none')
      .flatMap(({ item, next }) => prorationLines(found, item, next, now()));
    let invoice: any = null;
    if (lines.length > 0 && prorationBehavior === 'always_invoice') {
      invoice = invoiceNow(found, lines, body.payment_behavior ?? 'allow_incomplete');
    } else {
      state.pendingInvoiceItems.push(...lines);
    }
    if (body.cancel_at_period_end !== undefined) {
      // Stripe records when the cancellation was asked for; it ends (ended_at) when the period does.
      found.cancel_at_period_end = body.cancel_at_period_end === 'true';
      found.canceled_at = found.cancel_at_period_end ? now() : null;
    }
    if (body.pause_collection !== undefined) {
      found.pause_collection = body.pause_collection === '' ? null : { behavior: body.pause_collection.behavior, resumes_at: null };
    }
    for (const { item, next } of changes) item.price = next;
    if (body.metadata) found.metadata = { ...found.metadata, ...body.metadata };
    if (invoice) found.latest_invoice = invoice.id;
    const expand: string[] = Array.isArray(body.expand) ? body.expand : [];
    if (!expand.includes('latest_invoice')) return found;
    return { ...found, latest_invoice: state.invoices.get(found.latest_invoice) ?? found.latest_invoice };
  }

  /** The proration of moving the item to `next` at `at`: the unused time of its price credited, the rest of the period at the new one charged. */
  function prorationLines(found: any, item: any, next: any, at: number) {
    const totalDays = Math.max(1, Math.round((item.current_period_end - item.current_period_start) / DAY));
    const remainingDays = Math.min(totalDays, Math.max(0, Math.ceil((item.current_period_end - at) / DAY)));
    const line = (amount: number, description: string) => ({
      id: `il_${random(14)}`,
      object: 'line_item',
      amount,
      currency: next.currency,
      description,
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: { invoice_item: `ii_${random(14)}`, proration: true, proration_details: null, subscription: found.id, subscription_item: item.id },
      },
    });
    return [
      line(-Math.round((item.price.unit_amount * remainingDays) / totalDays), `Unused time on ${item.price.id}`),
      line(Math.round((next.unit_amount * remainingDays) / totalDays), `Remaining time on ${next.id}`),
    ];
  }

  /**
   * An invoice of the lines, finalised and paid at once (billing_reason 'subscription_update'): a
   * positive amount due is charged to the subscription's card (declined: with 'error_if_incomplete'
   * a card_error and nothing is made; otherwise the invoice stays open and the subscription goes
   * past_due); a negative total is credited to the customer's balance.
   */
  function invoiceNow(found: any, lines: any[], paymentBehavior: string) {
    const owner = customer(found.customer);
    const total = lines.reduce((sum: number, line: any) => sum + line.amount, 0);
    const credit = Math.min(Math.max(0, total), Math.max(0, -owner.balance));
    const amountDue = Math.max(0, total - credit);
    const method = state.paymentMethods.get(found.default_payment_method ?? owner.invoice_settings.default_payment_method);
    const declined = amountDue > 0 && (!method || method.chargeFails);
    if (declined && paymentBehavior === 'error_if_incomplete') throw cardError('card_declined', 'generic_decline', 'Your card was declined.');
    const created = now();
    const invoice = {
      id: `in_${random(24)}`,
      object: 'invoice',
      customer: found.customer,
      billing_reason: 'subscription_update',
      collection_method: 'charge_automatically',
      currency: found.currency,
      created,
      status: declined ? 'open' : 'paid',
      subtotal: total,
      total,
      amount_due: amountDue,
      amount_paid: declined ? 0 : amountDue,
      amount_remaining: declined ? amountDue : 0,
      starting_balance: owner.balance,
      ending_balance: owner.balance + credit + Math.min(0, total),
      lines: list('/v1/invoices/lines', lines),
      parent: { type: 'subscription_details', subscription_details: { subscription: found.id, metadata: found.metadata } },
      livemode: false,
    };
    owner.balance = invoice.ending_balance;
    state.invoices.set(invoice.id, invoice);
    if (declined) {
      found.status = 'past_due';
    } else if (amountDue > 0) {
      const fee = Math.round(amountDue * 0.015) + 25;
      recordBalance({ type: 'charge', amount: amountDue, fee, currency: found.currency, source: `ch_${random(24)}`, description: 'Subscription update' });
      if (found.transfer_data?.destination) {
        const applicationFee = Math.round((amountDue * Number(found.application_fee_percent ?? 0)) / 100);
        recordBalance({ type: 'transfer', amount: -(amountDue - applicationFee), fee: 0, currency: found.currency, source: `tr_${random(16)}`, description: null });
      }
    }
    return invoice;
  }

  function cancelSubscription(id: string) {
    const found = subscription(id);
    if (found.status !== 'canceled') {
      found.status = 'canceled';
      found.canceled_at = now();
      found.ended_at = found.canceled_at;
    }
    return found;
  }

  function previewInvoice(body: Record<string, any>) {
    const found = subscription(body.subscription, 'subscription');
    if (found.status === 'canceled') throw invalid('The subscription is canceled; there is no upcoming invoice to preview.', 'subscription');
    const change = body.subscription_details?.items?.[0] ?? {};
    const item = found.items.data.find((candidate: any) => candidate.id === change.id);
    if (!item) throw invalid(`Invalid subscription_item id: ${change.id}`, 'subscription_details[items][0][id]');
    const next = change.price ? price(change.price, 'subscription_details[items][0][price]') : item.price;
    const at = body.subscription_details?.proration_date ? Number(body.subscription_details.proration_date) : now();
    const prorations = next.id === item.price.id ? [] : prorationLines(found, item, next, at);
    const nextPeriod = {
      id: `il_tmp_${random(14)}`,
      object: 'line_item',
      amount: next.unit_amount,
      currency: next.currency,
      description: '1 × next period',
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: { invoice_item: null, proration: false, proration_details: null, subscription: found.id, subscription_item: item.id },
      },
    };
    // 'always_invoice' previews the invoice the change makes now: its prorations only.
    const lines = body.subscription_details?.proration_behavior === 'always_invoice' ? prorations : [...prorations, nextPeriod];
    const total = lines.reduce((sum, current) => sum + current.amount, 0);
    return {
      id: `upcoming_in_${random(14)}`,
      object: 'invoice',
      customer: found.customer,
      currency: next.currency,
      amount_due: Math.max(0, total),
      total,
      subtotal: total,
      lines: list('/v1/invoices/upcoming/lines', lines),
      parent: { type: 'subscription_details', subscription_details: { subscription: found.id, metadata: found.metadata } },
      livemode: false,
    };
  }

  function createMeter(body: Record<string, any>) {
    for (const field of ['display_name', 'event_name']) if (!body[field]) throw invalid(`Missing required param: ${field}.`, field, 'parameter_missing');
    if (!body.default_aggregation?.formula) throw invalid('Missing required param: default_aggregation[formula].', 'default_aggregation', 'parameter_missing');
    if ([...state.meters.values()].some((meter) => meter.event_name === body.event_name && meter.status === 'active')) {
      throw invalid(`An active meter with event_name ${body.event_name} already exists.`, 'event_name');
    }
    const created = {
      id: `mtr_${random(24)}`,
      object: 'billing.meter',
      display_name: body.display_name,
      event_name: body.event_name,
      status: 'active',
      default_aggregation: { formula: body.default_aggregation.formula },
      customer_mapping: { type: body.customer_mapping?.type ?? 'by_id', event_payload_key: body.customer_mapping?.event_payload_key ?? 'stripe_customer_id' },
      value_settings: { event_payload_key: body.value_settings?.event_payload_key ?? 'value' },
      event_time_window: null,
      created: now(),
      updated: now(),
      livemode: false,
    };
    state.meters.set(created.id, created);
    return created;
  }

  /** Counted once per identifier; the payload names the customer and the value as the meter says. */
  function createMeterEvent(body: Record<string, any>) {
    if (!body.event_name) throw invalid('Missing required param: event_name.', 'event_name', 'parameter_missing');
    const meter = [...state.meters.values()].find((candidate) => candidate.event_name === body.event_name);
    const payload: Record<string, string> = body.payload ?? {};
    const customerKey = meter?.customer_mapping.event_payload_key ?? 'stripe_customer_id';
    const valueKey = meter?.value_settings.event_payload_key ?? 'value';
    if (!payload[customerKey]) throw invalid(`Missing required param: payload[${customerKey}].`, `payload[${customerKey}]`, 'parameter_missing');
    if (payload[valueKey] !== undefined && !/^\d+(\.\d+)?$/.test(payload[valueKey])) throw invalid(`Invalid value: payload[${valueKey}]`, `payload[${valueKey}]`);
    const timestamp = body.timestamp !== undefined ? Number(body.timestamp) : now();
    if (timestamp < now() - 35 * DAY || timestamp > now() + 300) throw invalid('Timestamp must be within the past 35 calendar days and not more than 5 minutes in the future.', 'timestamp');
    const identifier: string = body.identifier ?? `evt_${random(20)}`;
    const event = { object: 'billing.meter_event', created: now(), event_name: body.event_name, identifier, livemode: false, payload, timestamp };
    if (!state.meterEvents.some((known) => known.identifier === identifier)) state.meterEvents.push(event);
    return event;
  }

  function meterTotal(eventName: string, customerId: string, from = 0, to = Number.MAX_SAFE_INTEGER): number {
    return state.meterEvents
      .filter((event) => event.event_name === eventName && event.payload.stripe_customer_id === customerId && event.timestamp >= from && event.timestamp < to)
      .reduce((sum, event) => sum + Number(event.payload.value ?? 1), 0);
  }

  /** Charges an open invoice again (the customer changed cards): paid, or a card_error and it stays open. */
  function payInvoice(id: string) {
    const found = state.invoices.get(id);
    if (!found) throw missing('invoice', id);
    if (found.status === 'paid') throw invalid('Invoice is already paid.', undefined, 'invoice_already_paid');
    const owner = customer(found.customer);
    const method = state.paymentMethods.get(owner.invoice_settings.default_payment_method);
    if (!method || method.chargeFails) {
      found.attempt_count += 1;
      throw cardError('card_declined', 'generic_decline', 'Your card was declined.');
    }
    Object.assign(found, { status: 'paid', amount_paid: found.amount_due, amount_remaining: 0, attempt_count: found.attempt_count + 1 });
    if (found.amount_due > 0) recordBalance({ type: 'charge', amount: found.amount_due, fee: Math.round(found.amount_due * 0.015) + 25, currency: found.currency, source: `ch_${random(24)}`, description: 'Invoice payment' });
    return found;
  }

  function closeMeteredPeriod(subscriptionId: string) {
    const found = subscription(subscriptionId);
    const owner = customer(found.customer);
    const start = found.items.data[0]?.current_period_start ?? found.created;
    const end = now() + 1;
    const lines = found.items.data.map((item: any) => {
      const meter = state.meters.get(item.price.recurring.meter);
      const quantity = meterTotal(meter.event_name, owner.id, start, end);
      return {
        id: `il_${random(14)}`,
        object: 'line_item',
        amount: Math.round(quantity * Number(item.price.unit_amount_decimal)),
        currency: item.price.currency,
        description: `${quantity} × ${item.price.nickname ?? item.price.id}`,
        quantity,
        pricing: { price_details: { price: item.price.id, product: item.price.product }, unit_amount_decimal: item.price.unit_amount_decimal },
        period: { start, end },
        parent: {
          type: 'subscription_item_details',
          invoice_item_details: null,
          subscription_item_details: { invoice_item: null, proration: false, proration_details: null, subscription: found.id, subscription_item: item.id },
        },
      };
    });
    const total = lines.reduce((sum: number, line: any) => sum + line.amount, 0);
    const method = state.paymentMethods.get(found.default_payment_method ?? owner.invoice_settings.default_payment_method);
    const declined = total > 0 && (!method || method.chargeFails);
    const invoice = {
      id: `in_${random(24)}`,
      object: 'invoice',
      customer: owner.id,
      billing_reason: 'subscription_cycle',
      collection_method: 'charge_automatically',
      currency: found.currency,
      created: now(),
      period_start: start,
      period_end: end,
      status: declined ? 'open' : 'paid',
      subtotal: total,
      total,
      amount_due: total,
      amount_paid: declined ? 0 : total,
      amount_remaining: declined ? total : 0,
      attempt_count: 1,
      hosted_invoice_url: `https://invoice.stripe.com/i/acct_fake/test_${random(24)}`,
      lines: list('/v1/invoices/lines', lines),
      parent: { type: 'subscription_details', subscription_details: { subscription: found.id, metadata: found.metadata } },
      livemode: false,
    };
    state.invoices.set(invoice.id, invoice);
    found.latest_invoice = invoice.id;
    if (!declined && total > 0) recordBalance({ type: 'charge', amount: total, fee: Math.round(total * 0.015) + 25, currency: found.currency, source: `ch_${random(24)}`, description: 'Subscription update' });
    for (const item of found.items.data) Object.assign(item, { current_period_start: end, current_period_end: addMonth(end) });
    return invoice;
  }

  function createAccount(body: Record<string, any>) {
    const created = { id: `acct_${random(16)}`, object: 'account', type: body.type ?? 'express', email: body.email ?? null, metadata: body.metadata ?? {}, charges_enabled: false, payouts_enabled: false, details_submitted: false, created: now() };
    state.accounts.set(created.id, created);
    return created;
  }

  function account(id: string) {
    const found = state.accounts.get(id);
    if (!found) throw missing('account', id, 'account');
    return found;
  }

  function createAccountLink(body: Record<string, any>) {
    if (!state.accounts.has(body.account)) throw missing('account', body.account, 'account');
    for (const field of ['return_url', 'refresh_url', 'type']) {
      if (!body[field]) throw invalid(`Missing required param: ${field}.`, field, 'parameter_missing');
    }
    return { object: 'account_link', url: `https://connect.stripe.com/setup/e/${body.account}/${random(12)}`, created: now(), expires_at: now() + 300 };
  }

  /** A transfer from the platform's balance; a destination that cannot take transfers yet is refused, as Stripe does. */
  function createTransfer(body: Record<string, any>) {
    for (const field of ['amount', 'currency', 'destination']) {
      if (!body[field]) throw invalid(`Missing required param: ${field}.`, field, 'parameter_missing');
    }
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount <= 0) throw invalid('Invalid positive integer', 'amount');
    const destination = state.accounts.get(body.destination);
    if (!destination) throw missing('account', body.destination, 'destination');
    if (!destination.charges_enabled) {
      throw invalid(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        'destination',
        'insufficient_capabilities_for_transfer',
      );
    }
    const created = { id: `tr_${random(16)}`, object: 'transfer', amount, currency: body.currency, destination: body.destination, metadata: body.metadata ?? {}, reversed: false, created: now(), livemode: false };
    state.transfers.set(created.id, created);
    recordBalance({ type: 'transfer', amount: -amount, fee: 0, currency: body.currency, source: created.id, description: null });
    return created;
  }

  function recordBalance(entry: { type: string; amount: number; fee: number; currency: string; source: string; description: string | null }) {
    const created = now();
    state.balanceTransactions.push({
      id: `txn_${random(24)}`,
      object: 'balance_transaction',
      ...entry,
      net: entry.amount - entry.fee,
      fee_details: entry.fee ? [{ amount: entry.fee, currency: entry.currency, description: 'Stripe processing fees', type: 'stripe_fee' }] : [],
      status: 'pending',
      reporting_category: entry.type,
      created,
      available_on: created + 7 * DAY,
      exchange_rate: null,
    });
  }

  /** Nothing here becomes available (Stripe waits days): every movement is pending, per currency. */
  function balance() {
    const byCurrency = new Map<string, number>();
    for (const entry of state.balanceTransactions) byCurrency.set(entry.currency, (byCurrency.get(entry.currency) ?? 0) + entry.net);
    const currencies = byCurrency.size ? [...byCurrency.keys()] : ['eur'];
    return {
      object: 'balance',
      available: currencies.map((currency) => ({ amount: 0, currency, source_types: { card: 0 } })),
      pending: currencies.map((currency) => ({ amount: byCurrency.get(currency) ?? 0, currency, source_types: { card: byCurrency.get(currency) ?? 0 } })),
      livemode: false,
    };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    secretKey,
    state,
    endPeriod(subscriptionId: string) {
      const found = subscription(subscriptionId);
      if (found.status === 'canceled') return found;
      const item = found.items.data[0];
      if (found.cancel_at_period_end) {
        found.status = 'canceled';
        found.ended_at = item.current_period_end;
      } else {
        item.current_period_start = item.current_period_end;
        item.current_period_end = addMonth(item.current_period_end);
      }
      return found;
    },
    closeMeteredPeriod,
    meterTotal: (eventName: string, customerId: string) => meterTotal(eventName, customerId),
    enableAccount(accountId: string) {
      const found = account(accountId);
      Object.assign(found, { charges_enabled: true, payouts_enabled: true, details_submitted: true });
      return found;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A list endpoint's page: newest first, `limit` of them (Stripe's default 10). */
function newest<T>(items: T[], query: Record<string, any>): T[] {
  return [...items].reverse().slice(0, Number(query.limit ?? 10));
}

function list<T>(url: string, data: T[]) {
  return { object: 'list' as const, data, has_more: false, url };
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

function addMonth(seconds: number): number {
  const date = new Date(seconds * 1000);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return Math.floor(date.getTime() / 1000);
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function random(length: number): string {
  return Array.from(randomBytes(length), (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/**
 * Stripe's form encoding: `a[b][c]=v`, arrays as `items[0][price]=…` (or `expand[]=…`), into
 * nested objects and arrays. Values stay strings, as Stripe receives them.
 */
export function parseForm(encoded: string): Record<string, any> {
  const root: Record<string, any> = {};
  for (const pair of encoded.split('&')) {
    if (!pair) continue;
    const separator = pair.indexOf('=');
    const rawKey = decodeURIComponent((separator < 0 ? pair : pair.slice(0, separator)).replace(/\+/g, ' '));
    const value = separator < 0 ? '' : decodeURIComponent(pair.slice(separator + 1).replace(/\+/g, ' '));
    const path = rawKey.match(/^[^[]+|\[[^\]]*\]/g)?.map((part) => part.replace(/^\[|\]$/g, '')) ?? [rawKey];
    let node: any = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const key = part === '' && Array.isArray(node) ? node.length : part;
      if (last) {
        node[key] = value;
        return;
      }
      const nextIsIndex = path[index + 1] === '' || /^\d+$/.test(path[index + 1]);
      if (node[key] === undefined) node[key] = nextIsIndex ? [] : {};
      node = node[key];
    });
  }
  return root;
}
