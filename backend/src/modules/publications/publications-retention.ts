import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Leases } from '../../database/leases/leases';
import { OneInstanceJob } from '../../database/leases/one-instance-job';
import { A2aTaskStore } from './a2a/a2a-task-store';
import { ApiCallIdempotency } from './entities/api-call-idempotency.entity';
import { UsageJournalPosition } from './entities/usage-journal-position.entity';
import { CLAIM_LEASE_MS } from './idempotency-key';

export const RETENTION_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 86_400_000;
/** A retry comes within minutes; a day covers any client's retries and a lapsed claim. */
export const IDEMPOTENCY_KEEP_MS = Math.max(DAY_MS, CLAIM_LEASE_MS);
/** A closed journal's row guards against a replay that read the file before it went: a week is far beyond that. */
export const CLOSED_JOURNAL_KEEP_MS = 7 * DAY_MS;

export interface RetentionResult {
  tasks: number;
  idempotencyKeys: number;
  journals: number;
}

/**
 * Hourly, by one instance: A2A tasks last changed more than A2A_TASK_RETENTION_DAYS ago, the
 * Idempotency-Keys of calls older than a day, and the rows of journals closed a week ago go.
 */
@Injectable()
export class PublicationsRetention extends OneInstanceJob<RetentionResult> {
  private readonly taskRetentionMs: number;

  constructor(
    private readonly tasks: A2aTaskStore,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
    leases: Leases,
  ) {
    super(leases, { name: 'publications-retention', everyMs: RETENTION_EVERY_MS, logger: new Logger('Publications'), atStart: true });
    this.taskRetentionMs = config.a2a.taskRetentionDays * DAY_MS;
  }

  protected async run(now: Date): Promise<RetentionResult> {
    const time = now.getTime();
    const tasks = await this.tasks.deleteUpdatedBefore(time - this.taskRetentionMs);
    const idempotencyKeys = await this.deleteWhere(ApiCallIdempotency, 'created_at < :before', time - IDEMPOTENCY_KEEP_MS);
    const journals = await this.deleteWhere(UsageJournalPosition, 'closed = :closed AND updated_at < :before', time - CLOSED_JOURNAL_KEEP_MS);
    return { tasks, idempotencyKeys, journals };
  }

  private async deleteWhere(entity: typeof ApiCallIdempotency | typeof UsageJournalPosition, where: string, before: number): Promise<number> {
    return (await this.dataSource.createQueryBuilder().delete().from(entity).where(where, { before, closed: true }).execute()).affected ?? 0;
  }
}
