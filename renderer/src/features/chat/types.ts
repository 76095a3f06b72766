export type ConversationCategory = 'main' | 'agent' | 'fine-tuning';

/** Spec section 3: the conversation config kept with each conversation. */
export interface ConversationMetadata {
  modelProvider?: string;
  modelId?: string;
  useBedrockAgent?: boolean;
  isCreatorAgent?: boolean;
  agentId?: string;
  agentPrompt?: string;
  fromFlow?: boolean;
  isEcosystemChat?: boolean;
  ecosystemId?: string;
  isInitialInteraction?: boolean;
  isFineTuningConversation?: boolean;
  type?: string;
}

export type MessageRole = 'user' | 'assistant';
export type MessageStatus = 'complete' | 'stopped' | 'failed';

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface Message {
  id: string;
  role: MessageRole;
  content: string;
  timestamp: string;
  metadata: { agentId?: string; agentName?: string } | null;
  status: MessageStatus;
  usage: TokenUsage | null;
}

export interface Conversation {
  id: string;
  title: string;
  userId: string;
  metadata: ConversationMetadata;
  category: ConversationCategory;
  createdAt: string;
  updatedAt: string;
  /** GET /conversations/{id}: the newest page of messages, oldest first. */
  messages?: Message[];
  /** With messages: older ones remain, to be read with GET /conversations/{id}/messages?before=. */
  hasOlderMessages?: boolean;
}

/** The agent shown in the header of an agent chat (GET /agents/{id}). */
export interface ChatAgent {
  id: string;
  name: string;
  description?: string;
  category?: string;
  avatar?: string | null;
  /** Above 0, someone other than its creator needs a subscription to chat with it (spec section 6). */
  price?: number;
  /** The creator's public name, or 'system'. */
  createdBy?: string;
  /** The creator's user id (null for the platform's sample agents). */
  creatorId?: string | null;
}

/** Spec section 3, "Subscription"; 'canceled' is how the payment provider spells it. */
export type SubscriptionStatus = 'active' | 'paused' | 'cancelled' | 'canceled';

/** A stored subscription, as GET /subscriptions/user/{user}/{agent} answers it. */
export interface AgentSubscription {
  subscriptionId: string;
  status: SubscriptionStatus;
  isBundle: boolean;
  agents: string[];
  priceId: string | null;
  price: number;
  userId: string;
  agentId: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

/** Spec section 7: "Responses carry success and data with status"; nothing covers the agent: success false. */
export interface SubscriptionLookup {
  success: boolean;
  data: AgentSubscription | null;
}

/** What /chat's query asks for (spec section 2). */
export type ChatIntent =
  | { kind: 'agent'; agentId: string }
  | { kind: 'flow' }
  | { kind: 'main' };

/** SSE events of POST /bedrock/agents/chat. */
export interface ChatDone {
  message: string;
  completion: string;
  messageId: string;
  conversationId: string;
  suggestedActions: string[];
  suggestedQuestions: string[];
  metadata: {
    modelProvider: string;
    modelId: string | null;
    usage: TokenUsage | null;
    status: MessageStatus;
    userMessageId?: string;
    agentId?: string;
    agentName?: string;
  };
}

export type ChatStreamEvent =
  | { type: 'start'; conversationId: string; messageId: string; userMessageId: string }
  | { type: 'delta'; text: string }
  | { type: 'done'; reply: ChatDone }
  | { type: 'error'; message: string; statusCode: number; code?: string };
