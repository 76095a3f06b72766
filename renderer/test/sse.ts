/**
 * A streaming response body for tests (jsdom has no ReadableStream): text pushed by the test is
 * read chunk by chunk, exactly where the test cut it; cancelling (an aborted fetch) ends it.
 */
export interface FakeSseStream {
  response: Response;
  push(text: string): void;
  /** Shorthand for one `event:`/`data:` block. */
  send(event: string, data: unknown): void;
  end(): void;
  /** Whether the reader was cancelled (the client stopped reading). */
  readonly cancelled: boolean;
}

export function fakeSseStream(signal?: AbortSignal, status = 200): FakeSseStream {
  const encoder = new TextEncoder();
  const queue: ({ done: true } | { done: false; value: Uint8Array })[] = [];
  let waiting: ((result: { done: boolean; value?: Uint8Array }) => void) | null = null;
  let finished = false;
  let cancelled = false;

  const deliver = (item: { done: true } | { done: false; value: Uint8Array }) => {
    if (waiting) {
      const resolve = waiting;
      waiting = null;
      resolve(item);
    } else queue.push(item);
  };
  const finish = () => {
    if (finished) return;
    finished = true;
    deliver({ done: true });
  };
  signal?.addEventListener('abort', () => {
    cancelled = true;
    finish();
  });

  const reader = {
    read: () =>
      new Promise<{ done: boolean; value?: Uint8Array }>((resolve) => {
        const next = queue.shift();
        if (next) resolve(next);
        else waiting = resolve;
      }),
    cancel: () => {
      cancelled = true;
      finish();
      return Promise.resolve();
    },
    releaseLock: () => undefined,
  };
  const response = {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    body: { getReader: () => reader },
    text: () => Promise.resolve(''),
  } as unknown as Response;

  return {
    response,
    push: (text) => {
      if (!finished) deliver({ done: false, value: encoder.encode(text) });
    },
    send(event, data) {
      this.push(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end: finish,
    get cancelled() {
      return cancelled;
    },
  };
}
