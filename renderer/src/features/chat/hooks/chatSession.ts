import type { createStore } from 'jotai';
import { isApiError } from '../../../shared/api';
import { chatApi } from '../api/chatApi';
import {
  chatOwnerAtom,
  openConversationAtom,
  pausedModalAtom,
  touchConversationAtom,
  upsertConversationAtom,
  type ChatMessage,
  type OpenConversation,
} from '../state/chatAtoms';
import type { ChatDone, ChatIntent, Conversation, ConversationMetadata } from '../types';
import { chatStrings } from '../strings';
import { classifySendError } from '../utils/chatErrors';
import { writeConversationConfig } from '../utils/conversationConfig';

type Store = ReturnType<typeof createStore>;

/** One send in flight per conversation; 'Detener' aborts it (the server then stores 'stopped'). */
const inFlight = new Map<string, AbortController>();

function updateOpen(store: Store, conversationId: string, change: (open: OpenConversation) => OpenConversation): void {
  const open = store.get(openConversationAtom);
  if (open?.id === conversationId) store.set(openConversationAtom, change(open));
}

/** A conversation is on screen: remembered in the list and as the local conversation config. */
export function showConversation(store: Store, conversation: Conversation): void {
  const { messages = [], hasOlderMessages = false, ...summary } = conversation;
  store.set(upsertConversationAtom, summary);
  store.set(openConversationAtom, {
    id: conversation.id,
    status: 'ready',
    conversation: summary,
    messages,
    older: hasOlderMessages ? 'available' : undefined,
    streaming: null,
  });
  writeConversationConfig(conversation);
}

/** Messages read per page when the user goes back in a long conversation (the server allows 200). */
export const OLDER_MESSAGES_PAGE = 100;

/** The page before the oldest message shown, put above it; once at most, however often it is asked for. */
export async function loadOlderMessages(store: Store, conversationId: string): Promise<void> {
  const open = store.get(openConversationAtom);
  const oldest = open?.messages[0];
  if (open?.id !== conversationId || !oldest || (open.older !== 'available' && open.older !== 'error')) return;
  updateOpen(store, conversationId, (current) => ({ ...current, older: 'loading' }));
  try {
    const page = await chatApi.listMessages(conversationId, { before: oldest.id, limit: OLDER_MESSAGES_PAGE });
    updateOpen(store, conversationId, (current) => {
      const shown = new Set(current.messages.map((message) => message.id));
      return {
        ...current,
        messages: [...page.filter((message) => !shown.has(message.id)), ...current.messages],
        older: page.length < OLDER_MESSAGES_PAGE ? undefined : 'available',
      };
    });
  } catch {
    updateOpen(store, conversationId, (current) => ({ ...current, older: 'error' }));
  }
}

/** Loads a conversation with its messages into the open slot, unless it is already there. */
export async function loadConversation(store: Store, id: string, signal: AbortSignal): Promise<void> {
  const open = store.get(openConversationAtom);
  // Already on screen (just created here, say). A 'loading' one may be a cancelled earlier load
  // (React's double effects in development), so it is loaded again.
  if (open?.id === id && open.status === 'ready') return;
  store.set(openConversationAtom, { id, status: 'loading', conversation: null, messages: [], streaming: null });
  try {
    const conversation = await chatApi.getConversation(id, signal);
    if (signal.aborted) return;
    showConversation(store, conversation);
  } catch (error) {
    // Left before it arrived: whoever is on screen now owns the slot.
    if (signal.aborted) return;
    const notFound = isApiError(error) && (error.status === 404 || error.status === 400);
    updateOpen(store, id, (current) => ({ ...current, status: notFound ? 'not-found' : 'error' }));
  }
}

/** Spec section 4: the metadata the new conversation is created with, from /chat's query. */
export function metadataFor(intent: ChatIntent): ConversationMetadata | undefined {
  if (intent.kind === 'agent') return { agentId: intent.agentId };
  if (intent.kind === 'flow') return { fromFlow: true };
  return undefined;
}

/** A title from the first message, so that the sidebar's list and search mean something. */
export function titleFromMessage(message: string): string {
  const line = message.trim().split(/\r?\n/)[0]!.replace(/\s+/g, ' ');
  return line.length > 60 ? `${line.slice(0, 57).trimEnd()}…` : line;
}

function withUserMessage(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  const index = messages.findIndex((item) => item.id === message.id);
  if (index === -1) return [...messages, message];
  const next = [...messages];
  next[index] = message;
  return next;
}

