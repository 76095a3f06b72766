import { createParser } from 'eventsource-parser';

// Server-sent events as the product API streams them (the chat's replies, collaboration steps).
export interface SseMessage {
  event: string;
  data: string;
}

/**
 * The body as SSE messages, decoded as UTF-8 across chunk boundaries and parsed by
 * eventsource-parser, as the backend parses its model providers' streams. An event is dispatched
 * only at its blank line: one the stream ends without is dropped, as browsers do.
 */
export async function* readSse(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<SseMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parsed: SseMessage[] = [];
  const parser = createParser({ onEvent: ({ event, data }) => parsed.push({ event: event ?? 'message', data }) });
  const onAbort = () => {
    reader.cancel().catch(() => undefined);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  let endsWithCr = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      if (text !== '') endsWithCr = text.endsWith('\r');
      parser.feed(text);
      // The parser holds a last CR back in case an LF follows; at the end none can, so the line ended there.
      if (done && endsWithCr) parser.feed('\n');
      yield* parsed.splice(0);
      if (done) return;
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    try {
      reader.releaseLock();
    } catch {
      // Already released or cancelled.
    }
  }
}
