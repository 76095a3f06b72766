import { openEventStream, readSse, type components, type SseMessage } from '../../../shared/api';
import { ChatStreamError } from '../utils/chatErrors';
import { AGENT_CHAT_ENDPOINT } from '../utils/conversationConfig';

// A chat turn's reply streams in on its own path (openEventStream), read by the one SSE parser
// (shared/api/sse.ts, eventsource-parser); here its events are only given their types.

/** The `done` event: the reply as the JSON answer of POST /api/bedrock/agents/chat would be. */
export type ChatDone = components['schemas']['ChatReplyDto'];
export type ChatSource = components['schemas']['KnowledgeSourceDto'];
/** A tool call of an agent's answer (issue 33): as stored, and as the stream builds it up. */
export type ChatToolCall = components['schemas']['ToolCallDto'];
/** The call a paused answer waits for the user to allow or refuse. */
export type ChatToolConfirmation = components['schemas']['ToolConfirmationEventDto'];

function isSource(value: unknown): value is ChatSource {
  const source = value as Partial<ChatSource> | null;
  return (
    typeof source === 'object' &&
    source !== null &&
    typeof source.documentId === 'string' &&
    typeof source.documentName === 'string' &&
    typeof source.snippet === 'string' &&
    (source.page === null || typeof source.page === 'number')
  );
}

/**
 * The events of POST /api/bedrock/agents/chat with 'Accept: text/event-stream', as the route's
 * description in the contract lists them (the document types the stream itself as text).
 */
export type ChatStreamEvent =
  | { type: 'start'; conversationId: string; messageId: string; userMessageId: string }
  | { type: 'delta'; text: string }
  /** Before `done`, when the agent has documents: the passages it was given, with their document and page. */
  | { type: 'sources'; sources: ChatSource[] }
  /** The agent calls one of its tools. */
  | { type: 'tool_call'; call: Pick<ChatToolCall, 'id' | 'tool' | 'sourceName' | 'arguments'> }
  /** What the call gave back (cut for display), with a Spanish note when it failed or was not allowed. */
  | { type: 'tool_result'; result: { id: string; ok: boolean; output: string; note?: string } }
  /** The answer stops until the user allows or refuses this call (then `done`). */
  | { type: 'tool_confirmation'; confirmation: ChatToolConfirmation }
  | { type: 'done'; reply: ChatDone }
  | ({ type: 'error' } & Pick<components['schemas']['ErrorBodyDto'], 'message' | 'statusCode' | 'code'>);

export type SendMessageInput = Pick<components['schemas']['AgentChatDto'], 'conversationId' | 'message' | 'agentId' | 'userId' | 'fileIds'> & {
  /** The client id of the user message; resending reuses it so that the server does not duplicate it. */
  messageId: string;
  signal?: AbortSignal;
};

function parseJson(data: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const str = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);

/** The chat's typed events; malformed or unknown ones are skipped. */
export function toChatEvent(message: SseMessage): ChatStreamEvent | null {
  const data = parseJson(message.data);
  if (!data) return null;
  switch (message.event) {
    case 'start':
      return {
        type: 'start',
        conversationId: str(data.conversationId),
        messageId: str(data.messageId),
        userMessageId: str(data.userMessageId),
      };
    case 'delta':
      return typeof data.text === 'string' ? { type: 'delta', text: data.text } : null;
    case 'sources':
      return Array.isArray(data) ? { type: 'sources', sources: data.filter(isSource) } : null;
    case 'tool_call':
      return typeof data.id === 'string' && typeof data.tool === 'string'
        ? { type: 'tool_call', call: { id: data.id, tool: data.tool, sourceName: str(data.sourceName), arguments: (data.arguments ?? {}) as ChatToolCall['arguments'] } }
        : null;
    case 'tool_result':
      return typeof data.id === 'string'
        ? { type: 'tool_result', result: { id: data.id, ok: data.ok === true, output: str(data.output), ...(typeof data.note === 'string' ? { note: data.note } : {}) } }
        : null;
    case 'tool_confirmation':
      return typeof data.id === 'string' && typeof data.tool === 'string'
        ? {
            type: 'tool_confirmation',
            confirmation: { id: data.id, tool: data.tool, sourceName: str(data.sourceName), arguments: (data.arguments ?? {}) as ChatToolCall['arguments'], agentName: str(data.agentName) },
          }
        : null;
    case 'done':
      return { type: 'done', reply: data as unknown as ChatDone };
    case 'error':
      return {
        type: 'error',
        message: str(data.message),
        statusCode: typeof data.statusCode === 'number' ? data.statusCode : 500,
        ...(typeof data.code === 'string' ? { code: data.code } : {}),
      };
    default:
      return null;
  }
}

/** Chat events from a streaming response; an `error` event is thrown as ChatStreamError. */
export async function* readChatEvents(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<ChatStreamEvent> {
  for await (const message of readSse(body, signal)) {
    const event = toChatEvent(message);
    if (!event) continue;
    if (event.type === 'error') throw new ChatStreamError(event.message, event.statusCode, event.code);
    yield event;
  }
}

/**
 * Sends the user's message and streams the reply. The server stores the user message itself
 * (idempotent by `messageId`) and the reply when it completes, or as 'stopped' when the caller
 * aborts the signal. Errors before the stream opens are thrown as ApiError.
 */
export async function* streamChatTurn({ signal, ...input }: SendMessageInput): AsyncGenerator<ChatStreamEvent> {
  const response = await openEventStream(AGENT_CHAT_ENDPOINT, {
    body: {
      conversationId: input.conversationId,
      message: input.message,
      messageId: input.messageId,
      ...(input.agentId ? { agentId: input.agentId } : {}),
      ...(input.userId ? { userId: input.userId } : {}),
      // Documents uploaded for this message: the conversation keeps them for its later turns.
      ...(input.fileIds && input.fileIds.length > 0 ? { fileIds: input.fileIds } : {}),
    },
    signal,
  });
  if (!response.body) throw new Error('La respuesta no trae contenido');
  yield* readChatEvents(response.body, signal);
}

export interface ToolConfirmationInput {
  conversationId: string;
  /** The id of the call waiting (the tool_confirmation event's). */
  callId: string;
  allow: boolean;
  signal?: AbortSignal;
}

/** Allows or refuses the tool a paused answer waits for, and streams the rest of that same answer. */
export async function* streamToolConfirmation({ signal, ...input }: ToolConfirmationInput): AsyncGenerator<ChatStreamEvent> {
  const response = await openEventStream(`${AGENT_CHAT_ENDPOINT}/confirmation`, {
    body: { conversationId: input.conversationId, callId: input.callId, allow: input.allow },
    signal,
  });
  if (!response.body) throw new Error('La respuesta no trae contenido');
  yield* readChatEvents(response.body, signal);
}
