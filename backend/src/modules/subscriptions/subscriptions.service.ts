import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThanOrEqual, Not, Repository } from 'typeorm';
import { chatAccess, isAdmin } from '../../common/access/access-policy';
import { AgentNotFoundError } from '../agents/agents.errors';
import type { Agent } from '../agents/entities/agent.entity';
import { namesCaller, type VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { UsersService } from '../users/users.service';
import type { SubscriptionListDto, SubscriptionLookupDto } from './dto/subscription.dto';
import { Subscription, type SubscriptionStatus } from './entities/subscription.entity';
import { toSubscriptionDto } from './subscription.mapper';
import {
  AgentHasSubscribersError,
  type AgentChange,
  SubscriptionLookupIncompleteError,
  SubscriptionOfAnotherUserError,
  SubscriptionPastDueError,
  SubscriptionPausedError,
  SubscriptionRequiredError,
} from './subscriptions.errors';

export const NO_SUBSCRIPTION = 'No se encontró suscripción';
export const NO_BUNDLE_SUBSCRIPTION = 'No se encontró suscripción bundle';

/**
 * The stored subscriptions and the rule they decide (spec section 6). The payments module writes
 * them (provider first, then store) and keeps them in step with the gateway's webhooks.
 */
@Injectable()
export class SubscriptionsService {
  constructor(
    @InjectRepository(Subscription) private readonly subscriptions: Repository<Subscription>,
    private readonly users: UsersService,
  ) {}

  /**
   * GET /stripe-user-subscriptions/subscriptions/user/{user}/{agent}: the user's subscription that
   * covers the agent, individual or bundle, so the client can show the resume modal on opening a
   * chat. Of several, the one that decides access comes first (active, paused, past due, then
   * cancelled), the newest among equals. None (or an unknown agent) is not an error.
   */
  async lookup(identity: VerifiedIdentity, userId: string | undefined, agentId: string | undefined): Promise<SubscriptionLookupDto> {
    const userSub = await this.subjectFor(identity, userId, agentId);
    return found((await this.covering(userSub, agentId as string)).sort(byPreference)[0], NO_SUBSCRIPTION);
  }

  /** GET /stripe-user-subscriptions/{user}/{agent}: the user's individual subscription to the agent. */
  async individual(identity: VerifiedIdentity, userId: string | undefined, agentId: string | undefined): Promise<SubscriptionLookupDto> {
    const userSub = await this.subjectFor(identity, userId, agentId);
    const rows = await this.subscriptions.find({ where: { userSub, agentId: agentId as string, isBundle: false } });
    return found(rows.sort(byPreference)[0], NO_SUBSCRIPTION);
  }

  /** GET /stripe-user-subscriptions/bundle/agent/{user}/{agent}: the user's bundle that includes the agent. */
  async bundle(identity: VerifiedIdentity, userId: string | undefined, agentId: string | undefined): Promise<SubscriptionLookupDto> {
    const userSub = await this.subjectFor(identity, userId, agentId);
    const rows = (await this.subscriptions.find({ where: { userSub, isBundle: true } })).filter((row) => (row.agents ?? []).includes(agentId as string));
    return found(rows.sort(byPreference)[0], NO_BUNDLE_SUBSCRIPTION);
  }

  /** GET /stripe-user-subscriptions/susbscription/user/{user}: every subscription of the user, newest first. */
  async listForUser(identity: VerifiedIdentity, userId: string | undefined): Promise<SubscriptionListDto> {
    const userSub = await this.subjectFor(identity, userId, 'todas');
    const rows = await this.subscriptions.find({ where: { userSub }, order: { createdAt: 'DESC', subscriptionId: 'ASC' } });
    return { success: true, data: rows.map(toSubscriptionDto) };
  }

  /**
   * Who may chat with an agent: its creator, an admin, anyone signed in when it is free, and
   * otherwise whoever holds an active subscription to it, individual or in a bundle. A paused one
   * is told apart from none, so the client can offer to resume it; so is one whose payment failed.
   */
  async assertMayChat(identity: VerifiedIdentity, agent: Pick<Agent, 'id' | 'price' | 'ownerSub' | 'isPublic' | 'moderationStatus'>): Promise<void> {
    const access = chatAccess(identity, agent);
    if (access === 'allowed') return;
    if (access === 'hidden') throw new AgentNotFoundError();

    const covering = await this.covering(identity.sub, agent.id);
    const now = Date.now();
    if (covering.some((subscription) => isActiveAt(subscription, now))) return;
    if (covering.some((subscription) => subscription.status === 'paused')) throw new SubscriptionPausedError();
    if (covering.some((subscription) => subscription.status === 'past_due')) throw new SubscriptionPastDueError();
    throw new SubscriptionRequiredError();
  }

  /**
   * A creator's change may not leave subscribers paying for what they no longer get (issue 29):
   * an agent is not made free while individual subscriptions to it are live, nor private or deleted
   * while any live subscription includes it (its own, or a bundle's). Live: not cancelled.
   */
  async assertNoSubscribersLeftPaying(agentId: string, change: AgentChange): Promise<void> {
    const live = Not<SubscriptionStatus>('cancelled');
    const rows = await this.subscriptions.find({
      select: { subscriptionId: true, isBundle: true, agents: true },
      where: change === 'free' ? { agentId, isBundle: false, status: live } : [{ agentId, isBundle: false, status: live }, { isBundle: true, status: live }],
    });
    const subscribers = rows.filter((row) => !row.isBundle || (row.agents ?? []).includes(agentId)).length;
    if (subscribers > 0) throw new AgentHasSubscribersError(change, subscribers);
  }

  /** How many subscriptions to an ecosystem are live (not cancelled): its owner's changes wait for none. */
  liveSubscribersOf(ecosystemId: string): Promise<number> {
    return this.subscriptions.countBy({ ecosystemId, status: Not<SubscriptionStatus>('cancelled') });
  }

  // For the payments module, which writes the rows.

  /**
   * Live subscriptions whose period is over by what the store last heard (its end passed): the
   * oldest first, for the payments module to ask the gateway how each stands now (ended, for one
   * set to cancel then; renewed otherwise).
   */
  periodsOver(now: Date, limit: number): Promise<Subscription[]> {
    return this.subscriptions.find({
      where: { status: Not<SubscriptionStatus>('cancelled'), currentPeriodEnd: LessThanOrEqual(now) },
      order: { currentPeriodEnd: 'ASC', subscriptionId: 'ASC' },
      take: limit,
    });
  }

  /** The live subscriptions (not cancelled) of a user and, when agent ids are given, to any of those agents (alone or in a bundle). */
  async liveOf(userSub: string, agentIds: readonly string[] = []): Promise<Subscription[]> {
    const live = await this.subscriptions.findBy({ status: Not<SubscriptionStatus>('cancelled') });
    return live.filter((row) => row.userSub === userSub || (row.agentId !== null && agentIds.includes(row.agentId)) || (row.agents ?? []).some((id) => agentIds.includes(id)));
  }

  /** An erased account's subscriptions stay for the accounts (payments are kept), under a pseudonym instead of its name and e-mail. */
  async pseudonymise(userSub: string, pseudonym: string): Promise<void> {
    await this.subscriptions.update({ userSub }, { userName: pseudonym, userEmail: null });
  }

  findById(subscriptionId: string): Promise<Subscription | null> {
    return this.subscriptions.findOneBy({ subscriptionId });
  }

  forCustomer(customerId: string): Promise<Subscription[]> {
    return this.subscriptions.find({ where: { customerId }, order: { createdAt: 'DESC', subscriptionId: 'ASC' } });
  }

  /** The user's subscriptions to one agent or one ecosystem, cancelled ones included. */
  forItem(userSub: string, item: { agentId?: string; ecosystemId?: string }): Promise<Subscription[]> {
    return this.subscriptions.find({
      where: item.ecosystemId ? { userSub, ecosystemId: item.ecosystemId } : { userSub, agentId: item.agentId, isBundle: false },
    });
  }

  build(row: Partial<Subscription>): Subscription {
    return this.subscriptions.create(row);
  }

  save(row: Subscription): Promise<Subscription> {
    return this.subscriptions.save(row);
  }

  /**
   * The subject the lookup is for: both the user and the agent are needed (spec section 5), and a
   * user other than the caller only for an admin.
   */
  private async subjectFor(identity: VerifiedIdentity, userId: string | undefined, agentId: string | undefined): Promise<string> {
    if (isMissing(userId) || isMissing(agentId)) throw new SubscriptionLookupIncompleteError();
    if (!isAdmin(identity) && !namesCaller(identity, userId as string)) throw new SubscriptionOfAnotherUserError();
    return this.users.subjectOf(identity, userId as string);
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

/**
 * Active, and not past the end of a period it was cancelled for: access ends with the period paid
 * for even before the gateway's word that it ended has arrived.
 */
function isActiveAt(subscription: Subscription, now: number): boolean {
  if (subscription.status !== 'active') return false;
  if (!subscription.cancelAtPeriodEnd || !subscription.currentPeriodEnd) return true;
  return new Date(subscription.currentPeriodEnd).getTime() > now;
}

/** What a client sends when it has no value: nothing, blanks, or a stringified undefined/null. */
function isMissing(value: string | undefined): boolean {
  return value === undefined || value.trim() === '' || value === 'undefined' || value === 'null';
}

function found(row: Subscription | undefined, message: string): SubscriptionLookupDto {
  return row ? { success: true, data: toSubscriptionDto(row) } : { success: false, data: null, message };
}

const STATUS_RANK: Record<SubscriptionStatus, number> = { active: 0, paused: 1, past_due: 2, incomplete: 2, cancelled: 3 };

function byPreference(a: Subscription, b: Subscription): number {
  return (
    (STATUS_RANK[a.status] ?? 4) - (STATUS_RANK[b.status] ?? 4) ||
    b.createdAt.getTime() - a.createdAt.getTime() ||
    a.subscriptionId.localeCompare(b.subscriptionId)
  );
}
