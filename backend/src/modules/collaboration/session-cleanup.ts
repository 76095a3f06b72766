import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, Repository } from 'typeorm';
import { Leases } from '../../database/leases/leases';
import { OneInstanceJob } from '../../database/leases/one-instance-job';
import { CollaborationSession } from './entities/collaboration-session.entity';
import { FINISHED_STATUSES } from './run/run-types';

export const CLEANUP_EVERY_MS = 60 * 60 * 1000;
export const SESSION_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Spec section 4: finished sessions older than 24 hours are removed, checked hourly, by one instance. */
@Injectable()
export class SessionCleanup extends OneInstanceJob<number> {
  constructor(
    @InjectRepository(CollaborationSession) private readonly sessions: Repository<CollaborationSession>,
    leases: Leases,
  ) {
    super(leases, { name: 'collaboration-cleanup', everyMs: CLEANUP_EVERY_MS, logger: new Logger('Collaboration') });
  }

  /** Removes the finished sessions that ended more than 24 h before `now`; answers how many. */
  protected async run(now: Date): Promise<number> {
    const result = await this.sessions.delete({ status: In([...FINISHED_STATUSES]), endTime: LessThan(new Date(now.getTime() - SESSION_MAX_AGE_MS)) });
    return result.affected ?? 0;
  }
}
