import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { agentInference } from '../agents/agent-inference';
import { AgentsService } from '../agents/agents.service';
import { InstanceBus } from '../instance-bus/instance-bus';
import { AccountStandings } from '../identity/account-standings';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import type { ModelRequest } from '../models/model-gateway';
import { PromptVersionStore } from '../prompts/prompt-version-store';
import { digestOf } from './api-key-secret';
import { ApiBuyerSuspension } from './entities/api-buyer-suspension.entity';
import { ApiKey } from './entities/api-key.entity';
import { ApiPublication } from './entities/api-publication.entity';
import { ApiPriceBook, type Prices } from './api-prices';
import { monthOf } from './key-quotas';

/** Everything a call with a key needs, read once per key and kept for a moment. */
export interface ResolvedKey {
  keyId: string;
  publicationId: string;
  agentId: string;
  enabled: boolean;
  owner: VerifiedIdentity;
  /** False once an admin has disabled the owner's account: its keys stop with its sessions. */
  ownerEnabled: boolean;
  /** The key's own requests per minute, or the deployment's most (API_KEY_RATE_LIMIT_MAX) when it has none. */
  rateLimitPerMinute: number;
  monthlyRequestQuota: number | null;
  monthlyTokenQuota: number | null;
  /** ms since the epoch; null when it never expires. */
  expiresAt: number | null;
  /** Its calls may run tools marked 'Pide confirmación' (issue 33). */
  allowConfirmedTools: boolean;
  /**
   * A key another developer bought (issue 36): who, the most it may spend a month (cents), and
   * whether the buyer's keys are suspended because an invoice of theirs failed.
   */
  buyer: { sub: string; monthlySpendCap: number | null; suspended: boolean } | null;
  /** The publication is for sale to other developers: a buyer's key works only while it is. */
  forSale: boolean;
  /** A buyer's key: this month's prices (null when none were set, or for the owner's own keys). */
  prices: Prices | null;
  /** Null when the agent is gone or its owner may no longer use it. */
  agent: {
    id: string;
    name: string;
    description: string;
    modelId: string | null;
    inference: Pick<ModelRequest, 'temperature' | 'maxTokens'>;
    /** What its A2A Agent Card lists as its skills, with its conversation starters as examples. */
    skills: string[];
    conversationStarters: string[];
  } | null;
  /** The prompt the publication answers with; null when the agent has none (or the pinned version is gone). */
  prompt: { text: string; version: number } | null;
}

/** A publication's side of a resolved key. */
export type PublishedAgent = Pick<ResolvedKey, 'publicationId' | 'agentId' | 'enabled' | 'owner' | 'ownerEnabled' | 'agent' | 'prompt'>;

/** How long a resolved key is trusted before it is read again (prompt and agent edits show up by then). */
export const KEY_CACHE_MS = 2_000;

interface Entry {
  value: ResolvedKey | null;
  loadedAt: number;
}

/**
 * Finds the publication, its owner's standing, agent and prompt behind a key. Every call would
 * otherwise read five rows; they are kept for KEY_CACHE_MS, and dropped at once when the owner
 * revokes a key or changes the publication, or an admin disables the owner's account, on every
 * instance through the instance bus. Only where that reaches
 * every instance is anything kept: with REDIS_URL, or on SQLite (one machine owns the file, and
 * the bus reaches its cluster's workers). PostgreSQL without Redis may run instances on several
 * machines, so it reads on every call.
 */
@Injectable()
export class KeyResolver {
  private readonly cache = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<ResolvedKey | null>>();
  private readonly cacheEnabled: boolean;
  /** What a key without requests per minute of its own is held to (API_KEY_RATE_LIMIT_MAX). */
  private readonly maxRateLimitPerMinute: number;
  /** Bumped on every invalidation, so that a load started before it is not cached after it. */
  private generation = 0;

  constructor(
    @InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>,
    @InjectRepository(ApiPublication) private readonly publications: Repository<ApiPublication>,
    @InjectRepository(ApiBuyerSuspension) private readonly suspensions: Repository<ApiBuyerSuspension>,
    private readonly agents: AgentsService,
    private readonly prompts: PromptVersionStore,
    private readonly accounts: AccountStandings,
    private readonly bus: InstanceBus,
    private readonly priceBook: ApiPriceBook,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.cacheEnabled = bus.reachesEveryInstance || config.database.type === 'sqlite';
    this.maxRateLimitPerMinute = config.apiKeys.maxRateLimitPerMinute;
    bus.subscribe('publications.changed', (publicationId) => this.forgetLocally((key) => key.publicationId === publicationId, publicationId));
    bus.subscribe('identity.sessions-ended', (sub) => this.forgetLocally((key) => key.owner.sub === sub || key.buyer?.sub === sub, sub));
  }

