import { Logger } from '@nestjs/common';
import { DomainError } from '../../common/errors/domain-error';

/** A provider that can answer agents' chats with a model of its own catalogue. */
export type CatalogueProvider = 'bedrock' | 'openai-compatible';

/** One model a configured provider offers (GET /api/models). */
export interface CatalogueModel {
  /** What an agent's `modelConfig.modelId` names: a Bedrock model or inference profile id, or a server's model name. */
  id: string;
  name: string;
  provider: CatalogueProvider;
}

/** The port: one provider's list of models (adapters in ./adapters/*-catalogue.adapter.ts). */
export interface ModelCatalogueSource {
  readonly provider: CatalogueProvider;
  list(signal: AbortSignal): Promise<CatalogueModel[]>;
}

export interface CatalogueListing {
  models: CatalogueModel[];
  /** Providers whose list could not be read this time; their models are missing from `models`. */
  unavailable: CatalogueProvider[];
}

/** How long a provider's list is reused: new models appear within a minute, and a form does not ask each time. */
export const CATALOGUE_TTL_MS = 60_000;
/** A provider whose list failed is asked again after this, not on every call (a chat turn looks its model up). */
export const CATALOGUE_FAILURE_TTL_MS = 10_000;
/** A provider that does not answer within this leaves the others listed. */
export const CATALOGUE_TIMEOUT_MS = 5_000;

interface CachedList {
  expiresAt: number;
  models: Promise<CatalogueModel[]>;
}

export interface CatalogueOptions {
  ttlMs: number;
  failureTtlMs: number;
  timeoutMs: number;
  now?: () => number;
}

/**
 * The models the configured providers offer, in the order of MODEL_PROVIDER. Each provider's list
 * is kept briefly in this process (a per-instance cache is enough: every instance asks the
 * providers itself); a failed list, for a shorter while.
 */
export class ModelCatalogue {
  private readonly logger = new Logger('ModelCatalogue');
  private readonly cache = new Map<CatalogueProvider, CachedList>();

  constructor(
    private readonly sources: ModelCatalogueSource[],
    private readonly options: CatalogueOptions = {
      ttlMs: CATALOGUE_TTL_MS,
      failureTtlMs: CATALOGUE_FAILURE_TTL_MS,
      timeoutMs: CATALOGUE_TIMEOUT_MS,
    },
  ) {}

  /** Whether any provider is configured; without one, agents may name no model from a catalogue. */
  get isEmpty(): boolean {
    return this.sources.length === 0;
  }

  async list(): Promise<CatalogueListing> {
    const results = await Promise.allSettled(this.sources.map((source) => this.listOf(source)));
    const listing: CatalogueListing = { models: [], unavailable: [] };
    results.forEach((result, index) => {
      if (result.status === 'fulfilled') listing.models.push(...result.value);
      else listing.unavailable.push(this.sources[index].provider);
    });
    return listing;
  }

  /** The first provider (in configuration order) that offers this model, or null when none does. */
  async providerOf(modelId: string): Promise<CatalogueProvider | null> {
    const { models } = await this.list();
    return models.find((model) => model.id === modelId)?.provider ?? null;
  }

  /**
   * Refuses a model no configured provider offers. With no provider configured there is no
   * catalogue to check against, and the agent keeps the model it names for when one is.
   */
  async assertOffered(modelId: string): Promise<void> {
    if (this.isEmpty) return;
    const { models, unavailable } = await this.list();
    if (models.some((model) => model.id === modelId)) return;
    if (unavailable.length > 0) throw new ModelCatalogueUnavailableError();
    throw new UnknownCatalogueModelError(modelId);
  }

  private listOf(source: ModelCatalogueSource): Promise<CatalogueModel[]> {
    const now = (this.options.now ?? Date.now)();
    const cached = this.cache.get(source.provider);
    if (cached && cached.expiresAt > now) return cached.models;

    const models = source.list(AbortSignal.timeout(this.options.timeoutMs));
    this.cache.set(source.provider, { expiresAt: now + this.options.ttlMs, models });
    models.catch((error: unknown) => {
      this.cache.set(source.provider, { expiresAt: now + this.options.failureTtlMs, models });
      this.logger.warn(`No se pudo leer la lista de modelos de ${source.provider}: ${error instanceof Error ? error.message : String(error)}`);
    });
    return models;
  }
}

export class UnknownCatalogueModelError extends DomainError {
  readonly status = 400;
  constructor(modelId: string) {
    super(`El modelo "${modelId}" no está entre los modelos disponibles. Elige uno de la lista de modelos.`);
  }
}

export class ModelCatalogueUnavailableError extends DomainError {
  readonly status = 503;
  constructor() {
    super('No se ha podido consultar la lista de modelos para comprobar el modelo elegido. Inténtalo de nuevo en unos segundos.');
  }
}
