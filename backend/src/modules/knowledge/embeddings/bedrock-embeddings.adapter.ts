import { type BedrockRuntimeClient, InvokeModelCommand } from '@aws-sdk/client-bedrock-runtime';
import { checkedVector, Embeddings, EmbeddingsError } from './embeddings.port';

/** Titan takes one text a call: this many calls of a batch go at once. */
const PARALLEL_CALLS = 8;
/** Titan Text Embeddings V2 reads at most 50,000 characters (8,192 tokens) of a text. */
const TITAN_MAX_CHARS = 50_000;

export interface BedrockEmbeddingsOptions {
  model: string;
  dimensions: number | null;
  batchSize: number;
  timeoutMs: number;
}

/**
 * Titan Text Embeddings V2 through Bedrock Runtime's InvokeModel: `{ inputText, dimensions?,
 * normalize: true }` → `{ embedding, inputTextTokenCount }`, one call per text, a few at a time.
 */
export class BedrockEmbeddings extends Embeddings {
  readonly modelId: string;
  readonly batchSize: number;

  constructor(
    private readonly client: BedrockRuntimeClient,
    private readonly options: BedrockEmbeddingsOptions,
  ) {
    super();
    this.modelId = `bedrock:${options.model}${options.dimensions ? `:${options.dimensions}` : ''}`;
    this.batchSize = options.batchSize;
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const vectors = new Array<Float32Array>(texts.length);
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const abortSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let next = 0;
    const worker = async () => {
      for (let index = next++; index < texts.length; index = next++) vectors[index] = await this.embedOne(texts[index], abortSignal);
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_CALLS, texts.length) }, worker));
    const dimensions = vectors[0]?.length;
    if (vectors.some((vector) => vector.length !== dimensions)) throw new EmbeddingsError('InvokeModel devolvió vectores de tamaños distintos');
    return vectors;
  }

  private async embedOne(text: string, abortSignal: AbortSignal): Promise<Float32Array> {
    let body: Uint8Array | undefined;
    try {
      const output = await this.client.send(
        new InvokeModelCommand({
          modelId: this.options.model,
          contentType: 'application/json',
          accept: 'application/json',
          body: JSON.stringify({
            inputText: text.slice(0, TITAN_MAX_CHARS),
            ...(this.options.dimensions ? { dimensions: this.options.dimensions } : {}),
            normalize: true,
          }),
        }),
        { abortSignal },
      );
      body = output.body;
    } catch (error) {
      const name = error instanceof Error ? error.name : 'Error';
      throw new EmbeddingsError(`InvokeModel ${this.options.model}: ${name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    let parsed: { embedding?: unknown };
    try {
      parsed = JSON.parse(Buffer.from(body ?? new Uint8Array()).toString('utf8')) as { embedding?: unknown };
    } catch (error) {
      throw new EmbeddingsError(`InvokeModel ${this.options.model}: la respuesta no es JSON`, { cause: error });
    }
    return checkedVector(parsed.embedding, this.options.dimensions ?? undefined, `InvokeModel ${this.options.model}`);
  }

  close(): void {
    this.client.destroy();
  }
}
