import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { Agent } from '../agents/entities/agent.entity';
import type { VerifiedIdentity } from '../identity/id-token-verifier';
import { Subscription } from './entities/subscription.entity';
import { SubscriptionPausedError, SubscriptionRequiredError } from './subscriptions.errors';

/**
 * The stored subscriptions and the rule they decide (spec section 6). The payment side (Stripe,
 * webhooks, pause/resume/cancel) belongs to the payments module, which writes these rows.
 */
@Injectable()
export class SubscriptionsService {
  constructor(@InjectRepository(Subscription) private readonly subscriptions: Repository<Subscription>) {}

  /**
   * Who may chat with an agent: its creator, an admin, anyone signed in when it is free, and
   * otherwise whoever holds an active subscription to it, individual or in a bundle. A paused one
   * is told apart from none, so the client can offer to resume it.
   */
  async assertMayChat(identity: VerifiedIdentity, agent: Pick<Agent, 'id' | 'price' | 'ownerSub'>): Promise<void> {
    if (identity.role === 'admin') return;
    if (agent.ownerSub !== null && agent.ownerSub === identity.sub) return;
    if (Number(agent.price) === 0) return;

    const covering = await this.covering(identity.sub, agent.id);
    if (covering.some((subscription) => subscription.status === 'active')) return;
    if (covering.some((subscription) => subscription.status === 'paused')) throw new SubscriptionPausedError();
    throw new SubscriptionRequiredError();
  }

  /** The caller's subscriptions that name this agent, individually or in a bundle. */
  private async covering(userSub: string, agentId: string): Promise<Subscription[]> {
    const rows = await this.subscriptions.find({
      where: [
        { userSub, agentId, isBundle: false },
        { userSub, isBundle: true },
      ],
    });
    return rows.filter((row) => (row.isBundle ? (row.agents ?? []).includes(agentId) : row.agentId === agentId));
  }
}
