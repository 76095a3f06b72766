import { withRetry } from './withRetry';

describe('withRetry', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('returns the first success without waiting', async () => {
    const fn = jest.fn().mockResolvedValue('ok');

    await expect(withRetry(fn, { attempts: 3, initialDelayMs: 500 })).resolves.toBe('ok');
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('waits 500, 1000, 2000 ms between four attempts', async () => {
    const delays: number[] = [];
    const fn = jest.fn().mockRejectedValue(new Error('boom'));

    const result = withRetry(fn, {
      attempts: 4,
      initialDelayMs: 500,
      shouldRetry: () => true,
      onRetry: (_error, _attempt, delayMs) => delays.push(delayMs),
    }).catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(3500);

    await expect(result).resolves.toMatchObject({ message: 'boom' });
    expect(fn).toHaveBeenCalledTimes(4);
    expect(fn.mock.calls.map(([attempt]) => attempt)).toEqual([1, 2, 3, 4]);
    expect(delays).toEqual([500, 1000, 2000]);
  });

  it('gives up at once when the error is not retryable', async () => {
    const fn = jest.fn().mockRejectedValue(new Error('bad input'));

    await expect(withRetry(fn, { attempts: 3, initialDelayMs: 500, shouldRetry: () => false })).rejects.toThrow('bad input');
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