function replyMessage(done: ChatDone, fallbackText: string): ChatMessage {
  const meta = done.metadata ?? ({} as ChatDone['metadata']);
  return {
    id: done.messageId,
    role: 'assistant',
    content: done.message ?? done.completion ?? fallbackText,
    timestamp: new Date().toISOString(),
    metadata: meta.agentId ? { agentId: meta.agentId, agentName: meta.agentName } : null,
    status: meta.status ?? 'complete',
    usage: meta.usage ?? null,
  };
}

export interface SendInput {
  conversationId: string;
  content: string;
  /** The user message's client id: new for a send, the same for a resend. */
  messageId: string;
  /** The agent of the conversation, for the marketplace link when a subscription is needed. */
  agentId?: string;
}

/**
 * Sends one user message and streams the reply into the open conversation. Resolves when the
 * reply is complete, stopped, or has failed (the failure is shown on the user's message).
 */
export async function sendMessage(store: Store, input: SendInput): Promise<void> {
  const { conversationId, content, messageId } = input;
  inFlight.get(conversationId)?.abort();
  const controller = new AbortController();
  inFlight.set(conversationId, controller);

  const userMessage: ChatMessage = {
    id: messageId,
    role: 'user',
    content,
    timestamp: new Date().toISOString(),
    metadata: null,
    status: 'complete',
  usage: null,
  };
  updateOpen(store, conversationId, (open) => ({
    ...open,
    // A resent message's failed reply goes: the new reply replaces it.
    messages: withUserMessage(dropFailedReplyAfter(open.messages, messageId), userMessage),
    streaming: { userMessageId: messageId, replyId: null, text: '' },
  }));
  store.set(touchConversationAtom, conversationId);

  let text = '';
  let replyId: string | null = null;
  const finishStopped = () => {
    updateOpen(store, conversationId, (open) => ({
      ...open,
      streaming: null,
      messages:
        text === ''
          ? open.messages
          : [
              ...open.messages,
              {
                id: replyId ?? `stopped-${messageId}`,
                role: 'assistant',
                content: text,
                timestamp: new Date().toISOString(),
                metadata: null,
                status: 'stopped',
                usage: null,
              },
            ],
    }));
  };

  try {
    const owner = store.get(chatOwnerAtom);
    const events = chatApi.sendMessage({
      conversationId,
      message: content,
      messageId,
      userId: owner.status === 'user' ? owner.userId : undefined,
      signal: controller.signal,
    });
    let done = false;
    for await (const event of events) {
      if (event.type === 'start') {
        replyId = event.messageId || null;
        updateOpen(store, conversationId, (open) =>
          open.streaming ? { ...open, streaming: { ...open.streaming, replyId } } : open,
        );
      } else if (event.type === 'delta') {
        text += event.text;
        updateOpen(store, conversationId, (open) =>
          open.streaming ? { ...open, streaming: { ...open.streaming, text } } : open,
        );
      } else if (event.type === 'done') {
        done = true;
        const reply = replyMessage(event.reply, text);
        updateOpen(store, conversationId, (open) => ({ ...open, streaming: null, messages: [...open.messages, reply] }));
      }
    }
    if (!done) {
      if (controller.signal.aborted) finishStopped();
      else throw new Error('');
    }
  } catch (error) {
    if (controller.signal.aborted) {
      finishStopped();
      return;
    }
    const failure = classifySendError(error);
    if (failure.kind === 'paused') store.set(pausedModalAtom, { open: true, agentId: input.agentId });
    const sendError: ChatMessage['sendError'] =
      failure.kind === 'error'
        ? { title: failure.title, message: failure.message }
        : failure.kind === 'subscription-required'
          ? {
              title: '',
              message: failure.message,
              ...(input.agentId ? { agentLink: `/marketplace/agent/${encodeURIComponent(input.agentId)}`, agentId: input.agentId } : {}),
            }
          : { title: '', message: chatStrings.paused.title };
    updateOpen(store, conversationId, (open) => ({
      ...open,
      streaming: null,
      messages: open.messages.map((message) => (message.id === messageId ? { ...message, sendError } : message)),
    }));
  } finally {
    if (inFlight.get(conversationId) === controller) inFlight.delete(conversationId);
  }
}

/** The reply right after `messageId` when it failed (no model, say): a resend replaces it. */
function dropFailedReplyAfter(messages: ChatMessage[], messageId: string): ChatMessage[] {
  const index = messages.findIndex((message) => message.id === messageId);
  if (index === -1) return messages;
  const next = messages[index + 1];
  if (next && next.role === 'assistant' && next.status === 'failed') {
    return [...messages.slice(0, index + 1), ...messages.slice(index + 2)];
  }
  return messages;
}

/** 'Detener': aborts the reply streaming in; what arrived stays, marked as stopped. */
export function stopReply(conversationId: string): void {
  inFlight.get(conversationId)?.abort();
}
