import { LocalInstanceBus } from '../../instance-bus/local-instance-bus';
import { AGENT_JSON_TTL_MS, type AgentJson, MARKETPLACE_CACHE_TTL_MS, MarketplaceCache } from './marketplace-cache';

describe('MarketplaceCache', () => {
  let cache: MarketplaceCache;

  beforeEach(() => {
    jest.useFakeTimers({ now: 1_000 });
    cache = new MarketplaceCache(new LocalInstanceBus());
  });

  afterEach(() => jest.useRealTimers());

  it('serves the same page from memory until it expires', async () => {
    const load = jest.fn<Promise<string>, []>().mockResolvedValueOnce('{"items":[1]}').mockResolvedValueOnce('{"items":[2]}');
    expect(await cache.serialised('p1', load)).toBe('{"items":[1]}');
    jest.setSystemTime(1_000 + MARKETPLACE_CACHE_TTL_MS - 1);
    expect(await cache.serialised('p1', load)).toBe('{"items":[1]}');
    jest.setSystemTime(1_000 + MARKETPLACE_CACHE_TTL_MS);
    expect(await cache.serialised('p1', load)).toBe('{"items":[2]}');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one load between concurrent requests for the same page', async () => {
    let resolve: (value: string) => void = () => {};
    const load = jest.fn(() => new Promise<string>((done) => (resolve = done)));
    const first = cache.serialised('p1', load);
    const second = cache.serialised('p1', load);
    resolve('{"total":3}');
    expect(await first).toBe('{"total":3}');
    expect(await second).toBe('{"total":3}');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets everything when cleared, and never keeps a failed load', async () => {
    await cache.serialised('p1', async () => '{"v":1}');
    cache.clear();
    expect(await cache.serialised('p1', async () => '{"v":2}')).toBe('{"v":2}');

    await expect(cache.serialised('p2', () => Promise.reject(new Error('bd caída')))).rejects.toThrow('bd caída');
    expect(await cache.serialised('p2', async () => '{"v":3}')).toBe('{"v":3}');
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

  describe('agents of a page, serialised', () => {
    const json = (id: string, version: string) => `{"id":"${id}","v":"${version}"}`;
    /** A load that answers every id asked for at the versions in `rows`, and remembers what it was asked. */
    const loader = (rows: Record<string, string>) =>
      jest.fn(async (ids: string[]) => new Map<string, AgentJson>(ids.filter((id) => id in rows).map((id) => [id, { version: rows[id], json: json(id, rows[id]) }])));

    it('writes each agent once and reuses it on other pages while its row keeps its version', async () => {
      const load = loader({ a: '1', b: '1', c: '1' });
      expect(await cache.agentsJson([{ id: 'a', version: '1' }, { id: 'b', version: '1' }], load)).toEqual([json('a', '1'), json('b', '1')]);
      expect(await cache.agentsJson([{ id: 'c', version: '1' }, { id: 'a', version: '1' }], load)).toEqual([json('c', '1'), json('a', '1')]);
      expect(load.mock.calls).toEqual([[['a', 'b']], [['c']]]);
    });

    it('writes an agent again when its row has another version, when the marketplace changes, and after AGENT_JSON_TTL_MS', async () => {
      await cache.agentsJson([{ id: 'a', version: '1' }], loader({ a: '1' }));
      expect(await cache.agentsJson([{ id: 'a', version: '2' }], loader({ a: '2' }))).toEqual([json('a', '2')]);

      cache.clear();
      const afterChange = loader({ a: '2' });
      await cache.agentsJson([{ id: 'a', version: '2' }], afterChange);
      expect(afterChange).toHaveBeenCalledTimes(1);

      jest.setSystemTime(1_000 + AGENT_JSON_TTL_MS);
      const afterTtl = loader({ a: '2' });
      await cache.agentsJson([{ id: 'a', version: '2' }], afterTtl);
      expect(afterTtl).toHaveBeenCalledTimes(1);
    });

    it('does not keep agents loaded while the marketplace changed, and leaves out one deleted meanwhile', async () => {
      const load = jest.fn(async (ids: string[]) => {
        cache.clear();
        return new Map<string, AgentJson>(ids.filter((id) => id !== 'gone').map((id) => [id, { version: '1', json: json(id, '1') }]));
      });
      expect(await cache.agentsJson([{ id: 'a', version: '1' }, { id: 'gone', version: '1' }], load)).toEqual([json('a', '1')]);
      const again = loader({ a: '1' });
      await cache.agentsJson([{ id: 'a', version: '1' }], again);
      expect(again).toHaveBeenCalledTimes(1);
    });
  });
});
