import { apiClient } from '../../../shared/api';
import type { Plan, ProrationPreview, StoredResponse, Subscription } from '../types';

// The subscription calls of the contract (spec section 7: "Payments (under /stripe)" and "Stored
// subscriptions"), in one place so that a change in the contract is one edit. The field spelling
// (customerID, priceID, subscriptionID, 'susbscription') is the contract's.
const TIMEOUT_MS = 20_000;
const id = encodeURIComponent;

interface CardSummary {
  id: string;
}

interface Customer {
  id: string;
}

/** A marketplace item as the plans list needs it (agents and ecosystems carry `priceId`). */
interface CatalogueItem {
  id: string;
  name: string;
  description: string;
  price: number;
  discount?: number;
  priceId?: string | null;
}

interface Page<T> {
  items: T[];
  total: number;
}

/** An ecosystem's price after its discount, in cents to avoid rounding surprises. */
function finalPrice(item: CatalogueItem): number {
  const discount = Math.min(100, Math.max(0, item.discount ?? 0));
  return Math.round(item.price * (100 - discount)) / 100;
}

export function toPlan(kind: Plan['kind'], item: CatalogueItem): Plan | null {
  if (!item.priceId) return null;
  const price = kind === 'ecosystem' ? finalPrice(item) : item.price;
  if (!(price > 0)) return null;
  return { kind, id: item.id, name: item.name, description: item.description ?? '', price, priceId: item.priceId };
}

/** The created subscription's id, whether the gateway's (`id`) or the store's (`subscriptionId`). */
/** What create-subscription answered: the subscription, and whether the bank asks the buyer to confirm. */
export interface SubscribeAnswer {
  subscriptionId: string;
  requiresAction: boolean;
  clientSecret: string | null;
}

function subscriptionIdOf(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const record = value as { subscriptionId?: unknown; id?: unknown; subscription?: unknown };
  if (typeof record.subscriptionId === 'string') return record.subscriptionId;
  if (typeof record.id === 'string') return record.id;
  return record.subscription ? subscriptionIdOf(record.subscription) : '';
}

/** Pause and resume name the subscription, and its price when it has one. */
function transitionBody(subscription: Pick<Subscription, 'subscriptionId' | 'priceId'>) {
  return { subscriptionID: subscription.subscriptionId, ...(subscription.priceId ? { priceID: subscription.priceId } : {}) };
}

