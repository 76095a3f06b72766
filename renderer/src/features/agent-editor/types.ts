/** An agent as GET /agents/{id} returns it (spec section 3). */
export interface EditableAgent {
  id: string;
  name: string;
  category: string;
  description: string;
  avatar: string | null;
  skills: string[];
  capabilities: string[];
  useCases: string[];
  price: number;
  modelConfig: { modelId: string | null };
  /** The creator's public name (never their e-mail address). */
  createdBy: string;
  /** The creator's user id (null for the platform's sample agents). */
  creatorId: string | null;
  isPublic: boolean;
  /** 'Se puede incluir en ecosistemas': others may sell it in their bundles, paying at least the minimum. */
  ecosystemInclusionAllowed: boolean;
  ecosystemMinimumPrice: number;
}

/** What the form edits: every field a creator sets, plus the system prompt (kept apart on the server). */
export interface AgentFormValues {
  name: string;
  category: string;
  description: string;
  avatar: string | null;
  skills: string[];
  capabilities: string[];
  useCases: string[];
  /** As typed, so that a half-typed price can be shown and refused. */
  price: string;
  /** '' is the deployment's default model. */
  modelId: string;
  isPublic: boolean;
  ecosystemInclusionAllowed: boolean;
  /** As typed, like the price. */
  ecosystemMinimumPrice: string;
  prompt: string;
}

/** Who is editing: the creator (by user id) or an admin may change an agent. */
export interface AgentEditor {
  userId: string;
  isAdmin: boolean;
}

export interface CategoryOption {
  value: string;
  label: string;
}

/** What the app is told after a save or a delete (to update 'Mis Agentes' at once). */
export interface SavedAgent {
  id: string;
  name: string;
  category: string;
  avatar: string | null;
}
