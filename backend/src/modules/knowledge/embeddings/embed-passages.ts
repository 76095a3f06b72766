import type { Embeddings } from './embeddings.port';

/** What a passage is embedded as: its heading (the section it is in) and its text. */
export function passageEmbeddingText(passage: { heading: string | null; text: string }): string {
  return passage.heading ? `${passage.heading}\n${passage.text}` : passage.text;
}

/**
 * The texts' vectors, `embeddings.batchSize` texts a request, one request at a time (a document
 * of 2,000 passages is 32 requests of 64); `onBatch` hears after each (ingestion refreshes its
 * claim). Throws the provider's error: the caller decides what a document without vectors is.
 */
export async function embedInBatches(
  embeddings: Embeddings,
  texts: readonly string[],
  { signal, onBatch }: { signal?: AbortSignal; onBatch?: (done: number) => void } = {},
): Promise<Float32Array[]> {
  const vectors: Float32Array[] = [];
  for (let start = 0; start < texts.length; start += embeddings.batchSize) {
    signal?.throwIfAborted();
    vectors.push(...(await embeddings.embed(texts.slice(start, start + embeddings.batchSize), signal)));
    onBatch?.(vectors.length);
  }
  return vectors;
}