/** One key per user action: a retried request never subscribes (or changes a plan) twice. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export const subscriptionsApi = {
  /** Every stored subscription of the user. */
  listForUser: async (userId: string, signal?: AbortSignal) => {
    const answer = await apiClient.get<StoredResponse<Subscription[]> | null>(`/stripe-user-subscriptions/susbscription/user/${id(userId)}`, {
      timeoutMs: TIMEOUT_MS,
      signal,
    });
    return Array.isArray(answer?.data) ? answer.data : [];
  },

  /** The user's subscription that covers the agent (individual or bundle), or null. */
  forAgent: async (userId: string, agentId: string, signal?: AbortSignal) => {
    const answer = await apiClient.get<StoredResponse<Subscription | null> | null>(
      `/stripe-user-subscriptions/subscriptions/user/${id(userId)}/${id(agentId)}`,
      { timeoutMs: TIMEOUT_MS, signal },
    );
    return answer?.success && answer.data ? answer.data : null;
  },

  /** The server's customer carries `customerId` (the brief said `id`); either is read. */
  ensureCustomer: (name: string, email: string) =>
    apiClient
      .post<Partial<Customer> & { customerId?: string }>('/stripe/create-customer', { body: { name, email }, timeoutMs: TIMEOUT_MS })
      .then((customer): Customer => ({ id: customer.customerId ?? customer.id ?? '' })),

  /** `{ paymentMethod: card | null }`, or the card (or null) itself. */
  defaultCard: (signal?: AbortSignal) =>
    apiClient
      .get<CardSummary | { paymentMethod: CardSummary | null } | null>('/stripe/default-payment-method', { timeoutMs: TIMEOUT_MS, signal })
      .then((answer) => (answer && 'paymentMethod' in answer ? answer.paymentMethod : (answer as CardSummary | null)) ?? null),

  /**
   * Charges the default card; a declined card answers 402 with a Spanish message and creates
   * nothing. When the bank asks for 3-D Secure it answers `requiresAction` and the payment's
   * `clientSecret`, for Stripe.js to confirm.
   */
  create: async (customerId: string, priceId: string, idempotencyKey: string): Promise<SubscribeAnswer> => {
    const created = await apiClient.post<unknown>('/stripe/create-subscription', {
      body: { customerID: customerId, priceID: priceId },
      headers: { 'Idempotency-Key': idempotencyKey },
      timeoutMs: TIMEOUT_MS,
    });
    const answer = (typeof created === 'object' && created !== null ? created : {}) as { requiresAction?: unknown; clientSecret?: unknown };
    const clientSecret = typeof answer.clientSecret === 'string' && answer.clientSecret ? answer.clientSecret : null;
    return { subscriptionId: subscriptionIdOf(created), requiresAction: answer.requiresAction === true && clientSecret !== null, clientSecret };
  },

  pause: (subscription: Pick<Subscription, 'subscriptionId' | 'priceId'>) =>
    apiClient.post<unknown>('/stripe/pause-subscription', { body: transitionBody(subscription), timeoutMs: TIMEOUT_MS }),

  resume: (subscription: Pick<Subscription, 'subscriptionId' | 'priceId'>) =>
    apiClient.post<unknown>('/stripe/resume-subscription', { body: transitionBody(subscription), timeoutMs: TIMEOUT_MS }),

  cancel: (subscriptionId: string) =>
    apiClient.post<{ subscription: { canceled_at: number | string | null } }>('/stripe/cancel-subscription', {
      body: { subscriptionID: subscriptionId },
      timeoutMs: TIMEOUT_MS,
    }),

  changePreview: (subscriptionId: string, priceId: string, signal?: AbortSignal) =>
    apiClient.get<ProrationPreview>(`/stripe/subscriptions/${id(subscriptionId)}/change-preview`, {
      query: { priceID: priceId },
      timeoutMs: TIMEOUT_MS,
      signal,
    }),

  changePlan: (subscriptionId: string, priceId: string, idempotencyKey: string) =>
    apiClient.post<unknown>('/stripe/change-subscription-plan', {
      body: { subscriptionID: subscriptionId, priceID: priceId },
      headers: { 'Idempotency-Key': idempotencyKey },
      timeoutMs: TIMEOUT_MS,
    }),

  /** The paid agents and priced ecosystems of the marketplace. */
  plans: async (search: string, signal?: AbortSignal): Promise<Plan[]> => {
    const query = { search: search.trim() || undefined, minPrice: 0, maxPrice: 99_999_999, sortBy: 'popularity', limit: 100 };
    const [agents, ecosystems] = await Promise.all([
      apiClient.get<Page<CatalogueItem>>('/marketplace/agents', { query, timeoutMs: TIMEOUT_MS, signal }),
      apiClient.get<Page<CatalogueItem>>('/marketplace/ecosystems', { query, timeoutMs: TIMEOUT_MS, signal }),
    ]);
    return [
      ...agents.items.map((item) => toPlan('agent', item)),
      ...ecosystems.items.map((item) => toPlan('ecosystem', item)),
    ].filter((plan): plan is Plan => plan !== null);
  },

  /** One agent or ecosystem as a plan (null when it is free or has no price yet). */
  plan: async (kind: Plan['kind'], itemId: string, signal?: AbortSignal) => {
    const item = await apiClient.get<CatalogueItem>(`/${kind === 'agent' ? 'agents' : 'ecosystems'}/${id(itemId)}`, {
      timeoutMs: TIMEOUT_MS,
      signal,
    });
    return toPlan(kind, item);
  },
};
