import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import { EcosystemReply } from './entities/ecosystem-reply.entity';

/** An agent's reply in an ecosystem's chat (a stored message) or session (an agent's answer). */
export type NewEcosystemReply = Pick<EcosystemReply, 'ecosystemId' | 'agentId' | 'userSub' | 'repliedAt'> &
  ({ conversationId: string; messageId: string } | { sessionId: string });

/**
 * The record of every agent's reply in ecosystems' chats and sessions, one row per agent reply,
 * which the payouts read to split a bundle's payment by its subscriber's use.
 */
@Injectable()
export class EcosystemReplies {
  constructor(@InjectRepository(EcosystemReply) private readonly replies: Repository<EcosystemReply>) {}

  /** Writes the reply once (a retry of the same message or session step adds nothing); in the manager's transaction if given. */
  async record(reply: NewEcosystemReply, manager?: EntityManager): Promise<void> {
    const row: EcosystemReply = {
      id: 'sessionId' in reply ? `session:${reply.sessionId}:${reply.agentId}` : `chat:${reply.conversationId}:${reply.messageId}`,
      ecosystemId: reply.ecosystemId,
      agentId: reply.agentId,
      userSub: reply.userSub,
      conversationId: 'conversationId' in reply ? reply.conversationId : null,
      sessionId: 'sessionId' in reply ? reply.sessionId : null,
      repliedAt: reply.repliedAt,
    };
    await (manager ?? this.replies.manager).createQueryBuilder().insert().into(EcosystemReply).values(row).orIgnore().execute();
  }

  /** The user's replies per agent in the ecosystem's chats and sessions, from `start` (included) to `end` (excluded). */
  async countByAgent(ecosystemId: string, userSub: string, start: Date, end: Date): Promise<Map<string, number>> {
    const rows = await this.replies
      .createQueryBuilder('reply')
      .select('reply.agentId', 'agentId')
      .addSelect('COUNT(*)', 'replies')
      .where({ ecosystemId, userSub })
      .andWhere('reply.repliedAt >= :start AND reply.repliedAt < :end', { start, end })
      .groupBy('reply.agentId')
      .getRawMany<{ agentId: string; replies: string | number }>();
    return new Map(rows.map((row) => [row.agentId, Number(row.replies)]));
  }
}
