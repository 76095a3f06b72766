import type { Subscription } from '../api/subscriptionsQueries';

export const SUBSCRIPTION_FILTERS = ['all', 'active', 'paused', 'cancelled'] as const;
export type SubscriptionFilter = (typeof SUBSCRIPTION_FILTERS)[number];
export const SUBSCRIPTIONS_PAGE_SIZE = 5;

export function isCancelled(subscription: Subscription): boolean {
  return subscription.status === 'cancelled';
}

/** Cancelled by the subscriber, still active until its paid period ends. */
export function isEnding(subscription: Subscription): boolean {
  return subscription.status === 'active' && subscription.cancelAtPeriodEnd;
}

export function matchesFilter(subscription: Subscription, filter: SubscriptionFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'cancelled') return isCancelled(subscription);
  return subscription.status === filter;
}

/** Case-insensitive, anywhere in what the card shows: the name, the e-mail, the products' names or the payment's reference (issue 31: no hidden id matches). */
export function matchesSearch(subscription: Subscription, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase('es');
  if (!needle) return true;
  const haystack = [
    subscription.user.name,
    subscription.user.email,
    subscription.subscriptionId,
    ...subscription.products.map((product) => product.name),
  ];
  return haystack.some((value) => typeof value === 'string' && value.toLocaleLowerCase('es').includes(needle));
}

/** Status colour (spec section 4): active green, paused yellow, anything else red. */
export function statusColor(subscription: Subscription): 'green' | 'yellow' | 'red' {
  if (subscription.status === 'active') return 'green';
  if (subscription.status === 'paused') return 'yellow';
  return 'red';
}
