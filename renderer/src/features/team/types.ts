/** GET /user-agents/{userId} item (spec section 3, User-agent link). */
export interface UserAgent {
  agentId: string;
  name: string;
  category: string;
  description: string;
  avatar: string | null;
  addedAt: string;
}

/** GET /user-ecosystems/{userId} item (spec section 3, User-ecosystem link). */
export interface UserEcosystem {
  userId: string;
  ecosystemId: string;
  name: string;
  category: string;
  description: string;
  avatar: string | null;
  addedAt: string;
  /** Kept on this device only because the ecosystem API failed (modo local). */
  local?: boolean;
}

/** What the team needs to know about an agent to add it (the marketplace's Agent fits). */
export interface TeamAgentInput {
  id: string;
  name: string;
  category: string;
  description: string;
  avatar: string | null;
}

export interface TeamEcosystemInput {
  id: string;
  name: string;
  category: string;
  description: string;
  avatar: string | null;
}

/** An agent of GET /agents?creator={userId}, as far as the sidebar needs it. */
export interface CreatedAgent {
  id: string;
  name: string;
  category: string;
  avatar: string | null;
}
