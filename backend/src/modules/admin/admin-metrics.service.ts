import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { costOf, hasPrices } from '../models/model-prices';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { AdminAgentsService } from './admin-agents.service';
import { AdminReadModel } from './admin-read-model';
import type { AgentMetricsDto, DailyMetricsDto, DetailedMetricsDto, MarginsDto, UserMetricsDto } from './dto/admin-responses.dto';

export const DETAILED_DAYS = 30;
const DAY_MS = 86_400_000;

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

  async userMetrics(): Promise<UserMetricsDto> {
    const since = new Date(Date.now() - DETAILED_DAYS * DAY_MS);
    const [counts, active] = await Promise.all([this.reads.userCounts(since), this.reads.activeUsersSince(since)]);
    return {
      totalUsers: counts.total,
      confirmedUsers: counts.confirmed,
      unconfirmedUsers: counts.unconfirmed,
      disabledUsers: counts.disabled,
      adminUsers: counts.admins,
      newUsersLast30Days: counts.newSince,
      activeUsersLast30Days: active,
    };
  }

  /** One entry per UTC day of the last 30 (today included), oldest first; days without activity are zeros. */
  async detailed(): Promise<DetailedMetricsDto> {
    const today = new Date();
    const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - (DETAILED_DAYS - 1) * DAY_MS);
    const series = await this.reads.dailySeries(first);
    const days: DailyMetricsDto[] = [];
    for (let index = 0; index < DETAILED_DAYS; index += 1) {
      const date = new Date(first.getTime() + index * DAY_MS).toISOString().slice(0, 10);
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
    return { currency: this.config.payments.currency, days };
  }

  /**
   * Per agent: the revenue its subscriptions brought (the payments ledger), the tokens of its
   * replies and, when MODEL_PRICES prices its models, their cost and the margin (revenue − cost), in
   * whole cents. Without prices (or with tokens of a model MODEL_PRICES does not price) the cost and
   * the margin are null and the tokens are shown instead.
   */
  async margins(admin: VerifiedIdentity): Promise<MarginsDto> {
    const [agents, revenue, tokens] = await Promise.all([this.agents.list(admin), this.reads.agentRevenue(), this.reads.agentTokens()]);
    const { prices } = this.config.models;
    const pricesConfigured = hasPrices(prices);
    return {
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
