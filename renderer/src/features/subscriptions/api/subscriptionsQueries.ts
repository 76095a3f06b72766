import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, withTimeout, type components } from '../../../shared/api';
import { AGENT_FETCH_TIMEOUT_MS } from '../../../shared/config';
import { subscriptionsStrings } from '../strings';
import type { Plan, SubscriberAccount } from '../types';

// The subscription calls of the contract (spec section 7: "Payments (under /stripe)" and "Stored
// subscriptions"). The field spelling (customerID, priceID, subscriptionID, 'susbscription') is the contract's.

type Schemas = components['schemas'];
/** A stored subscription (spec section 3); price per month in the catalogue's currency units. */
export type Subscription = Schemas['SubscriptionDto'];
export type SubscriptionStatus = Subscription['status'];
/** The plan change's prorated amount: `amountDue` in minor units (cents), negative is a credit. */
export type ProrationPreview = Schemas['ChangePreviewDto'];
/** What a plan needs of an agent, and of an ecosystem: its monthly price is the server's, after the discount. */
export type PlanAgent = Pick<Schemas['AgentDto'], 'id' | 'name' | 'description' | 'creatorId' | 'price' | 'priceId'>;
export type PlanEcosystem = Pick<Schemas['EcosystemDto'], 'id' | 'name' | 'description' | 'creatorId' | 'monthlyPrice' | 'priceId'>;
/** A subscription as pause, resume and cancel name it (and whose team they refresh). */
export type SubscriptionRef = Pick<Subscription, 'subscriptionId' | 'priceId' | 'userId'>;

const TIMEOUT_MS = 20_000;
/** The plans list: the marketplace's paid agents and priced ecosystems, the most popular first. */
const PLANS_QUERY = { minPrice: 0, maxPrice: 99_999_999, sortBy: 'popularity', limit: 100 } as const;

/**
 * Under each resource's name, so that other features' invalidations reach these copies and these
 * changes reach theirs: the user's subscriptions, the default card (payments), and the agents and
 * ecosystems a plan is made of (the same entries the marketplace reads).
 */
export const subscriptionsKeys = {
  all: ['subscriptions'] as const,
  user: (userId: string) => ['subscriptions', 'user', userId] as const,
  changePreview: (subscriptionId: string, priceId: string) => ['subscriptions', 'change-preview', subscriptionId, priceId] as const,
  defaultCard: ['payments', 'methods', 'default'] as const,
  agent: (id: string) => ['agents', id] as const,
  ecosystem: (id: string) => ['ecosystems', id] as const,
  plans: (kind: 'agents' | 'ecosystems', search: string) => [kind, 'plans', search] as const,
};

/**
 * The user's team, under its resources' names (the team feature's keys): a team card shows what
 * its subscription allows, so a purchase, a pause, a resume, a cancellation or a plan change loads it again.
 */
const teamKeysOf = (userId: string) => [['user-agents', userId], ['user-ecosystems', userId]];

/**
 * After a change of a subscription: the subscriptions (waited for, so that the list shows the
 * change when the action ends) and the team (not waited for). A change preview is not asked for
 * again: it was for the change just made, which the server now refuses as the same plan.
 */
function refreshSubscriber(queryClient: QueryClient, userId: string): Promise<void> {
  for (const queryKey of teamKeysOf(userId)) void queryClient.invalidateQueries({ queryKey });
  return queryClient.invalidateQueries({ queryKey: subscriptionsKeys.all, predicate: (query) => query.queryKey[1] !== 'change-preview' });
}

/** One key per user action: a retried request never subscribes (or changes a plan) twice. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * One agent or ecosystem as a plan (null when it is free or has no price yet), at the price the
 * server charges a month: an agent's price, an ecosystem's monthlyPrice (after its discount).
 */
export function toPlan(kind: Plan['kind'], item: PlanAgent | PlanEcosystem): Plan | null {
  if (!item.priceId) return null;
  const price = 'monthlyPrice' in item ? item.monthlyPrice : item.price;
  if (!(price > 0)) return null;
  return { kind, id: item.id, name: item.name, description: item.description, creatorId: item.creatorId, price, priceId: item.priceId };
}

const agentPlan = (agent: PlanAgent) => toPlan('agent', agent);
const ecosystemPlan = (ecosystem: PlanEcosystem) => toPlan('ecosystem', ecosystem);
const plansOf = <T,>(items: T[], plan: (item: T) => Plan | null) => items.map(plan).filter((item): item is Plan => item !== null);

async function fetchAgent(id: string, signal: AbortSignal) {
  return (await api.GET('/api/agents/{id}', { params: { path: { id } }, signal: withTimeout(signal, AGENT_FETCH_TIMEOUT_MS) })).data!;
}

async function fetchEcosystem(id: string, signal: AbortSignal) {
  return (await api.GET('/api/ecosystems/{id}', { params: { path: { id } }, signal: withTimeout(signal, AGENT_FETCH_TIMEOUT_MS) })).data!;
}

