/** GET /models: the models the configured providers offer. */
export interface CatalogueModel {
  id: string;
  name: string;
  provider: 'bedrock' | 'openai-compatible';
}

export interface ModelCatalogue {
  models: CatalogueModel[];
  unavailable: CatalogueModel['provider'][];
}

export type CatalogueState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; catalogue: ModelCatalogue };
