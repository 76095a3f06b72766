import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository, SelectQueryBuilder } from 'typeorm';
import { AgentsService } from '../agents/agents.service';
import {
  ECOSYSTEM_SORTS,
  marketplaceFilters,
  normaliseCategory,
  normaliseSearch,
  normaliseSort,
  type ListingQueryDto,
  type MarketplaceQueryDto,
} from '../agents/marketplace/marketplace-query.dto';
import { MarketplaceCache } from '../agents/marketplace/marketplace-cache';
import { applyListingFilters, applyPage, applySort } from '../agents/marketplace/marketplace-search';
import { isAdmin, mayModify, mayRead, readableBy } from '../../common/access/access-policy';
import { AvatarFiles, stableAvatar } from '../files/avatar-files';
import { ecosystemMonthlyPrice, PaymentsCatalogueService } from '../payments/catalogue/payments-catalogue.service';
import { namesCaller, type VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { UsersService } from '../users/users.service';
import type { Agent } from '../agents/entities/agent.entity';
import {
  CreateEcosystemDto,
  DEFAULT_ECOSYSTEM_CATEGORY,
  DEFAULT_ECOSYSTEM_CREATOR,
  EcosystemDto,
  EcosystemPageDto,
  UpdateEcosystemDto,
} from './dto/ecosystem.dto';
import { toEcosystemDto } from './ecosystem.mapper';
import {
  EcosystemAgentNotForResaleError,
  EcosystemAgentsNotFoundError,
  EcosystemCreatorMismatchError,
  EcosystemPriceBelowCreatorsShareError,
  EcosystemHasSubscribersError,
  EcosystemHighlightForbiddenError,
  EcosystemNotFoundError,
  PrivateAgentInPublicEcosystemError,
} from './ecosystems.errors';
import { Ecosystem } from './entities/ecosystem.entity';

const ALIAS = 'ecosystem';

/** Reads every agent an ecosystem names, whoever may see it: what its creator agreed to does not depend on the reader. */
const PLATFORM: VerifiedIdentity = { sub: 'ecosystems-system', username: 'system', email: 'system@localhost', role: 'admin' } as VerifiedIdentity;

@Injectable()
export class EcosystemsService {
  constructor(
    @InjectRepository(Ecosystem) private readonly ecosystems: Repository<Ecosystem>,
    private readonly agents: AgentsService,
    private readonly marketplaceCache: MarketplaceCache,
    private readonly avatarFiles: AvatarFiles,
    private readonly catalogue: PaymentsCatalogueService,
    private readonly users: UsersService,
    private readonly subscriptions: SubscriptionsService,
  ) {
    users.whenHandleChanges((change) => this.recredit(change));
    agents.whenSaleTermsChange((agent) => this.withdrawUnsellable(agent));
  }

  /** GET /ecosystems: those the caller may see; a plain array unless `page` or `limit` is given. */
  async list(identity: VerifiedIdentity | undefined, query: ListingQueryDto): Promise<EcosystemDto[] | EcosystemPageDto> {
    const builder = this.visibleQuery(identity);
    if (query.public === true) builder.andWhere(`${ALIAS}.isPublic = :onlyPublic`, { onlyPublic: true });
    applyListingFilters(builder, ALIAS, {
      category: normaliseCategory(query.category),
      search: normaliseSearch(query.search),
      minPrice: query.minPrice,
      maxPrice: query.maxPrice,
      sortBy: normaliseSort(query.sortBy, ECOSYSTEM_SORTS),
    });
    applySort(builder, ALIAS, normaliseSort(query.sortBy, ECOSYSTEM_SORTS));
    if (query.page === undefined && query.limit === undefined) {
      return this.toDtos(identity, await builder.getMany());
    }
    const filters = marketplaceFilters(query, ECOSYSTEM_SORTS);
    return this.page(identity, builder, filters.page, filters.limit);
  }

  /** A creator's page (issue 34): their public ecosystems, most popular first, at most `limit`. */
  async publicOf(ownerSub: string, limit: number): Promise<EcosystemDto[]> {
    const builder = readableBy(this.ecosystems.createQueryBuilder(ALIAS), ALIAS, undefined).andWhere(`${ALIAS}.ownerSub = :ownerSub`, { ownerSub });
    applySort(builder, ALIAS, 'popularity');
    return this.toDtos(undefined, await builder.take(limit).getMany());
  }

  /** The marketplace: public ecosystems with the spec's defaults; there is no rating sort. */
  async marketplace(query: MarketplaceQueryDto): Promise<EcosystemPageDto> {
    const filters = marketplaceFilters(query, ECOSYSTEM_SORTS);
    const builder = readableBy(this.ecosystems.createQueryBuilder(ALIAS), ALIAS, undefined);
    applyListingFilters(builder, ALIAS, filters);
    applySort(builder, ALIAS, filters.sortBy);
    return this.page(undefined, builder, filters.page, filters.limit);
  }

  /** Whether a public ecosystem of the file's uploader shows it as its avatar (anyone may see it then). */
  async isPublicAvatar(file: { id: string; ownerSub: string }): Promise<boolean> {
    // The id is a UUID (checked by the files service), so it carries no LIKE wildcards.
    const count = await readableBy(this.ecosystems.createQueryBuilder(ALIAS), ALIAS, undefined)
      .andWhere(`${ALIAS}.ownerSub = :fileOwner`, { fileOwner: file.ownerSub })
      .andWhere(`${ALIAS}.avatar LIKE :reference`, { reference: `%/api/files/${file.id}/%` })
      .getCount();
    return count > 0;
  }

  async get(identity: VerifiedIdentity | undefined, id: string): Promise<EcosystemDto> {
    return (await this.toDtos(identity, [await this.findVisible(identity, id)]))[0];
  }

  /** For other modules: the ecosystem if the caller may see it, else EcosystemNotFoundError. */
  async findVisible(identity: VerifiedIdentity | undefined, id: string): Promise<Ecosystem> {
    const ecosystem = await this.ecosystems.findOneBy({ id });
    if (!ecosystem || !mayRead(identity, ecosystem)) throw new EcosystemNotFoundError();
    return ecosystem;
  }

  async findVisibleMany(identity: VerifiedIdentity | undefined, ids: string[]): Promise<Map<string, Ecosystem>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const found = await this.ecosystems.findBy({ id: In(unique) });
    return new Map(found.filter((ecosystem) => mayRead(identity, ecosystem)).map((ecosystem) => [ecosystem.id, ecosystem]));
  }

  async create(identity: VerifiedIdentity, body: CreateEcosystemDto): Promise<EcosystemDto> {
    if (!isAdmin(identity) && (body.featured === true || (body.popularity ?? 0) !== 0)) throw new EcosystemHighlightForbiddenError();
    await this.avatarFiles.assertMayUse(identity, body.avatar);
    const isPublic = body.isPublic ?? false;
    const agentIds = [...new Set(body.agentIds)];
    const agents = await this.checkAgents(identity, agentIds, isPublic);
    const madeByAdmin = isAdmin(identity);
    if (!madeByAdmin) assertSellable(identity.sub, ecosystemMonthlyPrice(body.price ?? 0, body.discount ?? 0), [...agents.values()]);

    const ecosystem = this.ecosystems.create({
      id: randomUUID(),
      name: body.name,
      description: body.description ?? '',
      category: body.category ?? DEFAULT_ECOSYSTEM_CATEGORY,
      agentIds,
      avatar: stableAvatar(body.avatar),
      price: body.price ?? 0,
      discount: body.discount ?? 0,
      createdBy: await this.creatorName(identity, body.createdBy),
      ownerSub: identity.sub,
      madeByAdmin,
      isPublic,
      tags: body.tags ?? [],
      featured: body.featured ?? false,
      popularity: body.popularity ?? 0,
    });
    await this.ecosystems.insert(ecosystem);
    await this.syncPrice(ecosystem, identity.sub);
    this.marketplaceCache.clear();
    return (await this.toDtos(identity, [await this.ecosystems.findOneByOrFail({ id: ecosystem.id })]))[0];
  }

  /**
   * Its owner (or an admin) changes an ecosystem's card, price or visibility. The rules of creation
   * hold for the result (public agents only in a public one; a user's price covers what its agents'
   * creators are owed), and it is not made free or private while subscribers pay for it. A new
   * amount gets a new gateway price for new subscribers; current ones keep theirs.
   */
  async update(identity: VerifiedIdentity, id: string, body: UpdateEcosystemDto): Promise<EcosystemDto> {
    const current = await this.findVisible(identity, id);
    if (!mayModify(identity, current)) throw new EcosystemNotFoundError();
    if (body.avatar !== undefined) await this.avatarFiles.assertMayUse(identity, body.avatar);
    const next = {
      name: body.name ?? current.name,
      description: body.description ?? current.description,
      category: body.category ?? current.category,
      avatar: body.avatar === undefined ? current.avatar : stableAvatar(body.avatar),
      price: body.price ?? Number(current.price),
      discount: body.discount ?? Number(current.discount),
      isPublic: body.isPublic ?? current.isPublic,
      tags: body.tags ?? current.tags,
    };
    const monthlyPrice = ecosystemMonthlyPrice(next.price, next.discount);
    const wasSold = ecosystemMonthlyPrice(Number(current.price), Number(current.discount)) > 0;
    const change = current.isPublic && !next.isPublic ? 'private' : wasSold && monthlyPrice === 0 ? 'free' : null;
    if (change) {
      const subscribers = await this.subscriptions.liveSubscribersOf(current.id);
      if (subscribers > 0) throw new EcosystemHasSubscribersError(change, subscribers);
    }
    const agents = await this.checkAgents(identity, current.agentIds ?? [], next.isPublic);
    if (!current.madeByAdmin) assertSellable(current.ownerSub ?? identity.sub, monthlyPrice, [...agents.values()]);

    await this.ecosystems.update({ id: current.id }, next);
    const saved = await this.ecosystems.findOneByOrFail({ id: current.id });
    await this.syncPrice(saved, identity.sub);
    this.marketplaceCache.clear();
    return (await this.toDtos(identity, [await this.ecosystems.findOneByOrFail({ id: current.id })]))[0];
  }

  /** For the payments module: prices the priced ecosystems saved before the gateway knew them. */
  async backfillPrices(limit: number): Promise<number> {
    const unpriced = await this.ecosystems.createQueryBuilder(ALIAS).where(`${ALIAS}.price > 0`).andWhere(`${ALIAS}.priceId IS NULL`).orderBy(`${ALIAS}.id`).take(limit).getMany();
    for (const ecosystem of unpriced) await this.syncPrice(ecosystem, 'system');
    return unpriced.length;
  }

  /** For the payments module (create-product, update-product): the ecosystem's product named and priced as it is now. */
  async syncProduct(identity: VerifiedIdentity, id: string): Promise<EcosystemDto> {
    const ecosystem = await this.findVisible(identity, id);
    if (!mayModify(identity, ecosystem)) throw new EcosystemNotFoundError();
    await this.syncPrice(ecosystem, identity.sub);
    const saved = await this.ecosystems.findOneByOrFail({ id });
    await this.catalogue.describe({ ...this.catalogueItem(saved) });
    return (await this.toDtos(identity, [saved]))[0];
  }

  /** A priced ecosystem is sold at its price less its discount; a new amount gets a new gateway price. */
  private async syncPrice(ecosystem: Ecosystem, actorSub: string): Promise<void> {
    const { productId, priceId } = await this.catalogue.price({ ...this.catalogueItem(ecosystem), actorSub });
    if (productId !== (ecosystem.productId ?? null) || priceId !== (ecosystem.priceId ?? null)) {
      await this.ecosystems.update({ id: ecosystem.id }, { productId, priceId });
    }
  }

  private catalogueItem(ecosystem: Ecosystem) {
    return {
      kind: 'ecosystem' as const,
      id: ecosystem.id,
      name: ecosystem.name,
      description: ecosystem.description,
      monthlyPrice: ecosystemMonthlyPrice(Number(ecosystem.price), Number(ecosystem.discount)),
      productId: ecosystem.productId ?? null,
      priceId: ecosystem.priceId ?? null,
    };
  }

  /** Every agent must exist and be visible to the creator; a public ecosystem shows only public agents. */
  private async checkAgents(identity: VerifiedIdentity, agentIds: string[], isPublic: boolean): Promise<Map<string, Agent>> {
    const found = await this.agents.findVisibleMany(identity, agentIds);
    const missing = agentIds.filter((id) => !found.has(id));
    if (missing.length > 0) throw new EcosystemAgentsNotFoundError(missing);
    if (isPublic) {
      const privateOnes = agentIds.filter((id) => !found.get(id)?.isPublic);
      if (privateOnes.length > 0) throw new PrivateAgentInPublicEcosystemError(privateOnes);
    }
    return found;
  }

  /**
   * An agent's creator withdrew their consent, raised their minimum, or started charging: the
   * users' ecosystems that sell it and no longer meet the rule (assertSellable) stop being sold:
   * private and free from now on (no new subscriber; the gateway price is retired). Refusing the
   * creator's change instead would let anyone who bundled the agent hold its creator to terms
   * they no longer accept. Existing subscribers keep what they paid for until they cancel.
   */
  private async withdrawUnsellable(agent: Agent): Promise<void> {
    // The id has no quotes, so this finds every ecosystem naming it (and few others: checked below).
    const candidates = await this.ecosystems
      .createQueryBuilder(ALIAS)
      .where(`${ALIAS}.agentIds LIKE :named`, { named: `%"${agent.id}"%` })
      .andWhere(`${ALIAS}.madeByAdmin = :byUser`, { byUser: false })
      .andWhere(`${ALIAS}.price > 0`)
      .getMany();
    let withdrawn = false;
    for (const ecosystem of candidates) {
      if (!(ecosystem.agentIds ?? []).includes(agent.id) || ecosystem.ownerSub === null || ecosystem.ownerSub === agent.ownerSub) continue;
      const agents = await this.agents.findVisibleMany(PLATFORM, ecosystem.agentIds ?? []);
      try {
        assertSellable(ecosystem.ownerSub, ecosystemMonthlyPrice(Number(ecosystem.price), Number(ecosystem.discount)), [...agents.values()]);
      } catch (error) {
        if (!(error instanceof EcosystemAgentNotForResaleError || error instanceof EcosystemPriceBelowCreatorsShareError)) throw error;
        await this.ecosystems.update({ id: ecosystem.id }, { isPublic: false, price: 0 });
        await this.syncPrice({ ...ecosystem, isPublic: false, price: 0 }, 'system');
        withdrawn = true;
      }
    }
    if (withdrawn) this.marketplaceCache.clear();
  }

  /** A creator's new public name shows on their ecosystems at once. */
  private async recredit({ sub, before, after }: { sub: string; before: string; after: string }): Promise<void> {
    await this.ecosystems.update({ ownerSub: sub, createdBy: before }, { createdBy: after });
    this.marketplaceCache.clear();
  }

  /**
   * The platform's own ecosystems (made by an admin) are credited to 'admin' unless the admin names
   * someone; a user's are credited to their public name, never their username (an e-mail address).
   */
  private async creatorName(identity: VerifiedIdentity, requested: string | undefined): Promise<string> {
    if (isAdmin(identity)) return requested === undefined ? DEFAULT_ECOSYSTEM_CREATOR : this.users.publicNameOf(requested);
    const handle = await this.users.handleOf(identity);
    if (requested !== undefined && !namesCaller(identity, requested) && requested.toLowerCase() !== handle) throw new EcosystemCreatorMismatchError();
    return handle;
  }

  private visibleQuery(identity: VerifiedIdentity | undefined): SelectQueryBuilder<Ecosystem> {
    return readableBy(this.ecosystems.createQueryBuilder(ALIAS), ALIAS, identity);
  }

  private async page(
    identity: VerifiedIdentity | undefined,
    builder: SelectQueryBuilder<Ecosystem>,
    page: number,
    limit: number,
  ): Promise<EcosystemPageDto> {
    const [rows, total] = await applyPage(builder, page, limit).getManyAndCount();
    return { items: await this.toDtos(identity, rows), total, page, limit };
  }

  /**
   * agentIds lists only the agents that still exist and that the caller may see: an agent deleted
   * or made private after the ecosystem was created drops out (one query for the whole page).
   */
  private async toDtos(identity: VerifiedIdentity | undefined, rows: Ecosystem[]): Promise<EcosystemDto[]> {
    const visible = await this.agents.visibleRatings(identity, rows.flatMap((row) => row.agentIds ?? []));
    const dtos = rows.map((row) => {
      const agentIds = (row.agentIds ?? []).filter((id) => visible.has(id));
      return { ...toEcosystemDto(row), agentIds, ...combinedRating(agentIds.map((id) => visible.get(id)!)) };
    });
    return this.avatarFiles.withReadableAvatars(rows, dtos);
  }
}