/** GET /api/agents/{id} as a plan (null when it is free or has no price); a 404 says it is gone or private. */
export function useAgentPlan(id: string | null | undefined) {
  return useQuery({
    queryKey: subscriptionsKeys.agent(id ?? ''),
    queryFn: ({ signal }) => fetchAgent(id!, signal),
    select: agentPlan,
    enabled: Boolean(id),
  });
}

/**
 * The names of a bundle's agents (GET /api/agents/{id} each, the entries the marketplace shares):
 * a name, null while it loads, or undefined for one no longer readable (deleted, made private).
 */
export function useAgentNames(ids: readonly string[]): Array<string | null | undefined> {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: subscriptionsKeys.agent(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchAgent(id, signal),
      select: (agent: Schemas['AgentDto']) => agent.name,
      retry: false,
    })),
    combine: (results) => results.map((result) => (result.isError ? undefined : (result.data ?? null))),
  });
}

/** GET /api/ecosystems/{id} as a plan, at its monthly price after the discount. */
export function useEcosystemPlan(id: string | null | undefined) {
  return useQuery({
    queryKey: subscriptionsKeys.ecosystem(id ?? ''),
    queryFn: ({ signal }) => fetchEcosystem(id!, signal),
    select: ecosystemPlan,
    enabled: Boolean(id),
  });
}

/** The plan of one agent or ecosystem (none asked for without a kind and an id). */
export function usePlan(kind: Plan['kind'] | null | undefined, id: string | null | undefined) {
  const agent = useAgentPlan(kind === 'agent' ? id : null);
  const ecosystem = useEcosystemPlan(kind === 'ecosystem' ? id : null);
  return kind === 'ecosystem' ? ecosystem : agent;
}

/** The plan of an agent or ecosystem, read once, for a caller outside React Query (app/screens/chatScreens.tsx). */
export async function fetchPlan(kind: Plan['kind'], id: string, signal?: AbortSignal): Promise<Plan | null> {
  const own = signal ?? new AbortController().signal;
  return kind === 'agent' ? agentPlan(await fetchAgent(id, own)) : ecosystemPlan(await fetchEcosystem(id, own));
}

/** GET /api/marketplace/agents: the paid agents matching the search, as plans. The last list stays on screen while the next loads. */
export function useAgentPlans(search: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: subscriptionsKeys.plans('agents', search),
    queryFn: async ({ signal }) =>
      (
        await api.GET('/api/marketplace/agents', {
          params: { query: { ...PLANS_QUERY, search: search.trim() || undefined } },
          signal: withTimeout(signal, TIMEOUT_MS),
        })
      ).data!,
    select: (page) => plansOf(page.items, agentPlan),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/marketplace/ecosystems: the priced ecosystems matching the search, as plans. */
export function useEcosystemPlans(search: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: subscriptionsKeys.plans('ecosystems', search),
    queryFn: async ({ signal }) =>
      (
        await api.GET('/api/marketplace/ecosystems', {
          params: { query: { ...PLANS_QUERY, search: search.trim() || undefined } },
          signal: withTimeout(signal, TIMEOUT_MS),
        })
      ).data!,
    select: (page) => plansOf(page.items, ecosystemPlan),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/stripe-user-subscriptions/susbscription/user/{user}: every stored subscription of the user, the most recent first. */
export function useSubscriptions(userId: string) {
  return useQuery({
    queryKey: subscriptionsKeys.user(userId),
    queryFn: async ({ signal }) =>
      (
        await api.GET('/api/stripe-user-subscriptions/susbscription/user/{user}', {
          params: { path: { user: userId } },
          signal: withTimeout(signal, TIMEOUT_MS),
        })
      ).data!.data,
  });
}

/** GET /api/stripe/subscriptions/{subscriptionId}/change-preview: what the change would cost now. */
export function useChangePreview(subscriptionId: string, priceId: string) {
  return useQuery({
    queryKey: subscriptionsKeys.changePreview(subscriptionId, priceId),
    queryFn: async ({ signal }) =>
      (
        await api.GET('/api/stripe/subscriptions/{subscriptionId}/change-preview', {
          params: { path: { subscriptionId }, query: { priceID: priceId } },
          signal: withTimeout(signal, TIMEOUT_MS),
        })
      ).data!,
  });
}

/** GET /api/stripe/default-payment-method, asked afresh each time (subscribing needs a default card): the card, or null. */
export function useDefaultCardCheck() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      queryClient.fetchQuery({
        queryKey: subscriptionsKeys.defaultCard,
        queryFn: async ({ signal }) =>
          (await api.GET('/api/stripe/default-payment-method', { signal: withTimeout(signal, TIMEOUT_MS) })).data!.paymentMethod,
        staleTime: 0,
      }),
    [queryClient],
  );
}

