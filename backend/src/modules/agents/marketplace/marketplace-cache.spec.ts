import { LocalInstanceBus } from '../../instance-bus/local-instance-bus';
import { MARKETPLACE_CACHE_TTL_MS, MarketplaceCache } from './marketplace-cache';

describe('MarketplaceCache', () => {
  let cache: MarketplaceCache;

  beforeEach(() => {
    jest.useFakeTimers({ now: 1_000 });
    cache = new MarketplaceCache(new LocalInstanceBus());
  });

  afterEach(() => jest.useRealTimers());

  it('serves the same page from memory until it expires', async () => {
    const load = jest.fn().mockResolvedValueOnce({ items: [1] }).mockResolvedValueOnce({ items: [2] });
    expect(await cache.serialised('p1', load)).toBe('{"items":[1]}');
    jest.setSystemTime(1_000 + MARKETPLACE_CACHE_TTL_MS - 1);
    expect(await cache.serialised('p1', load)).toBe('{"items":[1]}');
    jest.setSystemTime(1_000 + MARKETPLACE_CACHE_TTL_MS);
    expect(await cache.serialised('p1', load)).toBe('{"items":[2]}');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one load between concurrent requests for the same page', async () => {
    let resolve: (value: unknown) => void = () => {};
    const load = jest.fn(() => new Promise((done) => (resolve = done)));
    const first = cache.serialised('p1', load);
    const second = cache.serialised('p1', load);
    resolve({ total: 3 });
    expect(await first).toBe('{"total":3}');
    expect(await second).toBe('{"total":3}');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets everything when cleared, and never keeps a failed load', async () => {
    await cache.serialised('p1', async () => ({ v: 1 }));
    cache.clear();
    expect(await cache.serialised('p1', async () => ({ v: 2 }))).toBe('{"v":2}');

    await expect(cache.serialised('p2', () => Promise.reject(new Error('bd caída')))).rejects.toThrow('bd caída');
    expect(await cache.serialised('p2', async () => ({ v: 3 }))).toBe('{"v":3}');
  });

  it('keeps a count as long as a page, and forgets it when cleared', async () => {
    const load = jest.fn().mockResolvedValueOnce(7).mockResolvedValueOnce(8).mockResolvedValueOnce(9);
    expect(await cache.count('c1', load)).toBe(7);
    expect(await cache.count('c1', load)).toBe(7);
    jest.setSystemTime(1_000 + MARKETPLACE_CACHE_TTL_MS);
    expect(await cache.count('c1', load)).toBe(8);
    cache.clear();
    expect(await cache.count('c1', load)).toBe(9);
    expect(load).toHaveBeenCalledTimes(3);
  });
});
