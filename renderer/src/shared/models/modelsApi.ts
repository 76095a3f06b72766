import { apiClient } from '../api';
import type { ModelCatalogue } from './types';

/** Listing models should not leave a form waiting forever on a stuck server. */
const MODELS_TIMEOUT_MS = 20_000;

export const modelsApi = {
  /** GET /models: every configured provider's models (cached briefly by the server). */
  listModels: (signal?: AbortSignal) => apiClient.get<ModelCatalogue>('/models', { timeoutMs: MODELS_TIMEOUT_MS, signal }),
};
