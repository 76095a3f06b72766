import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { mayModify } from '../../common/access/access-policy';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { isUniqueViolation } from '../../database/database-errors';
import { AgentsService } from '../agents/agents.service';
import type { Agent } from '../agents/entities/agent.entity';
import { AccountStandings } from '../identity/account-standings';
import { InstanceBus } from '../instance-bus/instance-bus';
import { UsersService } from '../users/users.service';
import { REVIEWS_DEFAULT_LIMIT, type ReplyDto, type ReviewDto, type ReviewPageDto, type ReviewsQueryDto, type WriteReviewDto } from './dto/reviews.dto';
import { Review } from './entities/review.entity';
import { ratingStats } from './rating-formula';
import { toReviewDto } from './review.mapper';
import { NoOwnReviewError, NotAgentCreatorError, NotUsedError, OwnAgentReviewError, ReviewNotFoundError } from './reviews.errors';
import { UsageReadModel } from './usage-read-model';

const ALIAS = 'review';

/**
 * Reviews (issue 34): who may write one, one per user and agent, the public list and its summary,
 * the creator's reply, and the agent's rating kept in step with every change. A review counts
 * (rating, summary, list) only while it is visible: not hidden by an admin, and its author's
 * account enabled.
 */
@Injectable()
export class ReviewsService implements OnModuleInit {
  private readonly logger = new Logger('Reviews');

  constructor(
    @InjectRepository(Review) private readonly reviews: Repository<Review>,
    private readonly agents: AgentsService,
    private readonly users: UsersService,
    private readonly usage: UsageReadModel,
    private readonly standings: AccountStandings,
    private readonly bus: InstanceBus,
  ) {}

  onModuleInit(): void {
    // Every change of an account's state ends its sessions and says so: its reviews follow it.
    this.bus.subscribe('identity.sessions-ended', (sub) => {
      if (sub) void this.followAuthorState(sub).catch((error: unknown) => this.logger.warn(`Valoraciones de ${sub} sin actualizar: ${String(error)}`));
    });
    this.users.whenHandleChanges(async ({ sub, after }) => {
      await this.reviews.update({ authorSub: sub }, { authorHandle: after });
    });
  }

  /** POST /agents/{agentId}/reviews: writes the caller's review, or replaces it (`created: false`). */
  async write(identity: VerifiedIdentity, agentId: string, body: WriteReviewDto): Promise<{ review: ReviewDto; created: boolean }> {
    const agent = await this.agents.findVisible(identity, agentId);
    if (agent.ownerSub === identity.sub) throw new OwnAgentReviewError();
    if (!(await this.usage.hasUsed(identity.sub, agent.id))) throw new NotUsedError();
    const author = { authorHandle: await this.users.handleOf(identity), authorEnabled: true };
    const comment = body.comment ? body.comment : null;
    const now = new Date();
    let created = false;
    let review = await this.reviews.findOneBy({ agentId: agent.id, authorSub: identity.sub });
    if (!review) {
      review = this.reviews.create({ id: randomUUID(), agentId: agent.id, authorSub: identity.sub, ...author, rating: body.rating, comment, hidden: false, replyText: null, replyCreatedAt: null, replyUpdatedAt: null, createdAt: now, updatedAt: now });
      try {
        await this.reviews.insert(review);
        created = true;
      } catch (error) {
        // The same user's two first reviews racing: the other one is replaced.
        if (!isUniqueViolation(error)) throw error;
        review = await this.reviews.findOneByOrFail({ agentId: agent.id, authorSub: identity.sub });
      }
    }
    if (!created) {
      // A hidden review stays hidden when rewritten; 'editada' from its new updatedAt.
      await this.reviews.update({ id: review.id }, { ...author, rating: body.rating, comment, updatedAt: now });
      review = await this.reviews.findOneByOrFail({ id: review.id });
    }
    await this.recount(agent.id);
    return { review: toReviewDto(review), created };
  }

  /** GET /agents/{agentId}/reviews: the visible reviews, paged, with the summary of all of them. */
  async list(identity: VerifiedIdentity | undefined, agentId: string, query: ReviewsQueryDto): Promise<ReviewPageDto> {
    const agent = await this.agents.findVisible(identity, agentId);
    const page = query.page ?? 1;
    const limit = query.limit ?? REVIEWS_DEFAULT_LIMIT;
    const listed = this.visible(agent.id);
    if (query.sort === 'rating') listed.orderBy(`${ALIAS}.rating`, 'DESC').addOrderBy(`${ALIAS}.updatedAt`, 'DESC');
    else listed.orderBy(`${ALIAS}.updatedAt`, 'DESC');
    listed.addOrderBy(`${ALIAS}.id`, 'ASC').offset((page - 1) * limit).limit(limit);
    const mine = identity ? this.visible(agent.id).andWhere(`${ALIAS}.authorSub = :sub`, { sub: identity.sub }).getOne() : Promise.resolve(null);
    const [items, histogram, own] = await Promise.all([listed.getMany(), this.histogram(agent.id), mine]);
    const count = Object.values(histogram).reduce((total, n) => total + n, 0);
    const sum = Object.entries(histogram).reduce((total, [stars, n]) => total + Number(stars) * n, 0);
    return {
      items: items.map(toReviewDto),
      total: count,
      page,
      limit,
      summary: { average: count === 0 ? null : ratingStats(count, sum).rating, count, histogram },
      mine: own ? toReviewDto(own) : null,
    };
  }

