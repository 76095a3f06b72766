// Server-sent events as the product API streams them (the chat's replies, collaboration steps).
export interface SseMessage {
  event: string;
  data: string;
}

/**
 * An incremental server-sent-events parser (the WHATWG rules the chat needs): lines end in LF,
 * CRLF or CR; `event:` names the event, `data:` lines are joined with LF; a blank line dispatches;
 * comments (`: ping`) and unknown fields are ignored. Text may arrive cut anywhere.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private pendingCr = false;

  push(text: string): SseMessage[] {
    let input = text;
    // A CR at the end of the previous chunk already ended its line; a following LF is part of it.
    if (this.pendingCr && input.startsWith('\n')) input = input.slice(1);
    this.pendingCr = false;
    this.buffer += input;
    const out: SseMessage[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) break;
      // A lone CR at the very end may be the first half of CRLF: wait for more.
      if (match[0] === '\r' && match.index === this.buffer.length - 1) {
        this.pendingCr = true;
        const line = this.buffer.slice(0, match.index);
        this.buffer = '';
        this.line(line, out);
        break;
      }
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      this.line(line, out);
    }
    return out;
  }

  /** The stream ended: a message without its closing blank line is dropped, as browsers do. */
  end(): SseMessage[] {
    this.buffer = '';
    this.event = '';
    this.data = [];
    return [];
  }

  private line(line: string, out: SseMessage[]): void {
    if (line === '') {
      if (this.data.length > 0) out.push({ event: this.event || 'message', data: this.data.join('\n') });
      this.event = '';
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
  }
}

/** The body as SSE messages, decoded as UTF-8 across chunk boundaries. */
export async function* readSse(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<SseMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  const onAbort = () => {
    reader.cancel().catch(() => undefined);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        yield* parser.push(decoder.decode());
        parser.end();
        return;
      }
      yield* parser.push(decoder.decode(value, { stream: true }));
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
