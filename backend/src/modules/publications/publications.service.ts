import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, IsNull, type Repository } from 'typeorm';
import { mayModify } from '../../common/access/access-policy';
import type { ApiKeysConfig, AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { AgentsService } from '../agents/agents.service';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { PromptVersionStore } from '../prompts/prompt-version-store';
import { newSecret } from './api-key-secret';
import {
  type ApiKeyDto,
  type CreateApiKeyDto,
  type CreatedApiKeyDto,
  type CreatedPublicationDto,
  type CreatePublicationDto,
  DEFAULT_KEY_NAME,
  type DeletedApiKeyDto,
  type DeletedPublicationDto,
  type PublicationDto,
  type UpdatePublicationDto,
  type UsageDto,
  type UsageQueryDto,
} from './dto/publications.dto';
import { ApiKey } from './entities/api-key.entity';
import { ApiKeyUsage } from './entities/api-key-usage.entity';
import { ApiPublication } from './entities/api-publication.entity';
import { A2A_CARD_PATH, a2aPathOf } from './a2a/a2a-card';
import { KeyResolver } from './key-resolver';
import {
  AlreadyPublishedError,
  ApiKeyNotFoundError,
  InvalidExpiryError,
  KeyRateLimitTooHighError,
  PinnedVersionNotFoundError,
  PublicationForbiddenError,
  PublicationNotFoundError,
  TooManyApiKeysError,
} from './publications.errors';
import { UsageMeter } from './usage-meter';

export function endpointsOf(publication: Pick<ApiPublication, 'id' | 'agentId'>) {
  const agent = encodeURIComponent(publication.agentId);
  return {
    invoke: `/api/v1/agent/${agent}/invoke`,
    chatCompletions: '/api/v1/chat/completions',
    models: '/api/v1/models',
    mcp: `/api/v1/agent/${agent}/mcp`,
    a2aAgentCard: `${a2aPathOf(publication.agentId)}/${A2A_CARD_PATH}`,
    openapi: `/api/publication/${publication.id}/openapi.json`,
  };
}

function toKeyDto(key: ApiKey): ApiKeyDto {
  return {
    keyId: key.id,
    name: key.name,
    prefix: key.prefix,
    rateLimitPerMinute: key.rateLimitPerMinute,
    monthlyRequestQuota: key.monthlyRequestQuota,
    monthlyTokenQuota: key.monthlyTokenQuota,
    createdAt: key.createdAt,
    lastUsedAt: key.lastUsedAt,
    expiresAt: key.expiresAt,
    allowConfirmedTools: key.allowConfirmedTools === true,
  };
}

function toDto(publication: ApiPublication, keys: ApiKey[]): PublicationDto {
  return {
    id: publication.id,
    apiId: publication.id,
    agentId: publication.agentId,
    name: publication.name,
    description: publication.description,
    enabled: publication.enabled,
    pinnedVersion: publication.pinnedVersion ?? 'current',
    endpoints: endpointsOf(publication),
    apiKeys: keys.map(toKeyDto),
    createdAt: publication.createdAt,
    updatedAt: publication.updatedAt,
  };
}

/**
 * Agents published as APIs and their keys (spec section 7, Publications). Only the agent's
 * creator (who owns the publication) and admins see or change a publication; anyone else is told
 * it does not exist. An account's live keys are capped, per publication and in all, and so is
 * each key's requests per minute (API_KEYS_PER_PUBLICATION_MAX, API_KEYS_PER_ACCOUNT_MAX,
 * API_KEY_RATE_LIMIT_MAX).
 */
@Injectable()
export class PublicationsService {
  private readonly caps: ApiKeysConfig;

  constructor(
    @InjectRepository(ApiPublication) private readonly publications: Repository<ApiPublication>,
    @InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>,
    @InjectRepository(ApiKeyUsage) private readonly usage: Repository<ApiKeyUsage>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly agents: AgentsService,
    private readonly prompts: PromptVersionStore,
    private readonly resolver: KeyResolver,
    private readonly meter: UsageMeter,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.caps = config.apiKeys;
  }

  /** POST /agent/{id}/publication: publishes the agent with its default key, whose secret only this answer shows. */
  async publish(identity: VerifiedIdentity, agentId: string, body: CreatePublicationDto): Promise<CreatedPublicationDto> {
    const agent = await this.agents.findVisible(identity, agentId);
    if (!mayModify(identity, agent)) throw new PublicationForbiddenError();
    if (await this.publications.existsBy({ agentId: agent.id })) throw new AlreadyPublishedError();
    const publication = this.publications.create({
      id: randomUUID(),
      agentId: agent.id,
      // The agent's creator owns it, also when an admin publishes it; a sample agent, whoever publishes it.
      ownerSub: agent.ownerSub ?? identity.sub,
      ownerUsername: agent.ownerSub ? agent.createdBy : identity.username,
      name: body.name ?? agent.name,
      description: body.description ?? agent.description.slice(0, 1000),
      enabled: true,
      pinnedVersion: null,
    });
    const secret = newSecret();
    const key = this.keys.create({ ...this.newKey(publication.id, { name: DEFAULT_KEY_NAME }), prefix: secret.prefix, digest: secret.digest });
    try {
      await this.dataSource.transaction(async (manager) => {
        await this.assertRoomForKey(manager, publication.ownerSub, null);
        await manager.insert(ApiPublication, publication);
        await manager.insert(ApiKey, key);
      });
    } catch (error) {
      // Two publishes raced: the unique index on the agent let one through.
      if (error instanceof TooManyApiKeysError) throw error;
      if (await this.publications.existsBy({ agentId: agent.id })) throw new AlreadyPublishedError();
      throw error;
    }
    const [saved, savedKey] = await Promise.all([this.publications.findOneByOrFail({ id: publication.id }), this.keys.findOneByOrFail({ id: key.id })]);
    await this.resolver.forget(publication.id);
    return { ...toDto(saved, [savedKey]), apiKey: { ...toKeyDto(savedKey), secret: secret.secret } };
  }

  /** GET /publications: the caller's own. */
  async listMine(identity: VerifiedIdentity): Promise<PublicationDto[]> {
    const publications = await this.publications.find({ where: { ownerSub: identity.sub }, order: { createdAt: 'DESC' } });
    return Promise.all(publications.map(async (publication) => toDto(publication, await this.activeKeys(publication.id))));
  }

  async get(identity: VerifiedIdentity, id: string): Promise<PublicationDto> {
    const publication = await this.owned(identity, id);
    return toDto(publication, await this.activeKeys(publication.id));
  }

  /** The publication's row, for its OpenAPI document. */
  async find(identity: VerifiedIdentity, id: string): Promise<ApiPublication> {
    return this.owned(identity, id);
  }

  async update(identity: VerifiedIdentity, id: string, body: UpdatePublicationDto): Promise<PublicationDto> {
    const publication = await this.owned(identity, id);
    if (typeof body.pinnedVersion === 'number' && !(await this.prompts.find(publication.agentId, body.pinnedVersion))) {
      throw new PinnedVersionNotFoundError(body.pinnedVersion);
    }
    await this.publications.update(
      { id: publication.id },
      {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
        ...(body.pinnedVersion !== undefined ? { pinnedVersion: body.pinnedVersion === 'current' ? null : body.pinnedVersion } : {}),
      },
    );
    await this.resolver.forget(publication.id);
    return this.get(identity, id);
  }

  async remove(identity: VerifiedIdentity, id: string): Promise<DeletedPublicationDto> {
    const publication = await this.owned(identity, id);
    // Its keys and usage go with it (ON DELETE CASCADE).
    await this.publications.delete({ id: publication.id });
    await this.resolver.forget(publication.id);
    return { success: true, apiId: publication.id };
  }

  async createKey(identity: VerifiedIdentity, id: string, body: CreateApiKeyDto): Promise<CreatedApiKeyDto> {
    const publication = await this.owned(identity, id);
    if (body.expiresAt && body.expiresAt.getTime() <= Date.now()) throw new InvalidExpiryError();
    if (typeof body.rateLimitPerMinute === 'number' && body.rateLimitPerMinute > this.caps.maxRateLimitPerMinute) {
      throw new KeyRateLimitTooHighError(this.caps.maxRateLimitPerMinute);
    }
    const secret = newSecret();
    const key = this.keys.create({ ...this.newKey(publication.id, body), prefix: secret.prefix, digest: secret.digest });
    await this.dataSource.transaction(async (manager) => {
      await this.assertRoomForKey(manager, publication.ownerSub, publication.id);
      await manager.insert(ApiKey, key);
    });
    await this.resolver.forget(publication.id);
    return { ...toKeyDto(await this.keys.findOneByOrFail({ id: key.id })), secret: secret.secret };
  }

  async listKeys(identity: VerifiedIdentity, id: string): Promise<ApiKeyDto[]> {
    const publication = await this.owned(identity, id);
    return (await this.activeKeys(publication.id)).map(toKeyDto);
  }

  /** Revokes the key: every instance refuses it from the next call on (see KeyResolver.forget). */
  async revokeKey(identity: VerifiedIdentity, id: string, keyId: string): Promise<DeletedApiKeyDto> {
    const publication = await this.owned(identity, id);
    const result = await this.keys.update({ id: keyId, publicationId: publication.id, revokedAt: IsNull(), buyerSub: IsNull() }, { revokedAt: new Date() });
    if (!result.affected) throw new ApiKeyNotFoundError();
    await this.resolver.forget(publication.id);
    return { success: true, keyId };
  }

  /** GET /publication/{id}/usage: per key and day (UTC), the last 30 days unless from/to say otherwise. */
  async usageOf(identity: VerifiedIdentity, id: string, query: UsageQueryDto): Promise<UsageDto> {
    const publication = await this.owned(identity, id);
    // What this instance has not written yet shows too.
    await this.meter.flush();
    const to = query.to ?? new Date().toISOString().slice(0, 10);
    const from = query.from ?? new Date(Date.parse(to) - 29 * 86_400_000).toISOString().slice(0, 10);
    // The owner's own keys only: buyers' keys are theirs (GET /publication/{id}/buyers sums them per buyer).
    const rows = await this.usage
      .createQueryBuilder('usage')
      .innerJoin(ApiKey, 'key', 'key.id = usage.keyId AND key.buyerSub IS NULL')
      .where('usage.publicationId = :publicationId AND usage.day BETWEEN :from AND :to', { publicationId: publication.id, from, to })
      .orderBy('usage.day', 'ASC')
      .addOrderBy('usage.keyId', 'ASC')
      .getMany();
    return {
      days: rows.map((row) => ({
        date: row.day,
        keyId: row.keyId,
        requests: row.requests,
        errors: row.errors,
        inputTokens: row.inputTokens,
        outputTokens: row.outputTokens,
        avgLatencyMs: row.requests > 0 ? Math.round(row.latencyMsTotal / row.requests) : 0,
      })),
    };
  }

  private newKey(publicationId: string, body: Partial<CreateApiKeyDto> & { name: string }): Partial<ApiKey> {
    return {
      id: randomUUID(),
      publicationId,
      name: body.name,
      // None of its own unless given: the deployment's most applies (KeyResolver).
      rateLimitPerMinute: body.rateLimitPerMinute ?? null,
      monthlyRequestQuota: body.monthlyRequestQuota ?? null,
      monthlyTokenQuota: body.monthlyTokenQuota ?? null,
      expiresAt: body.expiresAt ?? null,
      allowConfirmedTools: body.allowConfirmedTools === true,
      lastUsedAt: null,
      revokedAt: null,
    };
  }

  /**
   * Refuses one more live key for the owner (and the publication, once it exists) past the caps.
   * On PostgreSQL the owner's publications are locked for the rest of the transaction, so that
   * keys made at the same moment are counted one after another (SQLite runs transactions one at
   * a time already).
   */
  private async assertRoomForKey(manager: EntityManager, ownerSub: string, publicationId: string | null): Promise<void> {
    if (manager.connection.options.type === 'postgres') {
      await manager.createQueryBuilder(ApiPublication, 'publication').select('publication.id').where('publication.ownerSub = :ownerSub', { ownerSub }).setLock('pessimistic_write').getRawMany();
    }
    if (publicationId !== null && (await manager.countBy(ApiKey, { publicationId, revokedAt: IsNull(), buyerSub: IsNull() })) >= this.caps.maxKeysPerPublication) {
      throw new TooManyApiKeysError('publication', this.caps.maxKeysPerPublication);
    }
    const ownersKeys = await manager
      .createQueryBuilder(ApiKey, 'key')
      .innerJoin(ApiPublication, 'publication', 'publication.id = key.publicationId')
      .where('publication.ownerSub = :ownerSub AND key.revokedAt IS NULL AND key.buyerSub IS NULL', { ownerSub })
      .getCount();
    if (ownersKeys >= this.caps.maxKeysPerAccount) throw new TooManyApiKeysError('account', this.caps.maxKeysPerAccount);
  }

  private activeKeys(publicationId: string): Promise<ApiKey[]> {
    // Keys bought by other developers are theirs: never listed to the publication's owner.
    return this.keys.find({ where: { publicationId, revokedAt: IsNull(), buyerSub: IsNull() }, order: { createdAt: 'ASC' } });
  }

  private async owned(identity: VerifiedIdentity, id: string): Promise<ApiPublication> {
    const publication = /^[0-9a-f-]{36}$/i.test(id) ? await this.publications.findOneBy({ id }) : null;
    if (!publication || !mayModify(identity, publication)) throw new PublicationNotFoundError();
    return publication;
  }
}
