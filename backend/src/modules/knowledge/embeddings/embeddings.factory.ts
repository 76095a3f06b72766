import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { EmbeddingsConfig } from '../../../config/app-config';
import { BedrockEmbeddings } from './bedrock-embeddings.adapter';
import type { Embeddings } from './embeddings.port';
import { OpenAiCompatibleEmbeddings } from './openai-compatible-embeddings.adapter';

/** What tests may change about the AWS SDK client (static credentials, no retries). */
export interface EmbeddingsClientOverrides {
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  maxAttempts?: number;
}

/**
 * The adapter EMBEDDINGS_PROVIDER names, or null (no vectors: full-text search only). AWS
 * credentials come from the SDK's default chain, as the models module's.
 */
export function createEmbeddings(config: EmbeddingsConfig | null, overrides: EmbeddingsClientOverrides = {}): Embeddings | null {
  if (!config) return null;
  const { model, dimensions, batchSize, timeoutMs } = config;
  if (config.provider === 'openai-compatible') {
    return new OpenAiCompatibleEmbeddings({ baseUrl: config.baseUrl, apiKey: config.apiKey, model, dimensions, batchSize, timeoutMs });
  }
  const client = new BedrockRuntimeClient({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(overrides.credentials ? { credentials: overrides.credentials } : {}),
    ...(overrides.maxAttempts ? { maxAttempts: overrides.maxAttempts } : {}),
  });
  return new BedrockEmbeddings(client, { model, dimensions, batchSize, timeoutMs });
}
