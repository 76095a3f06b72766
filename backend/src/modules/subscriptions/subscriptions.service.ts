import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { chatAccess } from '../../common/access/access-policy';
import { AgentNotFoundError } from '../agents/agents.errors';
import type { Agent } from '../agents/entities/agent.entity';
import type { VerifiedIdentity } from '../identity/id-token-verifier';
import { UsersService } from '../users/users.service';
import type { SubscriptionLookupDto } from './dto/subscription.dto';
import { Subscription, type SubscriptionStatus } from './entities/subscription.entity';
import { toSubscriptionDto } from './subscription.mapper';
import { SubscriptionPausedError, SubscriptionRequiredError } from './subscriptions.errors';

/**
 * The stored subscriptions and the rule they decide (spec section 6). The payment side (Stripe,
 * webhooks, pause/resume/cancel) belongs to the payments module, which writes these rows.
 */
@Injectable()
export class SubscriptionsService {
  constructor(
    @InjectRepository(Subscription) private readonly subscriptions: Repository<Subscription>,
    private readonly users: UsersService,
  ) {}

  /**
   * GET /subscriptions/user/{user}/{agent}: the user's subscription that covers the agent, so the
   * client can show the resume modal on opening a chat. The guard has already refused anyone but an
   * admin naming another user. Of several, the one that decides access comes first (active, then
   * paused, then cancelled), the newest among equals. None (or an unknown agent) is not an error.
   */
  async lookup(identity: VerifiedIdentity, userId: string, agentId: string): Promise<SubscriptionLookupDto> {
    const userSub = await this.users.subjectOf(identity, userId);
    const [best] = (await this.covering(userSub, agentId)).sort(byPreference);
    return best ? { success: true, data: toSubscriptionDto(best) } : { success: false, data: null };
  }

  /**
   * Who may chat with an agent: its creator, an admin, anyone signed in when it is free, and
   * otherwise whoever holds an active subscription to it, individual or in a bundle. A paused one
   * is told apart from none, so the client can offer to resume it.
   */
  async assertMayChat(identity: VerifiedIdentity, agent: Pick<Agent, 'id' | 'price' | 'ownerSub' | 'isPublic'>): Promise<void> {
    const access = chatAccess(identity, agent);
    if (access === 'allowed') return;
    if (access === 'hidden') throw new AgentNotFoundError();

    const covering = await this.covering(identity.sub, agent.id);
    if (covering.some((subscription) => subscription.status === 'active')) return;
    if (covering.some((subscription) => subscription.status === 'paused')) throw new SubscriptionPausedError();
    throw new SubscriptionRequiredError();
  }

  /** The user's subscriptions that name this agent, individually or in a bundle. */
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

const STATUS_RANK: Record<SubscriptionStatus, number> = { active: 0, paused: 1, cancelled: 2 };

function byPreference(a: Subscription, b: Subscription): number {
  return (
    (STATUS_RANK[a.status] ?? 3) - (STATUS_RANK[b.status] ?? 3) ||
    b.createdAt.getTime() - a.createdAt.getTime() ||
    a.subscriptionId.localeCompare(b.subscriptionId)
  );
}
