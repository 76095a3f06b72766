// Client state only: the server's shapes are the generated contract's (api/agentEditorQueries.ts).

/** What the form edits: every field a creator sets, plus the system prompt (kept apart on the server). */
export interface AgentFormValues {
  name: string;
  /** '' until one is chosen. */
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
  /** Shown as buttons in an empty chat with the agent; each as typed. */
  conversationStarters: string[];
  /** As typed; '' is the model's default. */
  temperature: string;
  /** As typed; '' is the default length. */
  maxAnswerTokens: string;
  prompt: string;
}

/** Who is editing: the creator (by user id) or an admin may change an agent. */
export interface AgentEditor {
  userId: string;
  isAdmin: boolean;
}
