import { checkedVector, Embeddings, EmbeddingsError } from './embeddings.port';

export interface OpenAiCompatibleEmbeddingsOptions {
  /** OPENAI_BASE_URL, without a trailing slash (e.g. http://localhost:11434/v1). */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  dimensions: number | null;
  batchSize: number;
  timeoutMs: number;
}

interface EmbeddingsResponse {
  data?: Array<{ index?: number; embedding?: unknown }>;
}

/**
 * `POST {OPENAI_BASE_URL}/embeddings` as OpenAI, Ollama, vLLM and LM Studio serve it: the batch's
 * texts as `input`, one `data[i].embedding` each (by `index`), floats.
 */
export class OpenAiCompatibleEmbeddings extends Embeddings {
  readonly modelId: string;
  readonly batchSize: number;

  constructor(private readonly options: OpenAiCompatibleEmbeddingsOptions) {
    super();
    this.modelId = `openai-compatible:${options.model}${options.dimensions ? `:${options.dimensions}` : ''}`;
    this.batchSize = options.batchSize;
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl}/embeddings`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: this.options.model,
          input: texts,
          encoding_format: 'float',
          ...(this.options.dimensions ? { dimensions: this.options.dimensions } : {}),
        }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      throw new EmbeddingsError(`/embeddings: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 300);
      throw new EmbeddingsError(`/embeddings respondió ${response.status}${detail ? `: ${detail}` : ''}`);
    }
    const body = (await response.json().catch(() => ({}))) as EmbeddingsResponse;
    const data = Array.isArray(body.data) ? body.data : [];
    if (data.length !== texts.length) throw new EmbeddingsError(`/embeddings devolvió ${data.length} vectores para ${texts.length} textos`);
    const vectors = new Array<Float32Array>(texts.length);
    data.forEach((item, position) => {
      const index = typeof item.index === 'number' ? item.index : position;
      if (index < 0 || index >= texts.length || vectors[index]) throw new EmbeddingsError('/embeddings devolvió índices que no corresponden a los textos');
      vectors[index] = checkedVector(item.embedding, vectors.find(Boolean)?.length, '/embeddings');
    });
    const dimensions = vectors[0].length;
    if (vectors.some((vector) => vector.length !== dimensions)) throw new EmbeddingsError('/embeddings devolvió vectores de tamaños distintos');
    return vectors;
  }

  close(): void {}
}
