import { ChunkLoadError, loadChunk } from './chunk-loading';

describe('loadChunk', () => {
  afterEach(() => jest.useRealTimers());

  it('gives the chunk when it loads', async () => {
    await expect(loadChunk(async () => ({ Component: 'x' }))).resolves.toEqual({ Component: 'x' });
  });

  it('raises ChunkLoadError when the import fails', async () => {
    await expect(loadChunk(() => Promise.reject(new Error('Failed to fetch dynamically imported module')))).rejects.toMatchObject({
      name: 'ChunkLoadError',
      message: 'Failed to fetch dynamically imported module',
    });
  });

  it('raises ChunkLoadError after 120 s without an answer', async () => {
    jest.useFakeTimers();
    const loading = loadChunk(() => new Promise<never>(() => {}));
    jest.advanceTimersByTime(119_999);
    const outcome = jest.fn();
    loading.catch(outcome);
    await Promise.resolve();
    expect(outcome).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await expect(loading).rejects.toBeInstanceOf(ChunkLoadError);
  });
});
