import { ModelAbortedError, ModelError, ModelTimeoutError } from '../model-gateway';

export interface GuardOptions {
  /** Longest wait for the next event (the first included); reset by every event. */
  timeoutMs: number;
  /** The caller's signal: aborting it cancels the provider call. */
  signal?: AbortSignal;
  /** Turns anything the provider threw into a ModelError. */
  toModelError(error: unknown): Error;
  /** Told once how the stream ended: 'done', 'cancelled' (the consumer stopped early) or the error. */
  onEnd?(outcome: 'done' | 'cancelled' | Error): void;
}

export interface StreamContext {
  /** Aborted on time-out, on the caller's signal, or when the consumer stops. */
  signal: AbortSignal;
  /** Tells the guard the provider is alive (an event arrived), restarting the time-out. */
  activity(): void;
}

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * Runs a provider stream under a time-out and the caller's signal. Either one aborts the provider
 * call (the signal handed to `open`) and ends the stream with ModelTimeoutError or
 * ModelAbortedError, even when the provider's iterator itself never settles. A consumer that stops
 * early (break, return) aborts the call too. The timer runs only while we wait for the provider,
 * not while the consumer handles an event, and restarts with every provider event (`activity`),
 * also those that yield nothing (message start, metadata).
 */
export function guardStream<T>(open: (context: StreamContext) => AsyncIterable<T>, options: GuardOptions): AsyncIterableIterator<T> {
  return new GuardedStream(open, options);
}

/**
 * An iterator object rather than an async generator: it sits on every chunk of every reply, and a
 * generator racing each chunk against the interruption costs several promises where this costs one.
 */
class GuardedStream<T> implements AsyncIterableIterator<T> {
  private readonly controller = new AbortController();
  private source: AsyncIterator<T> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private waiting = false;
  private ended = false;
  /** Why the stream ended, until a `next()` has reported it. */
  private unreported: Error | undefined;
  /** Rejects the `next()` in progress. */
  private rejectWaiting: ((error: Error) => void) | undefined;
  private readonly onCallerAbort = () => this.interrupt(new ModelAbortedError());

  constructor(
    private readonly open: (context: StreamContext) => AsyncIterable<T>,
    private readonly options: GuardOptions,
  ) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<T>> {
    if (!this.ended && !this.source) this.start();
    if (this.ended) {
      const error = this.takeUnreported();
      return error ? Promise.reject(error) : Promise.resolve(DONE);
    }
    const source = this.source!;
    return new Promise<IteratorResult<T>>((resolve, reject) => {
      this.rejectWaiting = reject;
      this.waiting = true;
      this.timer!.refresh();
      let pending: Promise<IteratorResult<T>>;
      try {
        pending = source.next();
      } catch (error) {
        pending = Promise.reject(error);
      }
      pending.then(
        (result) => {
          this.waiting = false;
          if (this.ended) return;
          if (result.done) this.finish('done');
          resolve(result);
        },
        (error: unknown) => {
          this.waiting = false;
          if (this.ended) return;
          this.finish(this.toModelError(error));
          reject(this.takeUnreported());
        },
      );
    });
  }

  /** The consumer stopped early (break, return): the provider call is cancelled. */
  return(): Promise<IteratorResult<T>> {
    if (!this.ended) this.finish('cancelled');
    this.unreported = undefined;
    return Promise.resolve(DONE);
  }

  /** Opens the provider stream on the first `next()`. */
  private start(): void {
    const { signal, timeoutMs } = this.options;
    if (signal?.aborted) {
      this.finish(new ModelAbortedError());
      return;
    }
    signal?.addEventListener('abort', this.onCallerAbort, { once: true });
    // One timer for the whole stream, restarted rather than re-created for every event; it only
    // counts while we wait.
    this.timer = setTimeout(() => {
      if (this.waiting) this.interrupt(new ModelTimeoutError());
    }, timeoutMs);
    try {
      this.source = this.open({
        signal: this.controller.signal,
        activity: () => {
          if (this.waiting) this.timer?.refresh();
        },
      })[Symbol.asyncIterator]();
    } catch (error) {
      this.finish(this.toModelError(error));
    }
  }

  /** Ends the stream from outside (time-out, caller's signal), also while nobody waits on it. */
  private interrupt(error: ModelError): void {
    if (this.ended) return;
    this.finish(error);
    if (this.waiting) {
      this.waiting = false;
      this.rejectWaiting?.(this.takeUnreported()!);
    }
  }

  /** Why the stream ended, told to the consumer once; after that it is simply done. */
  private takeUnreported(): Error | undefined {
    const error = this.unreported;
    this.unreported = undefined;
    return error;
  }

  private finish(outcome: 'done' | 'cancelled' | Error): void {
    this.ended = true;
    if (outcome instanceof Error) this.unreported = outcome;
    clearTimeout(this.timer);
    this.options.signal?.removeEventListener('abort', this.onCallerAbort);
    if (outcome !== 'done') {
      this.controller.abort();
      // Not awaited: a provider iterator stuck in next() would hold up the caller.
      this.source?.return?.().catch(() => undefined);
    }
    this.options.onEnd?.(outcome);
  }

  private toModelError(error: unknown): Error {
    return error instanceof ModelError ? error : this.options.toModelError(error);
  }
}
