import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Repository, SelectQueryBuilder } from 'typeorm';
import { isAdmin, mayDelete, mayModify, mayRead, readableBy } from '../../common/access/access-policy';
import { AvatarFiles, stableAvatar } from '../files/avatar-files';
import { ModelCatalogue } from '../models/model-catalogue';
import { PromptVersionStore } from '../prompts/prompt-version-store';
import { PaymentsCatalogueService } from '../payments/catalogue/payments-catalogue.service';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { namesCaller, type VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { UsersService } from '../users/users.service';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { agentCategoryFilter } from './agent-categories';
import { agentFromRow, rowVersion, toAgentDto } from './agent.mapper';
import { isUniqueViolation } from '../../database/database-errors';
import {
  AgentCreatorMismatchError,
  AgentIdTakenError,
  AgentNotFoundError,
  AgentNotOwnedError,
  AgentStatsForbiddenError,
} from './agents.errors';
import type { AgentDto, AgentListQueryDto, SaveAgentDto } from './dto/agent.dto';
import { Agent, type ModerationStatus } from './entities/agent.entity';
import {
  marketplaceFilters,
  MAX_LIMIT,
  normaliseCategory,
  normaliseSearch,
  normaliseSort,
  SHOWCASE_DESCRIPTION_MIN_LENGTH,
  type AgentMarketplaceQueryDto,
  type Page,
} from './marketplace/marketplace-query.dto';
import { applyListingFilters, applyPage, applySort, type ListingFilters } from './marketplace/marketplace-search';
import { applyAgentSearch, cappedCount } from './marketplace/agent-search';
import { type AgentJson, MarketplaceCache } from './marketplace/marketplace-cache';

const ALIAS = 'agent';

/** GET /agents without page or limit answers at most this many agents (the largest page). */
export const UNPAGED_LIST_LIMIT = MAX_LIMIT;

@Injectable()
export class AgentsService {
  constructor(
    @InjectRepository(Agent) private readonly agents: Repository<Agent>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly marketplaceCache: MarketplaceCache,
    private readonly avatarFiles: AvatarFiles,
    private readonly models: ModelCatalogue,
    private readonly promptVersions: PromptVersionStore,
    private readonly catalogue: PaymentsCatalogueService,
    private readonly subscriptions: SubscriptionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    users.whenHandleChanges((change) => this.recredit(change));
  }

  /**
   * The ecosystems module re-checks the ecosystems that sell an agent when its creator changes what
   * it costs or whether others may sell it (it depends on this module, not the other way round).
   */
  whenSaleTermsChange(listener: SaleTermsListener): void {
    this.saleTermsListeners.push(listener);
  }

  private readonly saleTermsListeners: SaleTermsListener[] = [];

  /** A creator's new public name shows on their agents at once (their rows' new version drops each agent's cached JSON). */
  private async recredit({ sub, before, after }: { sub: string; before: string; after: string }): Promise<void> {
    await this.agents.update({ ownerSub: sub, createdBy: before }, { createdBy: after });
    this.marketplaceCache.clear();
  }

  /**
   * GET /agents: the agents the caller may see (public approved ones, their own, or all for an admin),
   * narrowed by whichever filters are given. Paged when `page` or `limit` is given; otherwise the
   * first UNPAGED_LIST_LIMIT of them (`paged: false`; the controller sends a plain array and the
   * total in a header), so that a large marketplace never makes one multi-megabyte answer.
   */
  async list(identity: VerifiedIdentity | undefined, query: AgentListQueryDto): Promise<{ page: Page<string>; paged: boolean }> {
    const builder = this.visibleQuery(identity, query.public === true);
    if (query.creator !== undefined) {
      // A username names its user only for that user and admins: anyone else could tell from the
      // answer whose e-mail address is behind a public name.
      const mayNameByUsername = identity !== undefined && (isAdmin(identity) || namesCaller(identity, query.creator));
      builder.andWhere(`(${ALIAS}.ownerSub = :creator OR LOWER(${ALIAS}.createdBy) = :creatorName)`, {
        creator: mayNameByUsername ? await this.users.subjectOf(identity, query.creator) : query.creator,
        creatorName: query.creator.toLowerCase(),
      });
    }
    const listing: ListingFilters = {
      category: agentCategoryFilter(normaliseCategory(query.category)),
      minPrice: query.minPrice,
      maxPrice: query.maxPrice,
      sortBy: normaliseSort(query.sortBy),
    };
    const paged = query.page !== undefined || query.limit !== undefined;
    const filters = marketplaceFilters(query);
    const page = await this.page(builder, listing, normaliseSearch(query.search), filters.page, paged ? filters.limit : UNPAGED_LIST_LIMIT);
    return { page, paged };
  }

  /**
   * For the admin module's own listing and metrics: every agent the caller may see, unbounded
   * (GET /agents answers at most one page; the admin screens still count and list them all).
   */
  async everyVisible(identity: VerifiedIdentity): Promise<AgentDto[]> {
    const builder = this.visibleQuery(identity);
    applySort(builder, ALIAS, 'popularity');
    return this.toDtos(await builder.getMany());
  }

  /** The marketplace: public agents only, with the spec's defaults (price 0–1000, popularity). */
  async marketplace(query: AgentMarketplaceQueryDto): Promise<Page<string>> {
    const filters = marketplaceFilters(query);
    const builder = this.visibleQuery(undefined);
    if (query.described === true) {
      builder.andWhere(`LENGTH(TRIM(${ALIAS}.description)) >= :describedLength`, {
        describedLength: SHOWCASE_DESCRIPTION_MIN_LENGTH,
      });
    }
    const listing: ListingFilters = { ...filters, search: undefined, category: agentCategoryFilter(filters.category) };
    return this.page(builder, listing, filters.search, filters.page, filters.limit);
  }

  /**
   * Whether a public agent of the file's uploader shows it as its avatar (anyone may see it then).
   * Another user's agent naming the file publishes nothing, whatever its avatar says.
   */
  async isPublicAvatar(file: { id: string; ownerSub: string }): Promise<boolean> {
    // The id is a UUID (checked by the files service), so it carries no LIKE wildcards.
    const count = await this.visibleQuery(undefined)
      .andWhere(`${ALIAS}.ownerSub = :fileOwner`, { fileOwner: file.ownerSub })
      .andWhere(`${ALIAS}.avatar LIKE :reference`, { reference: `%/api/files/${file.id}/%` })
      .getCount();
    return count > 0;
  }

  /** GET /agents/category/{category}: bounded as GET /agents without paging. */
  async byCategory(identity: VerifiedIdentity | undefined, category: string): Promise<Page<string>> {
    return (await this.list(identity, { category })).page;
  }

  async get(identity: VerifiedIdentity | undefined, id: string): Promise<AgentDto> {
    return (await this.toDtos([await this.findVisible(identity, id)]))[0];
  }

  /** For other modules: the agent if the caller may see it, else AgentNotFoundError. */
  async findVisible(identity: VerifiedIdentity | undefined, id: string): Promise<Agent> {
    const agent = await this.agents.findOneBy({ id });
    if (!agent || !mayRead(identity, agent)) throw new AgentNotFoundError();
    return agent;
  }

  /** For other modules: those of `ids` that exist and the caller may see, by id. */
  async findVisibleMany(identity: VerifiedIdentity | undefined, ids: string[]): Promise<Map<string, Agent>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const found = await this.agents.findBy({ id: In(unique) });
    return new Map(found.filter((agent) => mayRead(identity, agent)).map((agent) => [agent.id, agent]));
  }

  /**
   * For listings that name agents (an ecosystem's agentIds): which of `ids` the caller may see,
   * reading only the columns that decide it rather than loading whole agents.
   */
  async visibleIds(identity: VerifiedIdentity | undefined, ids: string[]): Promise<Set<string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Set();
    const rows = await this.agents.find({ select: { id: true, isPublic: true, ownerSub: true, moderationStatus: true }, where: { id: In(unique) } });
    return new Set(rows.filter((agent) => mayRead(identity, agent)).map((agent) => agent.id));
  }

  /**
   * For ecosystems (issue 34): the rating and review count of those of `ids` the caller may see,
   * read like visibleIds, so that an ecosystem shows the combined rating of the agents it lists.
   */
  async visibleRatings(identity: VerifiedIdentity | undefined, ids: string[]): Promise<Map<string, { rating: number; ratingCount: number }>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.agents.find({
      select: { id: true, isPublic: true, ownerSub: true, moderationStatus: true, rating: true, ratingCount: true },
      where: { id: In(unique) },
    });
    return new Map(rows.filter((agent) => mayRead(identity, agent)).map((agent) => [agent.id, { rating: Number(agent.rating), ratingCount: agent.ratingCount }]));
  }

  /** For the chat and other modules: the current version of the agent's prompt, or null when it has none. */
  async promptFor(agentId: string): Promise<string | null> {
    return (await this.promptVersions.current(agentId))?.prompt ?? null;
  }

  /** For the prompts module: the ids of the agents the caller created (GET /agent-prompts). */
  async ownedIds(identity: VerifiedIdentity): Promise<string[]> {
    const rows = await this.agents.find({ select: { id: true }, where: { ownerSub: identity.sub } });
    return rows.map((agent) => agent.id);
  }

  /** POST /agents: an `id` that names an existing agent updates it (creator or admin only). */
  async save(identity: VerifiedIdentity, body: SaveAgentDto): Promise<{ agent: AgentDto; created: boolean }> {
    const existing = body.id !== undefined ? await this.agents.findOneBy({ id: body.id }) : null;
    const saved = existing
      ? { agent: await this.update(identity, existing, body), created: false }
      : { agent: await this.create(identity, body), created: true };
    this.marketplaceCache.clear();
    return saved;
  }

  async remove(identity: VerifiedIdentity, id: string): Promise<{ success: true; id: string }> {
    const agent = await this.findVisible(identity, id);
    if (!mayDelete(identity, agent)) throw new AgentNotOwnedError();
    await this.subscriptions.assertNoSubscribersLeftPaying(agent.id, 'delete');
    // The prompt's versions and the team links go with it (ON DELETE CASCADE).
    await this.agents.delete({ id: agent.id });
    this.marketplaceCache.clear();
    return { success: true, id: agent.id };
  }

  private async create(identity: VerifiedIdentity, body: SaveAgentDto): Promise<AgentDto> {
    // Reviews and use make these numbers (issue 34); nobody, admins neither, sets them.
    if ((body.rating ?? 0) !== 0 || (body.popularity ?? 0) !== 0) throw new AgentStatsForbiddenError();
    await this.avatarFiles.assertMayUse(identity, body.avatar);
    await this.assertModelOffered(body.modelConfig?.modelId, null);
    const agent = this.agents.create({
      id: body.id ?? randomUUID(),
      name: body.name,
      category: body.category,
      description: body.description,
      avatar: stableAvatar(body.avatar),
      skills: body.skills ?? [],
      capabilities: body.capabilities ?? [],
      useCases: body.useCases ?? [],
      price: body.price ?? 0,
      rating: 0,
      popularity: 0,
      modelId: body.modelConfig?.modelId ?? null,
      conversationStarters: body.conversationStarters ?? [],
      temperature: body.temperature ?? null,
      maxAnswerTokens: body.maxAnswerTokens ?? null,
      createdBy: await this.creatorName(identity, body.createdBy),
      ownerSub: identity.sub,
      isPublic: body.isPublic ?? false,
      ecosystemInclusionAllowed: body.ecosystemInclusionAllowed ?? false,
      ecosystemMinimumPrice: body.ecosystemMinimumPrice ?? 0,
      moderationStatus: this.moderationOnPublishing(false, body.isPublic ?? false, 'approved'),
    });
    const author = await this.users.handleOf(identity);
    try {
      await this.dataSource.transaction(async (manager) => {
        await manager.insert(Agent, agent);
        if (body.prompt !== undefined) await this.storePrompt(manager, author, agent.id, body.prompt);
      });
    } catch (error) {
      // Two creations racing for the same client-chosen id.
      if (isUniqueViolation(error)) throw new AgentIdTakenError();
      throw error;
    }
    await this.users.markFirstAgentCreated(identity);
    await this.syncPrice(agent, identity.sub);
    return (await this.toDtos([await this.agents.findOneByOrFail({ id: agent.id })]))[0];
  }

  private async update(identity: VerifiedIdentity, agent: Agent, body: SaveAgentDto): Promise<AgentDto> {
    if (!mayRead(identity, agent)) throw new AgentNotFoundError();
    if (!mayModify(identity, agent)) throw new AgentNotOwnedError();
    const changesStats =
      (body.rating !== undefined && body.rating !== Number(agent.rating)) ||
      (body.popularity !== undefined && body.popularity !== agent.popularity);
    if (changesStats) throw new AgentStatsForbiddenError();
    if (body.avatar !== undefined && stableAvatar(body.avatar) !== agent.avatar) await this.avatarFiles.assertMayUse(identity, body.avatar);
    if (body.modelConfig !== undefined) await this.assertModelOffered(body.modelConfig.modelId, agent.modelId);
    if (body.price !== undefined && Number(body.price) === 0 && Number(agent.price) > 0) await this.subscriptions.assertNoSubscribersLeftPaying(agent.id, 'free');
    if (body.isPublic === false && agent.isPublic) await this.subscriptions.assertNoSubscribersLeftPaying(agent.id, 'private');

    const saleTermsBefore = saleTerms(agent);
    agent.name = body.name;
    agent.category = body.category;
    agent.description = body.description;
    if (body.avatar !== undefined) agent.avatar = stableAvatar(body.avatar);
    if (body.skills !== undefined) agent.skills = body.skills;
    if (body.capabilities !== undefined) agent.capabilities = body.capabilities;
    if (body.useCases !== undefined) agent.useCases = body.useCases;
    if (body.price !== undefined) agent.price = body.price;
    if (body.modelConfig !== undefined) agent.modelId = body.modelConfig.modelId ?? null;
    // Left out: unchanged; null: back to the provider's default.
    if (body.conversationStarters !== undefined) agent.conversationStarters = body.conversationStarters;
    if (body.temperature !== undefined) agent.temperature = body.temperature;
    if (body.maxAnswerTokens !== undefined) agent.maxAnswerTokens = body.maxAnswerTokens;
    if (body.ecosystemInclusionAllowed !== undefined) agent.ecosystemInclusionAllowed = body.ecosystemInclusionAllowed;
    if (body.ecosystemMinimumPrice !== undefined) agent.ecosystemMinimumPrice = body.ecosystemMinimumPrice;
    if (body.isPublic !== undefined) {
      agent.moderationStatus = this.moderationOnPublishing(agent.isPublic, body.isPublic, agent.moderationStatus);
      agent.isPublic = body.isPublic;
    }
    if (body.createdBy !== undefined && body.createdBy !== agent.createdBy) {
      // The creator naming themselves (username or public name) changes nothing.
      if (isAdmin(identity)) agent.createdBy = await this.users.publicNameOf(body.createdBy);
      else if (!namesCaller(identity, body.createdBy) && body.createdBy.toLowerCase() !== (await this.users.handleOf(identity))) throw new AgentCreatorMismatchError();
    }
    const author = await this.users.handleOf(identity);
    await this.dataSource.transaction(async (manager) => {
      // Reviews and use keep these (issue 34): a save never writes back what it read before a recount.
      const { rating: _rating, ratingCount: _ratingCount, ratingScore: _ratingScore, popularity: _popularity, ...edited } = agent;
      await manager.save(Agent, edited);
      if (body.prompt !== undefined) await this.storePrompt(manager, author, agent.id, body.prompt);
    });
    await this.syncPrice(agent, identity.sub);
    if (saleTerms(agent) !== saleTermsBefore) {
      for (const listener of this.saleTermsListeners) await listener(agent);
    }
    return (await this.toDtos([await this.agents.findOneByOrFail({ id: agent.id })]))[0];
  }

  /** For the payments module: prices the paid agents saved before the gateway knew them. */
  async backfillPrices(limit: number): Promise<number> {
    const unpriced = await this.agents.createQueryBuilder(ALIAS).where(`${ALIAS}.price > 0`).andWhere(`${ALIAS}.priceId IS NULL`).orderBy(`${ALIAS}.id`).take(limit).getMany();
    for (const agent of unpriced) await this.syncPrice(agent, 'system');
    return unpriced.length;
  }

  /** For the payments module (create-product, update-product): the agent's product named and priced as it is now. */
  async syncProduct(identity: VerifiedIdentity, id: string): Promise<AgentDto> {
    const agent = await this.findVisible(identity, id);
    if (!mayModify(identity, agent)) throw new AgentNotOwnedError();
    await this.syncPrice(agent, identity.sub);
    const saved = await this.agents.findOneByOrFail({ id: agent.id });
    await this.catalogue.describe({ kind: 'agent', id: saved.id, name: saved.name, description: saved.description, monthlyPrice: Number(saved.price), productId: saved.productId, priceId: saved.priceId });
    return toAgentDto(saved);
  }

  /** A paid agent is sold at its price; a new price gets a new gateway price (subscribers keep theirs). */
  private async syncPrice(agent: Agent, actorSub: string): Promise<void> {
    const { productId, priceId } = await this.catalogue.price({
      actorSub,
      kind: 'agent',
      id: agent.id,
      name: agent.name,
      description: agent.description,
      monthlyPrice: Number(agent.price),
      productId: agent.productId ?? null,
      priceId: agent.priceId ?? null,
    });
    if (productId !== (agent.productId ?? null) || priceId !== (agent.priceId ?? null)) {
      await this.agents.update({ id: agent.id }, { productId, priceId });
      this.marketplaceCache.clear();
    }
  }

  /** A changed prompt becomes a new current version, credited to its author's public name; saving it unchanged adds none. */
  private async storePrompt(manager: EntityManager, author: string, agentId: string, prompt: string): Promise<void> {
    await this.promptVersions.addIfChanged(manager, { agentId, prompt, createdBy: author });
  }

  /**
   * An agent names a model some configured provider offers; none means the deployment's default,
   * and the model it already has may stay (a sample agent's, or one a provider stopped listing).
   */
  private async assertModelOffered(modelId: string | null | undefined, current: string | null): Promise<void> {
    if (!modelId || modelId === current) return;
    await this.models.assertOffered(modelId);
  }

  /**
   * Users are credited by their public name, never their username (an e-mail address); they may
   * name themselves either way. Only an admin may credit someone else (e.g. 'system').
   */
  private async creatorName(identity: VerifiedIdentity, requested: string | undefined): Promise<string> {
    if (requested !== undefined && isAdmin(identity)) return this.users.publicNameOf(requested);
    const handle = await this.users.handleOf(identity);
    if (requested !== undefined && !namesCaller(identity, requested) && requested.toLowerCase() !== handle) throw new AgentCreatorMismatchError();
    return handle;
  }

  /**
   * For the reviews module: an agent's rating, its count and the rating sort's score, as its
   * visible reviews make them now. The row's updated_at is kept (nothing its creator wrote
   * changed); every listing drops what it kept.
   */
  async setRatingStats(agentId: string, stats: { rating: number; ratingCount: number; ratingScore: number }): Promise<void> {
    await this.agents
      .createQueryBuilder()
      .update(Agent)
      .set({ ...stats, updatedAt: () => '"updated_at"' })
      .where('id = :agentId', { agentId })
      .execute();
    this.marketplaceCache.clear();
  }

  /** For the reviews module's popularity tracker: each agent's popularity; answers how many changed. */
  async setPopularities(popularities: ReadonlyMap<string, number>): Promise<number> {
    let changed = 0;
    for (const [agentId, popularity] of popularities) {
      const result = await this.agents
        .createQueryBuilder()
        .update(Agent)
        .set({ popularity, updatedAt: () => '"updated_at"' })
        .where('id = :agentId AND popularity <> :popularity', { agentId, popularity })
        .execute();
      changed += result.affected ?? 0;
    }
    if (changed > 0) this.marketplaceCache.clear();
    return changed;
  }

  /**
   * For the reports' resolution (issue 34): an admin takes the agent out of the marketplace (back
   * to private); null when no agent has the id.
   */
  async unpublishForModeration(agentId: string): Promise<Agent | null> {
    const agent = await this.agents.findOneBy({ id: agentId });
    if (!agent) return null;
    if (agent.isPublic) {
      await this.agents.update({ id: agentId }, { isPublic: false });
      this.marketplaceCache.clear();
    }
    return this.agents.findOneByOrFail({ id: agentId });
  }

  /** For the admin module's moderation queue: the agents waiting, oldest first. */
  async pendingModeration(): Promise<AgentDto[]> {
    return this.toDtos(await this.agents.find({ where: { moderationStatus: 'pending' }, order: { updatedAt: 'ASC' } }));
  }

  /** For the admin module: approves or rejects an agent; false when no agent has the id. */
  async setModerationStatus(id: string, status: ModerationStatus): Promise<{ before: ModerationStatus; agent: AgentDto } | null> {
    const agent = await this.agents.findOneBy({ id });
    if (!agent) return null;
    await this.agents.update({ id }, { moderationStatus: status });
    this.marketplaceCache.clear();
    return { before: agent.moderationStatus, agent: (await this.toDtos([await this.agents.findOneByOrFail({ id })]))[0] };
  }

  /** With moderation on, an agent that becomes public waits; one made private again leaves the queue. */
  private moderationOnPublishing(wasPublic: boolean, isPublic: boolean, current: ModerationStatus): ModerationStatus {
    if (!isPublic && current === 'pending') return 'approved';
    if (this.config.moderationEnabled && isPublic && !wasPublic) return 'pending';
    return current;
  }

  /**
   * The agents the caller may read (the access policy, moderation included), or with `publicOnly`
   * the public ones among them: those a visitor sees plus the caller's own waiting for moderation.
   */
  private visibleQuery(identity: VerifiedIdentity | undefined, publicOnly = false): SelectQueryBuilder<Agent> {
    return readableBy(this.agents.createQueryBuilder(ALIAS), ALIAS, identity, { moderated: true, publicOnly });
  }

  /**
   * One page of the `visible` agents narrowed by `listing`, searched and sorted, each agent as its
   * JSON (AgentDto), and the total counted only up to TOTAL_COUNT_CAP (see cappedCount), once per
   * filter for as long as the listing cache keeps a page. A search is ranked by relevance with the
   * default sort when its matches are counted exactly (see applyAgentSearch). The page's query reads
   * ids and versions only; the agents' JSON comes from the listing cache (MarketplaceCache.agentsJson).
   */
  private async page(
    visible: SelectQueryBuilder<Agent>,
    listing: ListingFilters,
    search: string | undefined,
    page: number,
    limit: number,
  ): Promise<Page<string>> {
    const sortBy = listing.sortBy ?? 'popularity';
    const counted = applyListingFilters(visible.clone(), ALIAS, { ...listing, purpose: 'count' });
    if (search !== undefined) applyAgentSearch(counted, ALIAS, search, 'ranked');
    const { total, totalIsExact } = await cappedCount(counted, (key, load) => this.marketplaceCache.count(key, load));
    const listed = applyListingFilters(visible.clone(), ALIAS, listing);
    const byRelevance = search !== undefined && applyAgentSearch(listed, ALIAS, search, sortBy === 'popularity' && totalIsExact ? 'ranked' : 'filter');
    applySort(listed, ALIAS, sortBy, byRelevance);
    const rows = await applyPage(listed, page, limit)
      .select(`${ALIAS}.id`, 'id')
      .addSelect(`${ALIAS}.updatedAt`, 'version')
      .getRawMany<{ id: unknown; version: unknown }>();
    const items = await this.marketplaceCache.agentsJson(
      rows.map((row) => ({ id: String(row.id), version: rowVersion(row.version) })),
      (ids) => this.serialisedAgents(ids),
    );
    return { items, total, totalIsExact, page, limit };
  }

  /** The agents of `ids` that still exist, each as its JSON with the version of its row. */
  private async serialisedAgents(ids: string[]): Promise<Map<string, AgentJson>> {
    const rows = await this.agents.createQueryBuilder(ALIAS).where(`${ALIAS}.id IN (:...ids)`, { ids }).getRawMany<Record<string, unknown>>();
    const agents = rows.map((row) => agentFromRow(row, ALIAS));
    const dtos = await this.toDtos(agents);
    return new Map(agents.map((agent, index) => [agent.id, { version: rowVersion(rows[index][`${ALIAS}_updated_at`]), json: JSON.stringify(dtos[index]) }]));
  }

  /** The DTOs, each avatar readable now by whoever reads it (see AvatarFiles.readable). */
  private toDtos(rows: Agent[]): Promise<AgentDto[]> {
    return this.avatarFiles.withReadableAvatars(rows, rows.map(toAgentDto));
  }
}

/** What an ecosystem selling the agent depends on: its price, and whether others may sell it and for how much. */
function saleTerms(agent: Agent): string {
  return JSON.stringify([Number(agent.price), agent.ecosystemInclusionAllowed, Number(agent.ecosystemMinimumPrice)]);
}

/** Called after a creator changed an agent's sale terms (see saleTerms). */
export type SaleTermsListener = (agent: Agent) => Promise<void>;
