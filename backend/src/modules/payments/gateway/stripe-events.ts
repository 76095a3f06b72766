import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from '../payments.errors';
import type { GatewayConnectedAccount, GatewayEvent, GatewayInvoice, GatewaySubscription, GatewaySubscriptionStatus } from './payment-gateway';

/**
 * Stripe's wire shapes, shared by both adapters: the Stripe adapter reads them from the SDK, the
 * demo gateway reads webhooks in the same format (so one webhook suite runs against both).
 */

/** The fields of a Stripe subscription object the gateway reads. */
export interface StripeSubscriptionShape {
  id: string;
  customer: string | { id: string };
  status: string;
  created: number;
  canceled_at?: number | null;
  /** When a canceled subscription ended (the period's end, for one canceled at the end of its period). */
  ended_at?: number | null;
  cancel_at_period_end?: boolean | null;
  current_period_end?: number | null;
  pause_collection?: { behavior?: string } | null;
  metadata?: Record<string, string> | null;
  items?: { data?: Array<{ id?: string; price?: { id: string } | string; current_period_end?: number | null }> };
}

const KNOWN_STATUSES: readonly GatewaySubscriptionStatus[] = ['active', 'paused', 'past_due', 'canceled', 'incomplete', 'unpaid', 'trialing'];

/** A Stripe subscription as the port shows it; collection paused reads as 'paused'. */
export function toGatewaySubscription(subscription: StripeSubscriptionShape): GatewaySubscription {
  const item = subscription.items?.data?.[0];
  const price = item?.price;
  const periodEnd = item?.current_period_end ?? subscription.current_period_end ?? null;
  let status: GatewaySubscriptionStatus = (KNOWN_STATUSES as readonly string[]).includes(subscription.status)
    ? (subscription.status as GatewaySubscriptionStatus)
    : subscription.status === 'incomplete_expired'
      ? 'canceled'
      : 'incomplete';
  if (subscription.pause_collection && (status === 'active' || status === 'trialing')) status = 'paused';
  return {
    id: subscription.id,
    customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    priceId: typeof price === 'string' ? price : (price?.id ?? ''),
    status,
    createdAt: fromUnix(subscription.created),
    // When it ended: Stripe's canceled_at is when the cancellation was asked for, even one set for the period's end.
    canceledAt: status === 'canceled' && (subscription.ended_at || subscription.canceled_at) ? fromUnix((subscription.ended_at || subscription.canceled_at) as number) : null,
    currentPeriodEnd: periodEnd ? fromUnix(periodEnd) : null,
    cancelAtPeriodEnd: status !== 'canceled' && subscription.cancel_at_period_end === true,
    metadata: { ...(subscription.metadata ?? {}) },
  };
}

/** The fields of a Stripe event the payments service acts on. */
export interface StripeEventShape {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

/** A verified Stripe event, reduced to the port's GatewayEvent. */
export function toGatewayEvent(event: StripeEventShape): GatewayEvent {
  const object = event.data?.object ?? {};
  const base: GatewayEvent = { id: event.id, type: event.type, createdAt: fromUnix(event.created) };
  if (event.type.startsWith('customer.subscription.')) {
    return { ...base, subscription: toGatewaySubscription(object as unknown as StripeSubscriptionShape), subscriptionId: String(object.id) };
  }
  if (event.type.startsWith('invoice.')) {
    const subscriptionId = invoiceSubscriptionId(object);
    return {
      ...base,
      ...(subscriptionId ? { subscriptionId } : {}),
      ...(idOf(object.customer) ? { customerId: idOf(object.customer) } : {}),
      ...(typeof object.billing_reason === 'string' ? { billingReason: object.billing_reason } : {}),
      ...(typeof object.id === 'string' ? { invoice: toGatewayInvoice(object, subscriptionId ?? null) } : {}),
    };
  }
  if (event.type.startsWith('setup_intent.')) {
    const customerId = idOf(object.customer);
    const paymentMethodId = idOf(object.payment_method);
    return { ...base, ...(customerId ? { customerId } : {}), ...(paymentMethodId ? { paymentMethodId } : {}) };
  }
  if (event.type === 'account.updated' && typeof object.id === 'string') {
    return { ...base, account: toGatewayConnectedAccount(object as unknown as StripeAccountShape) };
  }
  return base;
}

function toGatewayInvoice(invoice: Record<string, unknown>, subscriptionId: string | null): GatewayInvoice {
  const periodStart = typeof invoice.period_start === 'number' ? invoice.period_start : typeof invoice.created === 'number' ? invoice.created : 0;
  return {
    id: String(invoice.id),
    customerId: idOf(invoice.customer) ?? null,
    subscriptionId,
    billingReason: typeof invoice.billing_reason === 'string' ? invoice.billing_reason : null,
    total: typeof invoice.total === 'number' ? invoice.total : 0,
    currency: typeof invoice.currency === 'string' ? invoice.currency : '',
    hostedInvoiceUrl: typeof invoice.hosted_invoice_url === 'string' ? invoice.hosted_invoice_url : null,
    periodStart: fromUnix(periodStart),
  };
}

/** The fields of a Stripe (Connect) account the gateway reads. */
export interface StripeAccountShape {
  id: string;
  charges_enabled?: boolean | null;
  payouts_enabled?: boolean | null;
  details_submitted?: boolean | null;
}

export function toGatewayConnectedAccount(account: StripeAccountShape): GatewayConnectedAccount {
  return {
    id: account.id,
    chargesEnabled: account.charges_enabled === true,
    payoutsEnabled: account.payouts_enabled === true,
    detailsSubmitted: account.details_submitted === true,
  };
}

/** An invoice names its subscription under parent.subscription_details (API 2025+) or at the top (older). */
function invoiceSubscriptionId(invoice: Record<string, unknown>): string | undefined {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  return idOf(parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
}

function idOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value) return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') return (value as { id: string }).id;
  return undefined;
}

function fromUnix(seconds: number): Date {
  return new Date(seconds * 1000);
}

/** How old a signed webhook may be, as Stripe's SDK allows by default. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Verifies a Stripe-format signature header (`t=…,v1=HMAC-SHA256(secret, t + '.' + body)`) and
 * parses the body; a missing, wrong or stale signature throws WebhookSignatureError.
 */
export function verifyStripeSignature(
  rawBody: Buffer,
  signatureHeader: string | undefined,
  secret: string,
  now: Date = new Date(),
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): StripeEventShape {
  if (!signatureHeader || !secret) throw new WebhookSignatureError();
  let timestamp = NaN;
  const signatures: string[] = [];
  for (const part of signatureHeader.split(',')) {
    const [key, value] = part.split('=', 2).map((piece) => piece?.trim() ?? '');
    if (key === 't') timestamp = Number(value);
    if (key === 'v1' && value) signatures.push(value);
  }
  if (!Number.isInteger(timestamp) || signatures.length === 0) throw new WebhookSignatureError();
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex'), 'utf8');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError();
  if (Math.abs(Math.floor(now.getTime() / 1000) - timestamp) > toleranceSeconds) throw new WebhookSignatureError();
  let event: unknown;
  try {
    event = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookSignatureError();
  }
  if (!isStripeEvent(event)) throw new WebhookSignatureError();
  return event;
}

export function isStripeEvent(value: unknown): value is StripeEventShape {
  const event = value as Partial<StripeEventShape> | null;
  return (
    !!event &&
    typeof event.id === 'string' &&
    typeof event.type === 'string' &&
    typeof event.created === 'number' &&
    !!event.data &&
    typeof event.data.object === 'object' &&
    event.data.object !== null
  );
}