/** Issue 34: an ecosystem's rating is the mean of all its agents' visible reviews (each agent weighs by its count). */
function combinedRating(agents: Array<{ rating: number; ratingCount: number }>): { rating: number; ratingCount: number } {
  const ratingCount = agents.reduce((total, agent) => total + agent.ratingCount, 0);
  const stars = agents.reduce((total, agent) => total + agent.rating * agent.ratingCount, 0);
  return { rating: ratingCount === 0 ? 0 : Math.round((stars / ratingCount) * 10) / 10, ratingCount };
}

/**
 * Issue 29: a user's ecosystem that is sold (a monthly price above 0 after its discount) may
 * include another creator's paid agent only if that creator allows it ('Se puede incluir en
 * ecosistemas'), and costs at least what those creators are owed for it: the sum of their
 * minimums. Free agents, the owner's own agents and free ecosystems (which grant no access: each
 * paid agent still needs its own subscription) are always fine.
 */
function assertSellable(ownerSub: string, monthlyPrice: number, agents: Agent[]): void {
  if (monthlyPrice <= 0) return;
  const othersPaid = agents.filter((agent) => agent.ownerSub !== ownerSub && Number(agent.price) > 0);
  const refused = othersPaid.filter((agent) => !agent.ecosystemInclusionAllowed);
  if (refused.length > 0) throw new EcosystemAgentNotForResaleError(refused.map((agent) => agent.id));
  const owedCents = othersPaid.reduce((sum, agent) => sum + Math.round(Number(agent.ecosystemMinimumPrice) * 100), 0);
  if (Math.round(monthlyPrice * 100) < owedCents) throw new EcosystemPriceBelowCreatorsShareError(monthlyPrice, owedCents / 100);
}
