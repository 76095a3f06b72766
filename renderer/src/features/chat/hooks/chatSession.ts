import type { QueryClient } from '@tanstack/react-query';
import type { createStore } from 'jotai';
import { chatKeys, touchListed, updateMessages, type ConversationMetadata, type Message } from '../api/chatQueries';
import type { SentAttachment } from '../api/chatAttachments';
import {
  streamChatTurn,
  streamToolConfirmation,
  type ChatDone,
  type ChatSource,
  type ChatStreamEvent,
  type ChatToolCall,
  type ChatToolConfirmation,
} from '../api/chatStream';
import { chatOwnerAtom, liveTurnsAtom, NO_LIVE_TURN, pausedModalAtom, type LiveTurn, type SendError } from '../state/chatAtoms';
import { chatStrings } from '../strings';
import { ApiError } from '../../../shared/api';
import { ChatStreamError, classifySendError } from '../utils/chatErrors';
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

/** What a turn's stream has brought so far. */
interface TurnProgress {
  text: string;
  replyId: string | null;
  sources?: ChatSource[];
  toolCalls: ChatToolCall[];
  confirmation?: ChatToolConfirmation;
}

/**
 * Reads a turn's events into `progress`, showing the text and the tool calls as they come;
 * resolves with the `done` reply, or null when the stream ended without one.
 */
async function followTurn(store: Store, conversationId: string, events: AsyncIterable<ChatStreamEvent>, progress: TurnProgress): Promise<ChatDone | null> {
  const show = () =>
    updateLive(store, conversationId, (turn) =>
      turn.streaming ? { ...turn, streaming: { ...turn.streaming, replyId: progress.replyId, text: progress.text, toolCalls: progress.toolCalls } } : turn,
    );
  for await (const event of events) {
    if (event.type === 'start') {
      progress.replyId = event.messageId || null;
      show();
    } else if (event.type === 'delta') {
      progress.text += event.text;
      show();
    } else if (event.type === 'sources') {
      progress.sources = event.sources;
    } else if (event.type === 'tool_call') {
      progress.toolCalls = [...progress.toolCalls.filter((call) => call.id !== event.call.id), { ...event.call, status: 'pending' }];
      show();
    } else if (event.type === 'tool_result') {
      const { id, ok, output, note } = event.result;
      progress.toolCalls = progress.toolCalls.map((call) => (call.id === id ? { ...call, status: 'done', ok, output, ...(note ? { note } : {}) } : call));
      show();
    } else if (event.type === 'tool_confirmation') {
      progress.confirmation = event.confirmation;
    } else if (event.type === 'done') {
      return event.reply;
    }
  }
  return null;
}

function replyMessage(done: ChatDone, fallbackText: string, streamedSources: ChatSource[] | undefined, progress?: TurnProgress): Message {
  const meta = done.metadata ?? ({} as Partial<ChatDone['metadata']>);
  const sources = streamedSources ?? meta.sources;
  const toolCalls = meta.toolCalls ?? (progress && progress.toolCalls.length > 0 ? progress.toolCalls : undefined);
  const toolConfirmation = meta.toolConfirmation ?? progress?.confirmation;
  const tools = { ...(toolCalls && toolCalls.length > 0 ? { toolCalls } : {}), ...(toolConfirmation ? { toolConfirmation } : {}) };
  return {
    id: done.messageId,
    role: 'assistant',
    content: done.message ?? done.completion ?? fallbackText,
    timestamp: new Date().toISOString(),
    // The main assistant's answer has sources too when the conversation has attached files.
    metadata: meta.agentId
      ? { agentId: meta.agentId, agentName: meta.agentName, ...(sources && sources.length > 0 ? { sources } : {}), ...tools }
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
  attachments?: SentAttachment[];
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
    metadata: input.attachments && input.attachments.length > 0 ? { attachments: input.attachments } : null,
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

  const progress: TurnProgress = { text: '', replyId: null, toolCalls: [] };
  const finishStopped = () => {
    const { text, replyId } = progress;
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
      fileIds: input.attachments?.map((attachment) => attachment.fileId),
      userId: owner.status === 'user' ? owner.userId : undefined,
      signal: controller.signal,
    });
    const done = await followTurn(store, conversationId, events, progress);
    if (done) {
      const reply = replyMessage(done, progress.text, progress.sources, progress);
      updateMessages(queryClient, conversationId, (messages) => [...messages, reply]);
      updateLive(store, conversationId, (turn) => ({ ...turn, streaming: null }));
    } else {
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

export interface ToolAnswerInput {
  conversationId: string;
  /** The paused answer (its stored message). */
  reply: Message;
  allow: boolean;
  agentId?: string;
}

/**
 * 'Permitir' / 'Rechazar' on a paused answer (issue 33): the server takes the answer up again and
 * the rest streams into the same message, which shows as streaming meanwhile (with its text and
 * calls so far) and goes back to the cache, in its place, when done. A failure puts it back as it
 * was, with the error beside it.
 */
export async function answerToolConfirmation({ store, queryClient }: ChatSession, { conversationId, reply, allow, agentId }: ToolAnswerInput): Promise<void> {
  const confirmation = reply.metadata?.toolConfirmation;
  if (!confirmation) return;
  inFlight.get(conversationId)?.abort();
  const controller = new AbortController();
  inFlight.set(conversationId, controller);
  let position = -1;
  updateMessages(queryClient, conversationId, (messages) => {
    position = messages.findIndex((message) => message.id === reply.id);
    return messages.filter((message) => message.id !== reply.id);
  });
  const progress: TurnProgress = { text: reply.content, replyId: reply.id, toolCalls: [...(reply.metadata?.toolCalls ?? [])] };
  updateLive(store, conversationId, ({ sendErrors: { [reply.id]: _retried, ...sendErrors } }) => ({
    sendErrors,
    streaming: { userMessageId: '', replyId: reply.id, text: progress.text, toolCalls: progress.toolCalls },
  }));
  const putBack = (message: Message) =>
    updateMessages(queryClient, conversationId, (messages) => {
      const at = position < 0 || position > messages.length ? messages.length : position;
      return [...messages.slice(0, at), message, ...messages.slice(at)];
    });
  try {
    const done = await followTurn(store, conversationId, streamToolConfirmation({ conversationId, callId: confirmation.id, allow, signal: controller.signal }), progress);
    if (!done) throw new Error('');
    putBack(replyMessage(done, progress.text, progress.sources, progress));
    updateLive(store, conversationId, (turn) => ({ ...turn, streaming: null }));
  } catch (error) {
    // Taken up on the server (the stream failed after it) or answered elsewhere (409): no card
    // any more; refused before that (a limit, a network failure), the card stays to try again.
    const taken = error instanceof ChatStreamError || (error instanceof ApiError && error.status === 409);
    putBack(taken && reply.metadata ? { ...reply, metadata: withoutConfirmation(reply.metadata) } : reply);
    const sendError = controller.signal.aborted ? null : sendErrorOf(error, store, agentId);
    updateLive(store, conversationId, (turn) => ({ streaming: null, sendErrors: sendError ? { ...turn.sendErrors, [reply.id]: sendError } : turn.sendErrors }));
  } finally {
    if (inFlight.get(conversationId) === controller) inFlight.delete(conversationId);
    void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
  }
}

function withoutConfirmation(metadata: NonNullable<Message['metadata']>): NonNullable<Message['metadata']> {
  const { toolConfirmation: _answered, ...rest } = metadata;
  return rest;
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
