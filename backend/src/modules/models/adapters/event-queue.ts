const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * Events pushed by a provider's callbacks (socket data) and pulled by the gateway's guard: an
 * async iterator without a generator in between, which would cost several promises per chunk.
 * Items are kept in order until they are read; a failure is reported after them, once.
 */
export class EventQueue<T> implements AsyncIterableIterator<T> {
  private readonly items: T[] = [];
  private ended = false;
  private failure: unknown;
  private waiting: { resolve(result: IteratorResult<T>): void; reject(error: unknown): void } | undefined;

  [Symbol.asyncIterator](): this {
    return this;
  }

  push(item: T): void {
    if (this.ended) return;
    if (this.waiting) {
      const { resolve } = this.waiting;
      this.waiting = undefined;
      resolve({ done: false, value: item });
    } else {
      this.items.push(item);
    }
  }

  /** No more items: the reader gets those still queued, then the end. */
  end(): void {
    this.finish(undefined);
  }

  /** The source failed: the reader gets the items before the failure, then the error. */
  fail(error: unknown): void {
    this.finish(error ?? new Error('EventQueue failed'));
  }

  next(): Promise<IteratorResult<T>> {
    if (this.items.length > 0) return Promise.resolve({ done: false, value: this.items.shift() as T });
    if (this.ended) return this.report();
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  /** The reader stopped early: what is queued is dropped. The source is stopped by its own signal. */
  return(): Promise<IteratorResult<T>> {
    this.ended = true;
    this.items.length = 0;
    this.failure = undefined;
    return Promise.resolve(DONE);
  }

  private finish(failure: unknown): void {
    if (this.ended) return;
    this.ended = true;
    this.failure = failure;
    if (this.waiting) {
      const waiting = this.waiting;
      this.waiting = undefined;
      this.report().then(waiting.resolve, waiting.reject);
    }
  }

  private report(): Promise<IteratorResult<T>> {
    const failure = this.failure;
    this.failure = undefined;
    return failure === undefined ? Promise.resolve(DONE) : Promise.reject(failure);
  }
}
