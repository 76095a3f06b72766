/** incomplete: the first payment waits for the buyer's bank (3-D Secure). */
export type SubscriptionStatus = 'active' | 'paused' | 'cancelled' | 'canceled' | 'past_due' | 'incomplete';

export interface SubscriptionProduct {
  name: string;
  description: string;
  price: number;
  quantity?: number;
}

/** A stored subscription (spec section 3); price per month in the catalogue's currency units. */
export interface Subscription {
  subscriptionId: string;
  status: SubscriptionStatus;
  isBundle: boolean;
  agents: string[];
  priceId: string | null;
  price: number;
  userId: string;
  agentId: string | null;
  /** The ecosystem of a bundle bought as one; null for an agent's subscription. */
  ecosystemId: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
  user?: { name?: string | null; email?: string | null } | null;
  products?: SubscriptionProduct[] | null;
}

/** "Responses carry success and data with status" (spec section 7). */
export interface StoredResponse<T> {
  success: boolean;
  data: T;
}

/** Something one can subscribe to: a paid agent or a priced ecosystem. */
export interface Plan {
  kind: 'agent' | 'ecosystem';
  id: string;
  name: string;
  description: string;
  /** Per month, in the catalogue's currency units (an ecosystem's after its discount). */
  price: number;
  priceId: string;
}

/** What the user is paying with and who they are, for the subscribe flows. */
export interface SubscriberAccount {
  userId: string;
  name: string;
  email: string;
}

export interface ProrationPreview {
  /** Minor units (cents); negative is a credit. */
  amountDue: number;
  currency: string;
}

/** What subscribing returned, reduced to what the screens show. */
export interface CreatedSubscription {
  subscriptionId: string;
  planName: string;
  /** The agent's or ecosystem's id. */
  planId: string;
}
