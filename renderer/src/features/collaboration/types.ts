import type { CollaborationConversation as ConversationDto, SessionAgent } from './api/collaborationQueries';

// The server's shapes are the generated contract's (api/collaborationQueries.ts); this file keeps
// what the app hands the feature, and the view of a created conversation that
// renderer/src/app/screens/listConversation.ts imports from here.

/**
 * A created conversation as renderer/src/app/screens/listConversation.ts reads it: the generated
 * ConversationDto, whose category that file still fills in (`{ category: 'main', ...rest }`, which
 * does not compile over a required category). Once it uses the DTO's own category, this goes.
 */
export type CollaborationConversation = Omit<ConversationDto, 'category'> & Partial<Pick<ConversationDto, 'category'>>;

/** An agent the user may put into a collaboration (their team, 'Mis Agentes'), as far as the picker shows it. */
export type PickableAgent = Pick<SessionAgent, 'id' | 'name' | 'category'>;

/** The ecosystem an ecosystem chat runs over (supplied by the app from the marketplace feature). */
export interface ChatEcosystem {
  id: string;
  name: string;
  agentIds: string[];
}
