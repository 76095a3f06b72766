import { ChatStreamError } from '../utils/chatErrors';
import { readSse, type SseMessage } from '../../../shared/api/sse';
import type { ChatDone, ChatStreamEvent } from '../types';

export type { SseMessage } from '../../../shared/api/sse';

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
