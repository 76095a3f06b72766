// Client-only shapes of the subscription screens; the server's come from the generated contract
// (api/subscriptionsQueries.ts).
import type { components } from '../../shared/api';

/**
 * Something one can subscribe to: a paid agent or a priced ecosystem, at what it costs a month as
 * the server says (an agent's price, an ecosystem's monthlyPrice after its discount).
 */
export interface Plan extends Pick<components['schemas']['AgentDto'], 'id' | 'name' | 'description' | 'creatorId'> {
  kind: 'agent' | 'ecosystem';
  price: number;
  priceId: string;
}

/** What the user is paying with and who they are, for the subscribe flows. */
export interface SubscriberAccount {
  userId: string;
  name: string;
  email: string;
}

/** What subscribing returned, reduced to what the screens show. */
export interface CreatedSubscription {
  subscriptionId: string;
  planName: string;
  /** The agent's or ecosystem's id. */
  planId: string;
}
