import { isRetryableError } from './ApiError';

export interface RetryOptions {
  /** Total number of tries, the first one included. */
  attempts: number;
  /** Wait before the second try; each later wait doubles. */
  initialDelayMs: number;
}

export interface WithRetryOptions extends RetryOptions {
  /** Defaults to the API client's rule: network errors, time-outs, 429 and 5xx. */
  shouldRetry?: (error: unknown, attempt: number) => boolean;
  /** Stops waiting between tries as soon as the caller gives up. */
  signal?: AbortSignal;
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal as AbortSignal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Runs `fn` until it succeeds, the error is not retryable, or the tries run out (last error wins). */
export async function withRetry<T>(
  fn: (attempt: number) => Promise<T>,
  { attempts, initialDelayMs, shouldRetry = isRetryableError, signal, onRetry }: WithRetryOptions,
): Promise<T> {
  const maxAttempts = Math.max(1, Math.floor(attempts));
  let delayMs = Math.max(0, initialDelayMs);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fn(attempt);
    } catch (error) {
      if (attempt >= maxAttempts || signal?.aborted || !shouldRetry(error, attempt)) throw error;
      onRetry?.(error, attempt, delayMs);
      await sleep(delayMs, signal);
      delayMs *= 2;
    }
  }
}
