import { ModelAbortedError, ModelProviderError, ModelTimeoutError } from '../model-gateway';
import { guardStream } from './guarded-stream';

const toModelError = () => new ModelProviderError('X');

async function drain<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('guardStream', () => {
  it('passes the items through and ends with the source', async () => {
    async function* source() {
      yield 1;
      yield 2;
    }
    await expect(drain(guardStream(() => source(), { timeoutMs: 100, toModelError }))).resolves.toEqual([1, 2]);
  });

  it('times out a source that never settles and aborts its signal', async () => {
    let seen: AbortSignal | undefined;
    const never = (signal: AbortSignal): AsyncIterable<number> => {
      seen = signal;
      return { [Symbol.asyncIterator]: () => ({ next: () => new Promise<IteratorResult<number>>(() => undefined) }) };
    };
    await expect(drain(guardStream(({ signal }) => never(signal), { timeoutMs: 50, toModelError }))).rejects.toBeInstanceOf(ModelTimeoutError);
    expect(seen?.aborted).toBe(true);
  });

  it('does not count the time the consumer spends on an item', async () => {
    async function* source() {
      yield 1;
      yield 2;
    }
    const out: number[] = [];
    for await (const item of guardStream(() => source(), { timeoutMs: 30, toModelError })) {
      out.push(item);
      await new Promise((resolve) => setTimeout(resolve, 80));
    }
    expect(out).toEqual([1, 2]);
  });

  it("maps the source's errors, and the caller's abort to ModelAbortedError", async () => {
    async function* failing(): AsyncGenerator<number> {
      throw new Error('boom');
    }
    await expect(drain(guardStream(() => failing(), { timeoutMs: 100, toModelError }))).rejects.toThrow('(X)');

    const controller = new AbortController();
    async function* slow(): AsyncGenerator<number> {
      yield 1;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      yield 2;
    }
    const run = (async () => {
      for await (const _ of guardStream(() => slow(), { timeoutMs: 5000, signal: controller.signal, toModelError })) controller.abort();
    })();
    await expect(run).rejects.toBeInstanceOf(ModelAbortedError);
  });

  it('aborts the provider call when the consumer stops early', async () => {
    let seen: AbortSignal | undefined;
    async function* source(signal: AbortSignal) {
      seen = signal;
      yield 1;
      yield 2;
    }
    for await (const _ of guardStream(({ signal }) => source(signal), { timeoutMs: 100, toModelError })) break;
    expect(seen?.aborted).toBe(true);
  });

  it('tells how each stream ended, once: done, cancelled by the consumer, or the error', async () => {
    async function* source() {
      yield 1;
      yield 2;
    }
    const outcomes: unknown[] = [];
    const onEnd = (outcome: unknown) => outcomes.push(outcome);
    await drain(guardStream(() => source(), { timeoutMs: 100, toModelError, onEnd }));
    for await (const _ of guardStream(() => source(), { timeoutMs: 100, toModelError, onEnd })) break;
    async function* failing(): AsyncGenerator<number> {
      throw new Error('boom');
    }
    await drain(guardStream(() => failing(), { timeoutMs: 100, toModelError, onEnd })).catch(() => undefined);
    expect(outcomes).toEqual(['done', 'cancelled', expect.any(ModelProviderError)]);
  });
});