  /** DELETE /agents/{agentId}/reviews/mine. */
  async removeMine(identity: VerifiedIdentity, agentId: string): Promise<void> {
    const agent = await this.agents.findVisible(identity, agentId);
    const result = await this.reviews.delete({ agentId: agent.id, authorSub: identity.sub });
    if (!result.affected) throw new NoOwnReviewError();
    await this.recount(agent.id);
  }

  /** PUT /reviews/{reviewId}/reply: the agent's creator answers (or edits the answer); the review shows it as the creator's. */
  async reply(identity: VerifiedIdentity, reviewId: string, body: ReplyDto): Promise<ReviewDto> {
    const review = await this.findVisibleReview(identity, reviewId);
    const agent = await this.agents.findVisible(identity, review.agentId);
    // The creator answers; an admin may too (the access policy's rule: admins may do everything).
    if (!mayModify(identity, agent)) throw new NotAgentCreatorError();
    const now = new Date();
    await this.reviews.update({ id: review.id }, { replyText: body.text, replyCreatedAt: review.replyCreatedAt ?? now, replyUpdatedAt: now });
    return toReviewDto(await this.reviews.findOneByOrFail({ id: review.id }));
  }

  /** For reports: a review that shows (not hidden, author enabled) on an agent the caller may read, else 404. */
  async findVisibleReview(identity: VerifiedIdentity | undefined, reviewId: string): Promise<Review> {
    const review = await this.reviews.findOneBy({ id: reviewId });
    if (!review || review.hidden || !review.authorEnabled) throw new ReviewNotFoundError();
    await this.agents.findVisible(identity, review.agentId).catch(() => {
      throw new ReviewNotFoundError();
    });
    return review;
  }

  /** For reports: the review, whatever it shows, or null. */
  findById(reviewId: string): Promise<Review | null> {
    return this.reviews.findOneBy({ id: reviewId });
  }

  /** For reports' resolution: hides the review (it counts nowhere from now on). */
  async hide(reviewId: string): Promise<Review | null> {
    const review = await this.reviews.findOneBy({ id: reviewId });
    if (!review) return null;
    if (!review.hidden) {
      await this.reviews.update({ id: review.id }, { hidden: true });
      await this.recount(review.agentId);
    }
    return review;
  }

  /** For the reports' queue: the agents named, when they still exist. */
  agentsByIds(admin: VerifiedIdentity, ids: string[]): Promise<Map<string, Agent>> {
    return this.agents.findVisibleMany(admin, ids);
  }

  /** An account was disabled or enabled again: its reviews stop or start counting. */
  async followAuthorState(sub: string): Promise<void> {
    const enabled = await this.standings.isEnabled(sub);
    const changed = await this.reviews.find({ select: { id: true, agentId: true }, where: { authorSub: sub, authorEnabled: !enabled } });
    if (changed.length === 0) return;
    await this.reviews.update({ authorSub: sub, authorEnabled: !enabled }, { authorEnabled: enabled });
    for (const agentId of new Set(changed.map((review) => review.agentId))) await this.recount(agentId);
  }

  /** The agent's rating, count and sort score from its visible reviews now. */
  private async recount(agentId: string): Promise<void> {
    const row = await this.visible(agentId)
      .select('COUNT(*)', 'count')
      .addSelect(`COALESCE(SUM(${ALIAS}.rating), 0)`, 'sum')
      .getRawOne<{ count: string | number; sum: string | number }>();
    await this.agents.setRatingStats(agentId, ratingStats(Number(row?.count ?? 0), Number(row?.sum ?? 0)));
  }

  private async histogram(agentId: string): Promise<{ 1: number; 2: number; 3: number; 4: number; 5: number }> {
    const rows = await this.visible(agentId)
      .select(`${ALIAS}.rating`, 'stars')
      .addSelect('COUNT(*)', 'count')
      .groupBy(`${ALIAS}.rating`)
      .getRawMany<{ stars: string | number; count: string | number }>();
    const histogram = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
    for (const row of rows) {
      const stars = Number(row.stars);
      if (stars >= 1 && stars <= 5) histogram[stars as 1 | 2 | 3 | 4 | 5] = Number(row.count);
    }
    return histogram;
  }

  private visible(agentId: string) {
    return this.reviews
      .createQueryBuilder(ALIAS)
      .where(`${ALIAS}.agentId = :agentId`, { agentId })
      .andWhere(`${ALIAS}.hidden = :hidden`, { hidden: false })
      .andWhere(`${ALIAS}.authorEnabled = :enabled`, { enabled: true });
  }
}
