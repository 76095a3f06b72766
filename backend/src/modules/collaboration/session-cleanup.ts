import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, In, LessThan, Repository } from 'typeorm';
import { Leases } from '../../database/leases/leases';
import { OneInstanceJob } from '../../database/leases/one-instance-job';
import { CollaborationSession } from './entities/collaboration-session.entity';
import { FINISHED_STATUSES } from './run/run-types';

export const CLEANUP_EVERY_MS = 60 * 60 * 1000;
export const SESSION_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** The conversations module's table, read here only to know which conversations still exist (resolved by TypeORM, schema included). */
const CONVERSATIONS_TABLE = 'conversations';

/**
 * Spec section 4: finished sessions older than 24 hours are removed, checked hourly, by one instance.
 * A session asked in a conversation ('Flujo de Agentes', an ecosystem chat) is part of it (issue 31:
 * reopening the conversation shows each session's log, 'Repetir' and 'Guardar como ecosistema'): it
 * is kept while its conversation exists and removed with the others once the conversation is gone.
 */
@Injectable()
export class SessionCleanup extends OneInstanceJob<number> {
  constructor(
    @InjectRepository(CollaborationSession) private readonly sessions: Repository<CollaborationSession>,
    leases: Leases,
  ) {
    super(leases, { name: 'collaboration-cleanup', everyMs: CLEANUP_EVERY_MS, logger: new Logger('Collaboration') });
  }

  /** Removes the finished sessions that ended more than 24 h before `now` and belong to no existing conversation; answers how many. */
  protected async run(now: Date): Promise<number> {
    const conversations = this.sessions.manager.createQueryBuilder().subQuery().select('conversation.id').from(CONVERSATIONS_TABLE, 'conversation').getQuery();
    const result = await this.sessions
      .createQueryBuilder()
      .delete()
      .where({ status: In([...FINISHED_STATUSES]), endTime: LessThan(new Date(now.getTime() - SESSION_MAX_AGE_MS)) })
      .andWhere(new Brackets((kept) => kept.where('conversation_id IS NULL').orWhere(`conversation_id NOT IN ${conversations}`)))
      .execute();
    return result.affected ?? 0;
  }
}
