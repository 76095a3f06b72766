/**
 * The embeddings port (issue 32, vector search): texts in, one vector each out, in the same order.
 * Adapters: an OpenAI-compatible server's /embeddings and Bedrock's Titan Text Embeddings V2.
 * Vectors come back L2-normalised, so that their dot product is their cosine.
 */
export abstract class Embeddings {
  /**
   * What the vectors are stored with (`provider:model[:dimensions]`): vectors of another model are
   * not comparable, and a passage whose stored model differs is re-embedded.
   */
  abstract readonly modelId: string;
  /** Passages a request (ingestion's batches). */
  abstract readonly batchSize: number;
  abstract embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
  abstract close(): void;
}

/** The injection token: an Embeddings, or null when EMBEDDINGS_PROVIDER is none. */
export const EMBEDDINGS = Symbol('Embeddings');

/** The provider failed or answered something that is not one vector per text (its reason, for the logs). */
export class EmbeddingsError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EmbeddingsError';
  }
}

/** The vector scaled to length 1 (a zero vector stays zero: it is near nothing). */
export function normalized(values: ArrayLike<number>): Float32Array {
  const vector = Float32Array.from(values);
  let sum = 0;
  for (let index = 0; index < vector.length; index += 1) sum += vector[index] * vector[index];
  if (sum > 0) {
    const scale = 1 / Math.sqrt(sum);
    for (let index = 0; index < vector.length; index += 1) vector[index] *= scale;
  }
  return vector;
}

/** Checks a provider's numbers: finite, and as many as the first vector's. */
export function checkedVector(values: unknown, dimensions: number | undefined, where: string): Float32Array {
  if (!Array.isArray(values) || values.length === 0 || values.some((value) => typeof value !== 'number' || !Number.isFinite(value))) {
    throw new EmbeddingsError(`${where}: la respuesta no trae un vector de números`);
  }
  if (dimensions !== undefined && values.length !== dimensions) throw new EmbeddingsError(`${where}: vectores de ${values.length} y ${dimensions} dimensiones`);
  return normalized(values as number[]);
}
