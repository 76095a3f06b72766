import { ModelAbortedError, ModelError, ModelTimeoutError } from '../model-gateway';

export interface GuardOptions {
  /** Longest wait for the next event (the first included); reset by every event. */
  timeoutMs: number;
  /** The caller's signal: aborting it cancels the provider call. */
  signal?: AbortSignal;
  /** Turns anything the provider threw into a ModelError. */
  toModelError(error: unknown): Error;
}

const INTERRUPTED = Symbol('interrupted');

/**
 * Runs a provider stream under a time-out and the caller's signal. Either one aborts the provider
 * call (the signal handed to `open`) and ends the stream with ModelTimeoutError or
 * ModelAbortedError, even when the provider's iterator itself never settles. A consumer that stops
 * early (break, return) aborts the call too. The timer runs only while we wait for the provider,
 * not while the consumer handles an event, and restarts with every provider event (`activity`),
 * also those that yield nothing (message start, metadata).
 */
export interface StreamContext {
  /** Aborted on time-out, on the caller's signal, or when the consumer stops. */
  signal: AbortSignal;
  /** Tells the guard the provider is alive (an event arrived), restarting the time-out. */
  activity(): void;
}

export async function* guardStream<T>(
  open: (context: StreamContext) => AsyncIterable<T>,
  options: GuardOptions,
): AsyncGenerator<T> {
  const { timeoutMs, signal } = options;
  if (signal?.aborted) throw new ModelAbortedError();

  const controller = new AbortController();
  let reason: 'timeout' | 'caller' | null = null;
  let interrupt!: (why: 'timeout' | 'caller') => void;
  const interrupted = new Promise<typeof INTERRUPTED>((resolve) => {
    interrupt = (why) => {
      if (reason) return;
      reason = why;
      controller.abort();
      resolve(INTERRUPTED);
    };
  });
  const onCallerAbort = () => interrupt('caller');
  signal?.addEventListener('abort', onCallerAbort, { once: true });
  let waiting = false;
  // One timer for the whole stream, restarted rather than re-created for every event; it only
  // counts while we wait.
  const timer = setTimeout(() => {
    if (waiting) interrupt('timeout');
  }, timeoutMs);
  const activity = () => {
    if (waiting) timer.refresh();
  };

  let iterator: AsyncIterator<T> | undefined;
  try {
    iterator = open({ signal: controller.signal, activity })[Symbol.asyncIterator]();
    for (;;) {
      waiting = true;
      timer.refresh();
      const next = iterator.next();
      // The provider may reject after we stopped waiting; that rejection is expected, not unhandled.
      next.catch(() => undefined);
      const result = await Promise.race([next, interrupted]);
      waiting = false;
      if (result === INTERRUPTED) throw new Error('interrupted');
      if (result.done) return;
      yield result.value;
    }
  } catch (error) {
    if (reason === 'timeout') throw new ModelTimeoutError();
    if (reason === 'caller') throw new ModelAbortedError();
    if (error instanceof ModelError) throw error;
    throw options.toModelError(error);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
    controller.abort();
    // Not awaited: a provider iterator stuck in next() would hold up the caller.
    iterator?.return?.().catch(() => undefined);
  }
}
