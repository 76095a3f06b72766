import { CHUNK_LOAD_TIMEOUT_MS } from '../../shared/config';

/** A route's code could not be loaded (network down, or a deploy replaced the chunk). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** Loads a lazy route chunk, giving up after the spec's 120 s so a stuck request still ends. */
export function loadChunk<T>(importChunk: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    importChunk().then(
      (chunk) => {
        clearTimeout(timer);
        resolve(chunk);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : String(error), { cause: error }));
      },
    );
  });
}
