import type { Conversation } from '../api/chatQueries';

/** Spec section 3: the open conversation's config, kept in local storage. */
export const CONVERSATION_CONFIG_KEY = 'conversation-config';

export interface ConversationConfig {
  modelProvider: string;
  modelId: string;
  useBedrockAgent: boolean;
  isCreatorAgent: boolean;
  agentId: string | null;
  prompt: string | null;
  /** The chat endpoint the conversation talks to. */
  endpoint: string;
}

export const AGENT_CHAT_ENDPOINT = '/bedrock/agents/chat';

export function configFor(conversation: Pick<Conversation, 'metadata'>): ConversationConfig {
  const meta = conversation.metadata ?? {};
  return {
    modelProvider: meta.modelProvider ?? 'bedrock',
    modelId: meta.modelId ?? '',
    useBedrockAgent: meta.useBedrockAgent ?? false,
    isCreatorAgent: meta.isCreatorAgent ?? false,
    agentId: meta.agentId ?? null,
    prompt: meta.agentPrompt ?? null,
    endpoint: AGENT_CHAT_ENDPOINT,
  };
}

export function writeConversationConfig(conversation: Pick<Conversation, 'metadata'>): void {
  try {
    localStorage.setItem(CONVERSATION_CONFIG_KEY, JSON.stringify(configFor(conversation)));
  } catch {
    // Storage full or disabled: the server keeps the same config with the conversation.
  }
}

export function readConversationConfig(): ConversationConfig | null {
  try {
    const raw = localStorage.getItem(CONVERSATION_CONFIG_KEY);
    return raw ? (JSON.parse(raw) as ConversationConfig) : null;
  } catch {
    return null;
  }
}
