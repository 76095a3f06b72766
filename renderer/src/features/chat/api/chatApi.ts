import { apiClient } from '../../../shared/api';
import { AGENT_FETCH_TIMEOUT_MS, MESSAGE_SAVE_INITIAL_DELAY_MS, MESSAGE_SAVE_RETRIES } from '../../../shared/config';
import type {
  ChatAgent,
  ChatStreamEvent,
  Conversation,
  ConversationMetadata,
  Message,
  MessageRole,
  SubscriptionLookup,
} from '../types';
import { AGENT_CHAT_ENDPOINT } from '../utils/conversationConfig';
import { readChatEvents } from './sse';

/** List and CRUD calls should not leave the sidebar spinning on a stuck server. */
const CONVERSATIONS_TIMEOUT_MS = 15_000;

const conversationPath = (id: string) => `/conversations/${encodeURIComponent(id)}`;

export interface CreateConversationInput {
  title?: string;
  metadata?: ConversationMetadata;
}

export interface SaveMessageInput {
  id: string;
  role: MessageRole;
  content: string;
  timestamp?: string;
}

export interface SendMessageInput {
  conversationId: string;
  message: string;
  /** The client id of the user message; resending reuses it so that the server does not duplicate it. */
  messageId: string;
  agentId?: string;
  userId?: string;
  signal?: AbortSignal;
}

export const chatApi = {
  listConversations: (signal?: AbortSignal) =>
    apiClient.get<Conversation[]>('/conversations', { timeoutMs: CONVERSATIONS_TIMEOUT_MS, signal }),

  getConversation: (id: string, signal?: AbortSignal) =>
    apiClient.get<Conversation>(conversationPath(id), { timeoutMs: CONVERSATIONS_TIMEOUT_MS, signal }),

  /** A page of messages, oldest first: the `limit` just before the message `before`; a shorter page is the first. */
  listMessages: (id: string, page: { before: string; limit: number }, signal?: AbortSignal) =>
    apiClient.get<Message[]>(`${conversationPath(id)}/messages`, { query: page, timeoutMs: CONVERSATIONS_TIMEOUT_MS, signal }),

  createConversation: (input: CreateConversationInput) =>
    apiClient.post<Conversation>('/conversations', { body: input, timeoutMs: CONVERSATIONS_TIMEOUT_MS }),

  renameConversation: (id: string, title: string) =>
    apiClient.put<Conversation>(conversationPath(id), { body: { title }, timeoutMs: CONVERSATIONS_TIMEOUT_MS }),

  deleteConversation: (id: string) =>
    apiClient.delete<unknown>(conversationPath(id), { timeoutMs: CONVERSATIONS_TIMEOUT_MS }),

  /** Spec section 7: retried up to 3 times, 500 ms doubling; idempotent by the message id. */
  saveMessage: (conversationId: string, message: SaveMessageInput) =>
    apiClient.post<Message>(`${conversationPath(conversationId)}/messages`, {
      body: message,
      timeoutMs: CONVERSATIONS_TIMEOUT_MS,
      retry: { attempts: MESSAGE_SAVE_RETRIES, initialDelayMs: MESSAGE_SAVE_INITIAL_DELAY_MS },
    }),

  /** Reads (without a prompt) or saves the user's instructions for the main assistant. */
  assistantPrompt: (userId: string, prompt?: string) =>
    apiClient.post<{ prompt: string; custom: boolean }>(`/users/${encodeURIComponent(userId)}/nova-prompt`, {
      body: prompt === undefined ? {} : { prompt },
      timeoutMs: CONVERSATIONS_TIMEOUT_MS,
    }),

  getAgent: (id: string, signal?: AbortSignal) =>
    apiClient.get<ChatAgent>(`/agents/${encodeURIComponent(id)}`, { timeoutMs: AGENT_FETCH_TIMEOUT_MS, signal }),

  /** The user's subscription covering the agent (individual or bundle), checked as the chat opens. */
  subscriptionFor: (userId: string, agentId: string, signal?: AbortSignal) =>
    apiClient.get<SubscriptionLookup>(`/stripe-user-subscriptions/subscriptions/user/${encodeURIComponent(userId)}/${encodeURIComponent(agentId)}`, {
      timeoutMs: AGENT_FETCH_TIMEOUT_MS,
      signal,
    }),

  /**
   * Sends the user's message and streams the reply. The server stores the user message itself
   * (idempotent by `messageId`) and the reply when it completes, or as 'stopped' when the caller
   * aborts the signal. Errors before the stream opens are thrown as ApiError.
   */
  async *sendMessage({ signal, ...input }: SendMessageInput): AsyncGenerator<ChatStreamEvent> {
    const response = await apiClient.stream(AGENT_CHAT_ENDPOINT, {
      body: {
        conversationId: input.conversationId,
        message: input.message,
        messageId: input.messageId,
        ...(input.agentId ? { agentId: input.agentId } : {}),
        ...(input.userId ? { userId: input.userId } : {}),
      },
      signal,
    });
    if (!response.body) throw new Error('La respuesta no trae contenido');
    yield* readChatEvents(response.body, signal);
  },
};
