import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { costOf, hasPrices } from '../models/model-prices';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { AdminAgentsService } from './admin-agents.service';
import { AdminReadModel } from './admin-read-model';
import type { MetricsPeriod } from './dto/admin.dto';
import type { AgentMetricsDto, DailyMetricsDto, DetailedMetricsDto, MarginsDto, UserMetricsDto } from './dto/admin-responses.dto';

export const DEFAULT_PERIOD: MetricsPeriod = '30d';
const DAY_MS = 86_400_000;

/** A period's buckets: the last `count` UTC days, or months with '12m', the current one included. */
const PERIODS: Record<MetricsPeriod, { count: number; granularity: 'day' | 'month' }> = {
  '7d': { count: 7, granularity: 'day' },
  '30d': { count: 30, granularity: 'day' },
  '90d': { count: 90, granularity: 'day' },
  '12m': { count: 12, granularity: 'month' },
};

/** The period's buckets ('YYYY-MM-DD' days or 'YYYY-MM' months), oldest first, and when the first one starts. */
export function bucketsOf(period: MetricsPeriod, now = new Date()): { since: Date; keys: string[]; granularity: 'day' | 'month' } {
  const { count, granularity } = PERIODS[period];
  if (granularity === 'day') {
    const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (count - 1) * DAY_MS);
    const keys = Array.from({ length: count }, (_, index) => new Date(since.getTime() + index * DAY_MS).toISOString().slice(0, 10));
    return { since, keys, granularity };
  }
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1), 1));
  const keys = Array.from({ length: count }, (_, index) => new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth() + index, 1)).toISOString().slice(0, 7));
  return { since, keys, granularity };
}

/** The admin dashboards' figures (spec section 3, Admin metrics). */
@Injectable()
export class AdminMetricsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly agents: AdminAgentsService,
    private readonly reads: AdminReadModel,
  ) {}

  async agentMetrics(admin: VerifiedIdentity): Promise<AgentMetricsDto> {
    const agents = await this.agents.list(admin);
    const publicAgentsCount = agents.filter((agent) => agent.isPublic).length;
    return { totalAgents: agents.length, publicAgentsCount, privateAgentsCount: agents.length - publicAgentsCount, agents };
  }

  async userMetrics(period: MetricsPeriod = DEFAULT_PERIOD): Promise<UserMetricsDto> {
    const { since } = bucketsOf(period);
    const [counts, active] = await Promise.all([this.reads.userCounts(since), this.reads.activeUsersSince(since)]);
    return {
      period,
      totalUsers: counts.total,
      confirmedUsers: counts.confirmed,
      unconfirmedUsers: counts.unconfirmed,
      disabledUsers: counts.disabled,
      adminUsers: counts.admins,
      newUsers: counts.newSince,
      activeUsers: active,
    };
  }

  /**
   * One entry per UTC day of the period (today included), or per month with '12m' (this one
   * included), oldest first; days without activity are zeros.
   */
  async detailed(period: MetricsPeriod = DEFAULT_PERIOD): Promise<DetailedMetricsDto> {
    const { since, keys, granularity } = bucketsOf(period);
    const series = await this.reads.series(since, granularity);
    const days: DailyMetricsDto[] = [];
    for (const date of keys) {
      days.push({
        date,
        signUps: series.signUps.get(date) ?? 0,
        activeUsers: series.activeUsers.get(date) ?? 0,
        conversations: series.conversations.get(date) ?? 0,
        messages: series.messages.get(date) ?? 0,
        tokens: series.tokens.get(date) ?? 0,
        subscriptions: series.subscriptions.get(date) ?? 0,
        revenue: series.revenue.get(date) ?? 0,
      });
    }
    return { period, granularity, currency: this.config.payments.currency, days };
  }

  /**
   * Per agent: the revenue its subscriptions brought (the payments ledger), the tokens of its
   * replies and, when MODEL_PRICES prices its models, their cost and the margin (revenue − cost), in
   * whole cents. Without prices (or with tokens of a model MODEL_PRICES does not price) the cost and
   * the margin are null and the tokens are shown instead. With a period, only its payments and
   * replies count; without one, everything since the start.
   */
  async margins(admin: VerifiedIdentity, period?: MetricsPeriod): Promise<MarginsDto> {
    const since = period ? bucketsOf(period).since : undefined;
    const [agents, revenue, tokens] = await Promise.all([this.agents.list(admin), this.reads.agentRevenue(since), this.reads.agentTokens(since)]);
    const { prices } = this.config.models;
    const pricesConfigured = hasPrices(prices);
    return {
      period: period ?? null,
      currency: this.config.payments.currency,
      pricesConfigured,
      agents: agents.map((agent) => {
        const byModel = [...(tokens.get(agent.id)?.entries() ?? [])];
        const agentRevenue = revenue.get(agent.id)?.revenue ?? 0;
        let modelCost: number | null = null;
        if (pricesConfigured) {
          const costs = byModel.map(([modelId, sum]) => costOf(modelId, sum.input, sum.output, prices));
          modelCost = costs.every((cost) => cost !== null) ? Math.round(costs.reduce<number>((total, cost) => total + (cost ?? 0), 0)) : null;
        }
        return {
          agentId: agent.id,
          name: agent.name,
          revenue: agentRevenue,
          inputTokens: byModel.reduce((sum, [, entry]) => sum + entry.input, 0),
          outputTokens: byModel.reduce((sum, [, entry]) => sum + entry.output, 0),
          modelCost,
          margin: modelCost === null ? null : agentRevenue - modelCost,
        };
      }),
    };
  }
}
