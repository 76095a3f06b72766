import type { SessionAgent } from './api/collaborationQueries';

// The server's shapes are the generated contract's (api/collaborationQueries.ts); this file keeps
// what the app hands the feature.

/** An agent the user may put into a collaboration (their team, 'Mis Agentes'), as far as the picker shows it. */
export type PickableAgent = Pick<SessionAgent, 'id' | 'name' | 'category'>;

/** The ecosystem an ecosystem chat runs over (supplied by the app from the marketplace feature). */
export interface ChatEcosystem {
  id: string;
  name: string;
  agentIds: string[];
}
