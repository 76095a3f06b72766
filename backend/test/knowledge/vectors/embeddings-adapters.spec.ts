import { ConfigValidationError, loadConfig } from '../../../src/config/app-config';
import { createEmbeddings } from '../../../src/modules/knowledge/embeddings/embeddings.factory';
import { EmbeddingsError } from '../../../src/modules/knowledge/embeddings/embeddings.port';
import { FAKE_AWS_CREDENTIALS } from '../../fakes/bedrock-fake';
import { downUrl, type EmbeddingsServer, type InvokeModelFake, startInvokeModelFake, startOpenAiCompatibleFake } from './embeddings-fakes';

jest.setTimeout(60_000);

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, index) => sum + value * b[index], 0);
const length = (a: Float32Array) => Math.sqrt(dot(a, a));

/** A word-count vector over `dimensions` places (not normalised: the adapter must normalise it). */
function countVector(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    let hash = 0;
    for (const char of word) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
    vector[hash % dimensions] += 3;
  }
  return vector;
}

describe('the embeddings adapters', () => {
  describe('openai-compatible, against the project\'s OpenAI-compatible fake', () => {
    let fake: EmbeddingsServer;
    beforeAll(async () => {
      fake = await startOpenAiCompatibleFake();
    });
    afterAll(() => fake.close());

    const embeddingsFor = (env: Record<string, string>) =>
      createEmbeddings(loadConfig({ EMBEDDINGS_PROVIDER: 'openai-compatible', OPENAI_BASE_URL: fake.url, EMBEDDINGS_MODEL: 'nomic-embed-text', ...env }).embeddings)!;

    it('embeds a batch in order, normalised, and a paraphrase lands near its passage and far from another', async () => {
      const embeddings = embeddingsFor({});
      expect(embeddings.modelId).toBe('openai-compatible:nomic-embed-text');
      expect(embeddings.batchSize).toBe(64);
      const [passage, other, question] = await embeddings.embed([
        'El plazo de preaviso para desistir del contrato de arrendamiento es de treinta días.',
        'La paella valenciana lleva arroz, pollo, conejo y judías verdes.',
        '¿Con cuánta antelación hay que avisar para dejar el alquiler?',
      ]);
      expect(passage).toHaveLength(256);
      for (const vector of [passage, other, question]) expect(length(vector)).toBeCloseTo(1, 5);
      expect(dot(question, passage)).toBeGreaterThan(0.4);
      expect(dot(question, other)).toBeLessThan(0.1);
      // The same text, the same vector: what is stored at ingestion is what a search compares with.
      const [again] = await embeddings.embed(['El plazo de preaviso para desistir del contrato de arrendamiento es de treinta días.']);
      expect(Array.from(again)).toEqual(Array.from(passage));
    });

    it('asks for EMBEDDINGS_DIMENSIONS and names the model with them', async () => {
      const embeddings = embeddingsFor({ EMBEDDINGS_DIMENSIONS: '64' });
      expect(embeddings.modelId).toBe('openai-compatible:nomic-embed-text:64');
      const [vector] = await embeddings.embed(['fianza de una mensualidad']);
      expect(vector).toHaveLength(64);
    });

    it('fails with an EmbeddingsError when the server is down', async () => {
      const embeddings = createEmbeddings(
        loadConfig({ EMBEDDINGS_PROVIDER: 'openai-compatible', OPENAI_BASE_URL: await downUrl(), EMBEDDINGS_MODEL: 'nomic-embed-text' }).embeddings,
      )!;
      await expect(embeddings.embed(['fianza'])).rejects.toBeInstanceOf(EmbeddingsError);
    });
  });

  describe('bedrock (Titan Text Embeddings V2 through InvokeModel), against a local InvokeModel', () => {
    let fake: InvokeModelFake;
    beforeAll(async () => {
      fake = await startInvokeModelFake(countVector);
    });
    afterAll(() => fake.close());
    beforeEach(() => {
      fake.requests.length = 0;
      fake.fail(null);
    });

    const bedrockEmbeddings = (env: Record<string, string> = {}) =>
      createEmbeddings(loadConfig({ EMBEDDINGS_PROVIDER: 'bedrock', BEDROCK_ENDPOINT: fake.url, AWS_REGION: 'eu-west-1', ...env }).embeddings, {
        credentials: FAKE_AWS_CREDENTIALS,
        maxAttempts: 1,
      })!;

    it('invokes Titan V2 once per text with normalize, and gives back the vectors in order', async () => {
      const embeddings = bedrockEmbeddings({ EMBEDDINGS_DIMENSIONS: '256' });
      try {
        expect(embeddings.modelId).toBe('bedrock:amazon.titan-embed-text-v2:0:256');
        const texts = ['fianza de una mensualidad', 'paella valenciana con arroz', 'fianza'];
        const vectors = await embeddings.embed(texts);
        expect(vectors.map((vector) => vector.length)).toEqual([256, 256, 256]);
        for (const [index, vector] of vectors.entries()) {
          const expected = countVector(texts[index], 256);
          const norm = Math.sqrt(expected.reduce((sum, value) => sum + value * value, 0));
          expect(Array.from(vector).map((value) => Math.round(value * 1e5))).toEqual(expected.map((value) => Math.round((value / norm) * 1e5)));
        }
        expect(fake.requests.map((request) => request.body).sort((a, b) => String(a.inputText).localeCompare(String(b.inputText)))).toEqual(
          [...texts].sort().map((inputText) => ({ inputText, dimensions: 256, normalize: true })),
        );
        expect(new Set(fake.requests.map((request) => request.modelId))).toEqual(new Set(['amazon.titan-embed-text-v2:0']));
        // Signed as AWS asks (the fake does not check it, Bedrock does).
        expect(String(fake.requests[0].headers.authorization)).toContain(`Credential=${FAKE_AWS_CREDENTIALS.accessKeyId}/`);
      } finally {
        embeddings.close();
      }
    });

    it('uses EMBEDDINGS_MODEL, and a throttled call fails the batch with an EmbeddingsError naming it', async () => {
      const embeddings = bedrockEmbeddings({ EMBEDDINGS_MODEL: 'cohere.embed-multilingual-v3' });
      try {
        expect(embeddings.modelId).toBe('bedrock:cohere.embed-multilingual-v3');
        fake.fail({ status: 429, errorType: 'ThrottlingException' });
        const failure = embeddings.embed(['fianza']);
        await expect(failure).rejects.toBeInstanceOf(EmbeddingsError);
        await expect(failure).rejects.toThrow(/ThrottlingException/);
        expect(fake.requests[0].modelId).toBe('cohere.embed-multilingual-v3');
      } finally {
        embeddings.close();
      }
    });
  });

  describe('configuration', () => {
    it('has no embeddings without EMBEDDINGS_PROVIDER: full-text search only', () => {
      expect(loadConfig({}).embeddings).toBeNull();
      expect(createEmbeddings(loadConfig({ EMBEDDINGS_PROVIDER: 'none' }).embeddings)).toBeNull();
    });

    it('refuses openai-compatible without its server or its model, saying which', () => {
      expect(() => loadConfig({ EMBEDDINGS_PROVIDER: 'openai-compatible' })).toThrow(ConfigValidationError);
      expect(() => loadConfig({ EMBEDDINGS_PROVIDER: 'openai-compatible' })).toThrow(
        'Configuración no válida:\n  OPENAI_BASE_URL es obligatoria con EMBEDDINGS_PROVIDER=openai-compatible\n  EMBEDDINGS_MODEL es obligatoria con EMBEDDINGS_PROVIDER=openai-compatible',
      );
      expect(() => loadConfig({ EMBEDDINGS_PROVIDER: 'cohere' })).toThrow(/EMBEDDINGS_PROVIDER: debe ser none, openai-compatible o bedrock/);
      expect(() => loadConfig({ EMBEDDINGS_PROVIDER: 'bedrock', EMBEDDINGS_DIMENSIONS: '0' })).toThrow(/EMBEDDINGS_DIMENSIONS: debe ser un número entero entre 1 y 8192/);
    });
  });
});