/** POST /api/stripe/create-customer: the caller's customer id, made once (asking again returns the same). */
export function useEnsureCustomer() {
  return useMutation({
    mutationFn: async ({ name, email }: Pick<SubscriberAccount, 'name' | 'email'>) =>
      (await api.POST('/api/stripe/create-customer', { body: { name, email }, signal: AbortSignal.timeout(TIMEOUT_MS) })).data!.customerId,
  });
}

/** What create-subscription answered: the subscription, and whether the bank asks the buyer to confirm (3-D Secure). */
export interface SubscribeAnswer {
  subscriptionId: string;
  requiresAction: boolean;
  clientSecret: string | null;
}

export interface CreateSubscriptionInput {
  userId: string;
  customerId: string;
  priceId: string;
  idempotencyKey: string;
}

/**
 * POST /api/stripe/create-subscription: charges the default card; a declined card answers 402 with
 * a Spanish message and creates nothing. When the bank asks for 3-D Secure it answers
 * `requiresAction` and the payment's `clientSecret`, for Stripe.js to confirm.
 */
export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ customerId, priceId, idempotencyKey }: CreateSubscriptionInput): Promise<SubscribeAnswer> => {
      const answer = (
        await api.POST('/api/stripe/create-subscription', {
          params: { header: { 'Idempotency-Key': idempotencyKey } },
          body: { customerID: customerId, priceID: priceId },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
      ).data!;
      const clientSecret = answer.clientSecret || null;
      return { subscriptionId: answer.subscription.subscriptionId, requiresAction: answer.requiresAction === true && clientSecret !== null, clientSecret };
    },
    onSuccess: (_, { userId }) => refreshSubscriber(queryClient, userId),
  });
}

/** Pause and resume name the subscription, and its price when it has one. */
const transitionBody = (subscription: SubscriptionRef) => ({
  subscriptionID: subscription.subscriptionId,
  ...(subscription.priceId ? { priceID: subscription.priceId } : {}),
});

/** POST /api/stripe/pause-subscription: the gateway first, then the store; a failure changes nothing. */
export function usePauseSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (subscription: SubscriptionRef) =>
      (await api.POST('/api/stripe/pause-subscription', { body: transitionBody(subscription), signal: AbortSignal.timeout(TIMEOUT_MS) })).data!,
    onSuccess: (_, { userId }) => refreshSubscriber(queryClient, userId),
  });
}

async function resume(subscription: SubscriptionRef) {
  return (await api.POST('/api/stripe/resume-subscription', { body: transitionBody(subscription), signal: AbortSignal.timeout(TIMEOUT_MS) })).data!;
}

/** POST /api/stripe/resume-subscription. */
export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resume,
    onSuccess: (_, { userId }) => refreshSubscriber(queryClient, userId),
  });
}

/** POST /api/stripe/cancel-subscription (it cannot be undone). */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ subscriptionId }: SubscriptionRef) =>
      (
        await api.POST('/api/stripe/cancel-subscription', {
          body: { subscriptionID: subscriptionId },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
      ).data!,
    onSuccess: (_, { userId }) => refreshSubscriber(queryClient, userId),
  });
}

/** POST /api/stripe/change-subscription-plan, prorated; the server allows only the current price of the subscription's own agent or ecosystem. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ subscriptionId, priceId, idempotencyKey }: { userId: string; subscriptionId: string; priceId: string; idempotencyKey: string }) =>
      (
        await api.POST('/api/stripe/change-subscription-plan', {
          params: { header: { 'Idempotency-Key': idempotencyKey } },
          body: { subscriptionID: subscriptionId, priceID: priceId },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
      ).data!,
    onSuccess: (_, { userId }) => refreshSubscriber(queryClient, userId),
  });
}

/** GET /api/stripe-user-subscriptions/subscriptions/user/{user}/{agent}: the user's subscription that covers the agent, or null. */
async function fetchCovering(userId: string, agentId: string, signal?: AbortSignal): Promise<Subscription | null> {
  const answer = (
    await api.GET('/api/stripe-user-subscriptions/subscriptions/user/{user}/{agent}', {
      params: { path: { user: userId, agent: agentId } },
      signal: signal ? withTimeout(signal, TIMEOUT_MS) : AbortSignal.timeout(TIMEOUT_MS),
    })
  ).data!;
  return answer.success ? answer.data : null;
}

/**
 * 'Reanudar' in the 'Suscripción Pausada' modal: finds the user's subscription that covers the
 * agent and resumes it (the provider first, then the store, on the server).
 */
export async function resumeSubscriptionForAgent(userId: string, agentId: string): Promise<void> {
  const subscription = await fetchCovering(userId, agentId);
  if (!subscription) throw new Error(subscriptionsStrings.errors.notFound);
  if (subscription.status === 'active') return;
  await resume(subscription);
}

/** resumeSubscriptionForAgent, and the user's subscriptions and team loaded again. */
export function useResumeSubscriptionForAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, agentId }: { userId: string; agentId: string }) => resumeSubscriptionForAgent(userId, agentId),
    onSuccess: (_, { userId }) => refreshSubscriber(queryClient, userId),
  });
}
