import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, SelectQueryBuilder } from 'typeorm';

/** A LIKE pattern that finds `"key":"value"` in a simple-json column, with `\` as the escape character. */
export function jsonFieldPattern(key: string, value: string): string {
  return `%${`${JSON.stringify(key)}:${JSON.stringify(value)}`.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A LIKE pattern that finds `"value"` as an element of a simple-json list. */
export function jsonElementPattern(value: string): string {
  return `%${JSON.stringify(value).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A chat reply of an agent: who asked and when it was stored. */
export interface AgentReplyRow {
  agentId: string;
  userSub: string;
  at: Date;
}

/**
 * What reviews and popularity need to know of other modules' records, read with read-only SQL as
 * the admin module's read model does (every write stays with the owning module): whether a user
 * used an agent (a chat turn with it, or a subscription to it or to a bundle that holds it), the
 * agents' chat replies since a time, API keys used since a time, and active subscriptions.
 */
@Injectable()
export class UsageReadModel {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private query(): SelectQueryBuilder<Record<string, unknown>> {
    return this.dataSource.createQueryBuilder();
  }

  /**
   * Used it: at least one of the agent's replies in one of the user's conversations (its answer
   * stored, not a failure notice), or a subscription to it or to a bundle (an ecosystem) holding
   * it, active or past (one never paid for, 'incomplete', is not use).
   */
  async hasUsed(userSub: string, agentId: string): Promise<boolean> {
    const subscribed = await this.query()
      .select('1', 'one')
      .from('subscriptions', 's')
      .where('s.user_sub = :userSub', { userSub })
      .andWhere("s.status <> 'incomplete'")
      .andWhere(`(s.agent_id = :agentId OR (s.is_bundle = :yes AND s.agents LIKE :element ESCAPE '\\'))`, { agentId, yes: true, element: jsonElementPattern(agentId) })
      .limit(1)
      .getRawOne();
    if (subscribed) return true;
    const chatted = await this.query()
      .select('1', 'one')
      .from('conversations', 'c')
      .innerJoin('messages', 'm', 'm.conversation_id = c.id')
      .where('c.user_sub = :userSub', { userSub })
      .andWhere("m.role = 'assistant'")
      .andWhere("m.status <> 'failed'")
      .andWhere(`m.metadata LIKE :field ESCAPE '\\'`, { field: jsonFieldPattern('agentId', agentId) })
      .limit(1)
      .getRawOne();
    return chatted !== undefined && chatted !== null;
  }

  /** A user by their public name (case-insensitive), for their creator page. */
  async profileByHandle(handle: string): Promise<{ sub: string; handle: string; createdAt: Date } | null> {
    const row = await this.query()
      .select('p.id', 'sub')
      .addSelect('p.handle', 'handle')
      .addSelect('p.created_at', 'createdAt')
      .from('user_profiles', 'p')
      .where('LOWER(p.handle) = :handle', { handle: handle.trim().toLowerCase() })
      .getRawOne<{ sub: string; handle: string; createdAt: unknown }>();
    return row ? { sub: row.sub, handle: row.handle, createdAt: dateOf(row.createdAt) } : null;
  }

  /** The agents' replies stored at or after `since`, oldest first, at most `limit`. */
  async agentRepliesSince(since: Date, limit: number): Promise<AgentReplyRow[]> {
    const rows = await this.query()
      .select('c.user_sub', 'userSub')
      .addSelect('m.metadata', 'metadata')
      .addSelect('m.created_at', 'at')
      .from('messages', 'm')
      .innerJoin('conversations', 'c', 'c.id = m.conversation_id')
      .where('m.created_at >= :since', { since })
      .andWhere("m.role = 'assistant'")
      .andWhere("m.status <> 'failed'")
      .andWhere(`m.metadata LIKE '%"agentId"%'`)
      .orderBy('m.created_at', 'ASC')
      .limit(limit)
      .getRawMany<{ userSub: string; metadata: string | null; at: unknown }>();
    return rows.flatMap((row) => {
      const agentId = agentIdOf(row.metadata);
      return agentId ? [{ agentId, userSub: row.userSub, at: dateOf(row.at) }] : [];
    });
  }

  /** API keys whose last call was at or after `since`, with the agent they call. */
  async apiCallsSince(since: Date): Promise<Array<{ agentId: string; keyId: string; at: Date }>> {
    const rows = await this.query()
      .select('k.id', 'keyId')
      .addSelect('p.agent_id', 'agentId')
      .addSelect('k.last_used_at', 'at')
      .from('api_keys', 'k')
      .innerJoin('api_publications', 'p', 'p.id = k.publication_id')
      .where('k.last_used_at >= :since', { since })
      .getRawMany<{ keyId: string; agentId: string; at: unknown }>();
    return rows.map((row) => ({ keyId: row.keyId, agentId: row.agentId, at: dateOf(row.at) }));
  }

  /** The agents whose subscriptions changed at or after `since` (the agent's own, or a bundle's agents). */
  async subscriptionChangesSince(since: Date): Promise<Set<string>> {
    const rows = await this.query()
      .select('s.agent_id', 'agentId')
      .addSelect('s.agents', 'agents')
      .from('subscriptions', 's')
      .where('s.updated_at >= :since', { since })
      .getRawMany<{ agentId: string | null; agents: string | null }>();
    return new Set(rows.flatMap((row) => [...(row.agentId ? [row.agentId] : []), ...listOf(row.agents)]));
  }

  /** Active subscriptions per agent: its own, and each active bundle that holds it. */
  async activeSubscriptions(agentIds?: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    const wanted = agentIds ? new Set(agentIds) : undefined;
    const rows = await this.query()
      .select('s.agent_id', 'agentId')
      .addSelect('s.is_bundle', 'isBundle')
      .addSelect('s.agents', 'agents')
      .from('subscriptions', 's')
      .where("s.status = 'active'")
      .getRawMany<{ agentId: string | null; isBundle: unknown; agents: string | null }>();
    for (const row of rows) {
      const held = row.isBundle === true || row.isBundle === 1 ? listOf(row.agents) : row.agentId ? [row.agentId] : [];
      for (const agentId of new Set(held)) {
        if (!wanted || wanted.has(agentId)) counts.set(agentId, (counts.get(agentId) ?? 0) + 1);
      }
    }
    return counts;
  }
}

function agentIdOf(metadata: string | null): string | undefined {
  try {
    const agentId = (JSON.parse(metadata ?? '{}') as { agentId?: unknown }).agentId;
    return typeof agentId === 'string' && agentId !== '' ? agentId : undefined;
  } catch {
    return undefined;
  }
}

function listOf(value: string | null): string[] {
  try {
    const list = JSON.parse(value ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** A datetime as SQLite stores it ('2026-01-02 03:04:05[.678]', UTC) or as pg hands it back (a Date). */
export function dateOf(value: unknown): Date {
  if (value instanceof Date) return value;
  const text = String(value);
  return new Date(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/.test(text) ? `${text.replace(' ', 'T')}Z` : text);
}
