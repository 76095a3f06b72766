import type { QueryClient } from '@tanstack/react-query';
import type { createStore } from 'jotai';
import { chatKeys, touchListed, updateMessages, type ConversationMetadata, type Message } from '../api/chatQueries';
import { streamChatTurn, type ChatDone, type ChatSource } from '../api/chatStream';
import { chatOwnerAtom, liveTurnsAtom, NO_LIVE_TURN, pausedModalAtom, type LiveTurn, type SendError } from '../state/chatAtoms';
import { chatStrings } from '../strings';
import { classifySendError } from '../utils/chatErrors';
import type { ChatIntent } from '../utils/intent';

type Store = ReturnType<typeof createStore>;

/** Where a chat turn writes: the messages to the query cache, the reply streaming in to the client state. */
export interface ChatSession {
  store: Store;
  queryClient: QueryClient;
}

/** One send in flight per conversation; 'Detener' aborts it (the server then stores 'stopped'). */
const inFlight = new Map<string, AbortController>();

function updateLive(store: Store, conversationId: string, change: (turn: LiveTurn) => LiveTurn): void {
  const turns = store.get(liveTurnsAtom);
  store.set(liveTurnsAtom, { ...turns, [conversationId]: change(turns[conversationId] ?? NO_LIVE_TURN) });
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

function withUserMessage(messages: Message[], message: Message): Message[] {
  const index = messages.findIndex((item) => item.id === message.id);
  if (index === -1) return [...messages, message];
  const next = [...messages];
  next[index] = message;
  return next;
}

function replyMessage(done: ChatDone, fallbackText: string, streamedSources: ChatSource[] | undefined): Message {
  const meta = done.metadata ?? ({} as Partial<ChatDone['metadata']>);
  const sources = streamedSources ?? meta.sources;
  return {
    id: done.messageId,
    role: 'assistant',
    content: done.message ?? done.completion ?? fallbackText,
    timestamp: new Date().toISOString(),
    // The main assistant's answer has sources too when the conversation has attached files.
    metadata: meta.agentId
      ? { agentId: meta.agentId, agentName: meta.agentName, ...(sources && sources.length > 0 ? { sources } : {}) }
      : sources && sources.length > 0
        ? { sources }
        : null,
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
  /** Documents attached to this message (uploaded already); a resend sends none. */
  fileIds?: string[];
}

function sendErrorOf(error: unknown, store: Store, agentId: string | undefined): SendError {
  const failure = classifySendError(error);
  if (failure.kind === 'paused') store.set(pausedModalAtom, { open: true, agentId });
  if (failure.kind === 'error') return { title: failure.title, message: failure.message };
  if (failure.kind === 'subscription-required') {
    return {
      title: '',
      message: failure.message,
      ...(agentId ? { agentLink: `/marketplace/agent/${encodeURIComponent(agentId)}`, agentId } : {}),
    };
  }
  return { title: '', message: chatStrings.paused.title };
}

/**
 * Sends one user message and streams the reply into the conversation. The user message is in the
 * conversation's cache at once (and the conversation at the top of the list); the reply streams in
 * as client state and goes to the cache when it is complete or stopped. Resolves when the reply is
 * complete, stopped, or has failed (the failure is shown on the user's message).
 */
export async function sendMessage({ store, queryClient }: ChatSession, input: SendInput): Promise<void> {
  const { conversationId, content, messageId } = input;
  inFlight.get(conversationId)?.abort();
  const controller = new AbortController();
  inFlight.set(conversationId, controller);

  const userMessage: Message = {
    id: messageId,
    role: 'user',
    content,
    timestamp: new Date().toISOString(),
    metadata: null,
    status: 'complete',
    usage: null,
  };
  // A resent message's failed reply goes: the new reply replaces it.
  updateMessages(queryClient, conversationId, (messages) => withUserMessage(dropFailedReplyAfter(messages, messageId), userMessage));
  updateLive(store, conversationId, ({ sendErrors: { [messageId]: _resent, ...sendErrors } }) => ({
    sendErrors,
    streaming: { userMessageId: messageId, replyId: null, text: '' },
  }));
  touchListed(queryClient, conversationId);

  let text = '';
  let replyId: string | null = null;
  let sources: ChatSource[] | undefined;
  const finishStopped = () => {
    if (text !== '') {
      updateMessages(queryClient, conversationId, (messages) => [
        ...messages,
        {
          id: replyId ?? `stopped-${messageId}`,
          role: 'assistant',
          content: text,
          timestamp: new Date().toISOString(),
          metadata: null,
          status: 'stopped',
          usage: null,
        },
      ]);
    }
    updateLive(store, conversationId, (turn) => ({ ...turn, streaming: null }));
  };

  try {
    const owner = store.get(chatOwnerAtom);
    const events = streamChatTurn({
      conversationId,
      message: content,
      messageId,
      fileIds: input.fileIds,
      userId: owner.status === 'user' ? owner.userId : undefined,
      signal: controller.signal,
    });
    let done = false;
    for await (const event of events) {
      if (event.type === 'start') {
        replyId = event.messageId || null;
        updateLive(store, conversationId, (turn) => (turn.streaming ? { ...turn, streaming: { ...turn.streaming, replyId } } : turn));
      } else if (event.type === 'delta') {
        text += event.text;
        updateLive(store, conversationId, (turn) => (turn.streaming ? { ...turn, streaming: { ...turn.streaming, text } } : turn));
      } else if (event.type === 'sources') {
        sources = event.sources;
      } else if (event.type === 'done') {
        done = true;
        const reply = replyMessage(event.reply, text, sources);
        updateMessages(queryClient, conversationId, (messages) => [...messages, reply]);
        updateLive(store, conversationId, (turn) => ({ ...turn, streaming: null }));
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
    const sendError = sendErrorOf(error, store, input.agentId);
    updateLive(store, conversationId, (turn) => ({ streaming: null, sendErrors: { ...turn.sendErrors, [messageId]: sendError } }));
  } finally {
    if (inFlight.get(conversationId) === controller) inFlight.delete(conversationId);
    // The server has the turn (or what of it was stored): the list's order and dates are its own again.
    void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
  }
}

/** The reply right after `messageId` when it failed (no model, say): a resend replaces it. */
function dropFailedReplyAfter(messages: Message[], messageId: string): Message[] {
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
