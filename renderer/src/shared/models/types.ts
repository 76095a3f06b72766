import type { components } from '../api';

/** GET /api/models: the models the configured providers offer. */
export type ModelCatalogue = components['schemas']['ModelCatalogueDto'];
export type CatalogueModel = components['schemas']['CatalogueModelDto'];

export type CatalogueState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; catalogue: ModelCatalogue };
