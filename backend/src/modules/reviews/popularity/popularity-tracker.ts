import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Between, LessThan, Repository } from 'typeorm';
import { isForeignKeyViolation } from '../../../database/database-errors';
import { AgentsService } from '../../agents/agents.service';
import { AgentUsage } from '../entities/agent-usage.entity';
import { dateOf, UsageReadModel } from '../usage-read-model';

/** The popularity's window: users of the last 30 days. */
export const POPULARITY_WINDOW_MS = 30 * 24 * 60 * 60_000;
/** How often the tracker looks at what happened since its last look. */
export const POPULARITY_REFRESH_MS = 10_000;
const REPLIES_PER_READ = 2_000;
const SUBSCRIPTIONS_LOOKBACK_MS = 5_000;
const RECOUNT_BATCH = 500;

/**
 * An agent's popularity (issue 34; README, 'Valoraciones y popularidad'): the distinct users who
 * chatted with it or called it through the API (each API key one user) in the last 30 days, plus
 * its active subscriptions (its own and the bundles that hold it). Kept as a column, never counted
 * per listing: every few seconds each instance reads what happened since its last look (the
 * agents' chat replies, the API keys used, the subscriptions changed), records each user's last
 * use in `agent_usage`, and recounts the agents that gained a user, lost one to the window's end,
 * or had a subscription change; nothing else is written, so a marketplace nobody uses costs it
 * nothing. Every instance may do it: each step is idempotent.
 */
@Injectable()
export class PopularityTracker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Popularity');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  /** Where the last look ended: chat replies, API keys, subscriptions, and the window's start. */
  private marks?: { replies: Date; apiCalls: Date; subscriptions: Date; windowStart: Date };

  constructor(
    @InjectRepository(AgentUsage) private readonly usage: Repository<AgentUsage>,
    private readonly reads: UsageReadModel,
    private readonly agents: AgentsService,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.refresh().catch((error: unknown) => this.logger.warn(`No se pudo actualizar la popularidad: ${String(error)}`)), POPULARITY_REFRESH_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** One look (the timer's; tests call it to see at once what happened). Looks never overlap. */
  refresh(now = new Date()): Promise<void> {
    const previous = this.running ?? Promise.resolve();
    const next = previous.then(() => this.look(now));
    this.running = next.catch(() => undefined);
    return next;
  }

  private async look(now: Date): Promise<void> {
    const windowStart = new Date(now.getTime() - POPULARITY_WINDOW_MS);
    if (!this.marks) {
      // First look: uses from the newest one recorded (or the window's start); every subscription,
      // and every stored use that left the window while no instance was looking, once.
      const [replies, apiCalls] = await Promise.all([this.newestUse('user:%'), this.newestUse('key:%')]);
      this.marks = { replies: laterOf(replies, windowStart), apiCalls: laterOf(apiCalls, windowStart), subscriptions: new Date(0), windowStart: new Date(0) };
    }
    const touched = await this.recordNewUses(now);
    // A little before the last look: updated_at may be stored in whole seconds (SQLite), and recounting twice is harmless.
    for (const agentId of await this.reads.subscriptionChangesSince(new Date(Math.max(0, this.marks.subscriptions.getTime() - SUBSCRIPTIONS_LOOKBACK_MS)))) touched.add(agentId);
    this.marks.subscriptions = now;
    // Users whose last use left the window since the last look.
    const expired = await this.usage.find({ select: { agentId: true }, where: { lastUsedAt: Between(this.marks.windowStart, windowStart) } });
    for (const row of expired) touched.add(row.agentId);
    this.marks.windowStart = windowStart;
    if (touched.size > 0) await this.recount([...touched], windowStart);
    // Uses out of the window count no more: the table keeps 30 days.
    if (expired.length > 0) await this.usage.delete({ lastUsedAt: LessThan(windowStart) });
  }

  /** Records the uses since the marks; answers the agents that gained a user in the window. */
  private async recordNewUses(now: Date): Promise<Set<string>> {
    const marks = this.marks!;
    const windowStart = new Date(now.getTime() - POPULARITY_WINDOW_MS);
    const latest = new Map<string, { agentId: string; userKey: string; at: Date }>();
    const note = (agentId: string, userKey: string, at: Date) => {
      const key = `${agentId}\n${userKey}`;
      const known = latest.get(key);
      if (!known || known.at < at) latest.set(key, { agentId, userKey, at });
    };
    for (;;) {
      const replies = await this.reads.agentRepliesSince(marks.replies, REPLIES_PER_READ);
      for (const reply of replies) note(reply.agentId, `user:${reply.userSub}`, reply.at);
      if (replies.length > 0) marks.replies = replies[replies.length - 1].at;
      if (replies.length < REPLIES_PER_READ) break;
    }
    const calls = await this.reads.apiCallsSince(marks.apiCalls);
    for (const call of calls) {
      note(call.agentId, `key:${call.keyId}`, call.at);
      if (call.at > marks.apiCalls) marks.apiCalls = call.at;
    }

    const gained = new Set<string>();
    for (const use of latest.values()) {
      const stored = await this.usage.findOneBy({ agentId: use.agentId, userKey: use.userKey });
      if (stored && stored.lastUsedAt >= use.at) continue;
      if (!stored || stored.lastUsedAt < windowStart) gained.add(use.agentId);
      try {
        await this.usage.save(this.usage.create({ agentId: use.agentId, userKey: use.userKey, lastUsedAt: use.at }));
      } catch (error) {
        // The agent was deleted since: nothing to count.
        if (!isForeignKeyViolation(error)) throw error;
      }
    }
    return gained;
  }

  /** Recounts the popularity of `agentIds` and stores the ones that changed. */
  private async recount(agentIds: string[], windowStart: Date): Promise<void> {
    const popularity = new Map<string, number>(agentIds.map((agentId) => [agentId, 0]));
    for (let start = 0; start < agentIds.length; start += RECOUNT_BATCH) {
      const batch = agentIds.slice(start, start + RECOUNT_BATCH);
      const recent = await this.usage
        .createQueryBuilder('u')
        .select('u.agent_id', 'agentId')
        .addSelect('COUNT(*)', 'users')
        .where('u.last_used_at >= :windowStart', { windowStart })
        .andWhere('u.agent_id IN (:...batch)', { batch })
        .groupBy('u.agent_id')
        .getRawMany<{ agentId: string; users: string | number }>();
      for (const row of recent) popularity.set(row.agentId, Number(row.users));
    }
    for (const [agentId, count] of await this.reads.activeSubscriptions(agentIds)) popularity.set(agentId, (popularity.get(agentId) ?? 0) + count);
    await this.agents.setPopularities(popularity);
  }

  private async newestUse(pattern: string): Promise<Date | null> {
    const row = await this.usage
      .createQueryBuilder('u')
      .select('MAX(u.last_used_at)', 'newest')
      .where('u.user_key LIKE :pattern', { pattern })
      .getRawOne<{ newest: unknown }>();
    return row?.newest ? dateOf(row.newest) : null;
  }
}

function laterOf(date: Date | null, other: Date): Date {
  return date && date > other ? date : other;
}