  async resolve(secret: string): Promise<ResolvedKey | null> {
    const digest = digestOf(secret);
    if (!this.cacheEnabled) return this.load(digest);
    const cached = this.cache.get(digest);
    if (cached && Date.now() - cached.loadedAt < KEY_CACHE_MS) return cached.value;
    let pending = this.loading.get(digest);
    if (!pending) {
      const generation = this.generation;
      pending = this.load(digest).finally(() => this.loading.delete(digest));
      this.loading.set(digest, pending);
      void pending.then(
        (value) => {
          if (generation !== this.generation) return;
          if (this.cache.size >= 10_000) this.cache.delete(this.cache.keys().next().value as string);
          this.cache.set(digest, { value, loadedAt: Date.now() });
        },
        () => undefined,
      );
    }
    return pending;
  }

  /** The publication (its keys, state or version) changed: no instance may answer from what it kept. */
  async forget(publicationId: string): Promise<void> {
    await this.bus.publish('publications.changed', publicationId);
  }

  /** Drops the keys `changed` names; an empty id (the bus was away for a while): anything may have changed. */
  private forgetLocally(changed: (key: ResolvedKey) => boolean, id: string): void {
    this.generation += 1;
    this.loading.clear();
    for (const [digest, entry] of this.cache) {
      // Unknown keys are kept too briefly to matter, but a key just created must work at once.
      if (!id || entry.value === null || changed(entry.value)) this.cache.delete(digest);
    }
  }

  /**
   * A published agent as its publication answers (with no key: its A2A Agent Card); null when it
   * is not published.
   */
  async publishedAgent(agentId: string): Promise<PublishedAgent | null> {
    const publication = await this.publications.findOneBy({ agentId });
    return publication ? this.publishedAs(publication) : null;
  }

  private async load(digest: string): Promise<ResolvedKey | null> {
    const key = await this.keys.findOneBy({ digest });
    if (!key || key.revokedAt) return null;
    const publication = await this.publications.findOneBy({ id: key.publicationId });
    if (!publication) return null;
    const [published, buyerEnabled, prices, suspended] = await Promise.all([
      this.publishedAs(publication),
      key.buyerSub ? this.accounts.isEnabled(key.buyerSub) : true,
      key.buyerSub ? this.priceBook.forCall(publication.id, monthOf(Date.now())) : null,
      key.buyerSub ? this.suspensions.existsBy({ buyerSub: key.buyerSub }) : false,
    ]);
    return {
      keyId: key.id,
      ...published,
      // A buyer's key stops with the buyer's account too.
      ownerEnabled: published.ownerEnabled && buyerEnabled,
      buyer: key.buyerSub ? { sub: key.buyerSub, monthlySpendCap: key.monthlySpendCap, suspended } : null,
      forSale: publication.forSale,
      prices: prices && { per1000Calls: prices.per1000Calls, perMillionInputTokens: prices.perMillionInputTokens, perMillionOutputTokens: prices.perMillionOutputTokens },
      rateLimitPerMinute: key.rateLimitPerMinute ?? this.maxRateLimitPerMinute,
      monthlyRequestQuota: key.monthlyRequestQuota,
      monthlyTokenQuota: key.monthlyTokenQuota,
      expiresAt: key.expiresAt ? key.expiresAt.getTime() : null,
      allowConfirmedTools: key.allowConfirmedTools === true,
    };
  }

  private async publishedAs(publication: ApiPublication): Promise<PublishedAgent> {
    const owner: VerifiedIdentity = { sub: publication.ownerSub, username: publication.ownerUsername, email: '', role: 'user' };
    const [ownerEnabled, agent, prompt] = await Promise.all([
      this.accounts.isEnabled(publication.ownerSub),
      this.agents.findVisible(owner, publication.agentId).catch(() => null),
      publication.pinnedVersion === null ? this.prompts.current(publication.agentId) : this.prompts.find(publication.agentId, publication.pinnedVersion),
    ]);
    return {
      publicationId: publication.id,
      agentId: publication.agentId,
      enabled: publication.enabled,
      owner,
      ownerEnabled,
      agent: agent
        ? {
            id: agent.id,
            name: agent.name,
            description: agent.description,
            modelId: agent.modelId,
            inference: agentInference(agent),
            skills: agent.skills,
            conversationStarters: agent.conversationStarters,
          }
        : null,
      prompt: prompt ? { text: prompt.prompt, version: prompt.version } : null,
    };
  }
}
