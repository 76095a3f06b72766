import type { AgentDto } from './dto/agent.dto';
import type { Agent } from './entities/agent.entity';

export function toAgentDto(agent: Agent): AgentDto {
  return {
    id: agent.id,
    name: agent.name,
    category: agent.category,
    description: agent.description,
    avatar: agent.avatar,
    skills: agent.skills ?? [],
    capabilities: agent.capabilities ?? [],
    useCases: agent.useCases ?? [],
    price: Number(agent.price),
    rating: Number(agent.rating),
    ratingCount: agent.ratingCount ?? 0,
    popularity: agent.popularity,
    modelConfig: { modelId: agent.modelId },
    conversationStarters: agent.conversationStarters ?? [],
    temperature: agent.temperature ?? null,
    maxAnswerTokens: agent.maxAnswerTokens ?? null,
    createdBy: agent.createdBy,
    creatorId: agent.ownerSub ?? null,
    ecosystemInclusionAllowed: agent.ecosystemInclusionAllowed,
    ecosystemMinimumPrice: Number(agent.ecosystemMinimumPrice),
    isPublic: agent.isPublic,
    priceId: agent.priceId ?? null,
    createdAt: agent.createdAt.toISOString(),
    updatedAt: agent.updatedAt.toISOString(),
  };
}

/** A datetime as SQLite stores it ('2026-01-02 03:04:05[.678]', UTC) or as pg hands it back (a Date). */
function dateOf(value: unknown): Date {
  if (value instanceof Date) return value;
  const text = String(value);
  return new Date(SQLITE_DATETIME.test(text) ? `${text.replace(' ', 'T')}Z` : text);
}
const SQLITE_DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/;

/** A simple-json column: text on both databases. */
function listOf(value: unknown): string[] {
  return typeof value === 'string' ? (JSON.parse(value) as string[]) : ((value as string[] | null) ?? []);
}

/**
 * A row's updated_at as the driver reads it (SQLite's text, pg's Date), as a version to compare
 * with another read the same way; cheaper than dateOf on every row of a listing.
 */
export const rowVersion = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value));

const textOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
/** A nullable number column (pg hands decimals back as text). */
const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/**
 * An agent from a raw row of a query on `alias` (TypeORM's `getRawMany`: `${alias}_${column}`),
 * typed as SQLite and PostgreSQL hand them back: listings read pages this way, because hydrating
 * entities cost them more than the query itself.
 */
export function agentFromRow(row: Record<string, unknown>, alias: string): Agent {
  const prefix = `${alias}_`;
  const column = (name: string) => row[prefix + name];
  return {
    id: String(column('id')),
    name: String(column('name')),
    category: String(column('category')),
    description: String(column('description')),
    avatar: textOrNull(column('avatar')),
    skills: listOf(column('skills')),
    capabilities: listOf(column('capabilities')),
    useCases: listOf(column('use_cases')),
    price: Number(column('price')),
    rating: Number(column('rating')),
    ratingCount: Number(column('rating_count') ?? 0),
    ratingScore: Number(column('rating_score') ?? 0),
    popularity: Number(column('popularity')),
    modelId: textOrNull(column('model_id')),
    conversationStarters: listOf(column('conversation_starters')),
    temperature: numberOrNull(column('temperature')),
    maxAnswerTokens: numberOrNull(column('max_answer_tokens')),
    createdBy: String(column('created_by')),
    ownerSub: textOrNull(column('owner_sub')),
    isPublic: column('is_public') === true || column('is_public') === 1,
    ecosystemInclusionAllowed: column('ecosystem_inclusion_allowed') === true || column('ecosystem_inclusion_allowed') === 1,
    ecosystemMinimumPrice: Number(column('ecosystem_minimum_price')),
    productId: textOrNull(column('product_id')),
    priceId: textOrNull(column('price_id')),
    moderationStatus: String(column('moderation_status')) as Agent['moderationStatus'],
    createdAt: dateOf(column('created_at')),
    updatedAt: dateOf(column('updated_at')),
  };
}
