import type { CatalogueModel, ModelCatalogueSource } from '../model-catalogue';

/** What we read from `GET /v1/models` (OpenAI, Ollama, vLLM, LM Studio). */
interface ModelList {
  data?: { id?: unknown }[];
}

/** The models an OpenAI-compatible server offers: `GET {OPENAI_BASE_URL}/models`. */
export class OpenAiCompatibleCatalogueAdapter implements ModelCatalogueSource {
  readonly provider = 'openai-compatible' as const;

  constructor(private readonly options: { baseUrl: string; apiKey: string | null }) {}

  async list(signal: AbortSignal): Promise<CatalogueModel[]> {
    const response = await fetch(`${this.options.baseUrl}/models`, {
      headers: {
        accept: 'application/json',
        ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
      },
      signal,
    });
    if (!response.ok) throw new Error(`GET /models: HTTP ${response.status}`);
    const body = (await response.json()) as ModelList;
    if (!Array.isArray(body?.data)) throw new Error('GET /models: la respuesta no trae data[]');
    return body.data
      .map((model) => model.id)
      .filter((id): id is string => typeof id === 'string' && id.length > 0)
      .map((id) => ({ id, name: id, provider: this.provider }));
  }
}
