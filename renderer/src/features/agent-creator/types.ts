/** The agent being created or changed by conversation (the server's AgentDraftDto). */
export interface AgentDraft {
  name: string;
  category: string;
  description: string;
  skills: string[];
  capabilities: string[];
  useCases: string[];
  systemPrompt: string;
  /** Empty: the deployment's default model. */
  modelId: string;
  price: number;
  isPublic: boolean;
}

export interface CreatorStatus {
  modelAvailable: boolean;
  draft: AgentDraft;
}

export interface CreatorReply {
  conversationId: string;
  userMessageId: string;
  messageId: string;
  reply: string;
  draft: AgentDraft;
  modelAvailable: boolean;
}

export interface SavedAgent {
  id: string;
  name: string;
  avatar: string | null;
}

export interface ChatLine {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  /** A notice that no reply could be produced (shown dimmed). */
  notice?: boolean;
}

export interface FineTuningMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  status: 'complete' | 'stopped' | 'failed';
}

export interface FineTuningSession {
  sessionId: string;
  agentId: string;
  status: 'open' | 'closed';
  currentPrompt: string;
  messages: FineTuningMessage[];
}

export interface FineTuningReply {
  sessionId: string;
  userMessageId: string;
  messageId: string;
  reply: string;
  proposedPrompt: string | null;
}

export interface ApplyResult {
  success: boolean;
  message: string;
}
