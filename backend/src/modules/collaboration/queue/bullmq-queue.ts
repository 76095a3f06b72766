import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { CollaborationQueue, type SessionExecutor } from './collaboration-queue';
import { bullmqConnection } from '../../../common/redis/bullmq-connection';
import { traceHeaders } from '../../../common/telemetry/tracing';
import { timeQueueJob, watchQueue } from '../../metrics/instruments';

export const COLLABORATION_QUEUE_NAME = 'collaboration';

/** How many sessions one instance runs at once. */
const CONCURRENCY = 4;
/** BullMQ's own default: a dead worker's session runs elsewhere within a minute. */
const DEFAULT_LOCK_MS = 30_000;

/**
 * Sessions on the BullMQ queue 'collaboration': any instance's worker takes any session. A job's
 * id is its session's, so that a session is queued once: enqueueing it again while its job waits
 * or runs adds nothing (BullMQ ignores a job id that still exists), whether two instances recover
 * it at once or one recovers it while BullMQ still hands on its stalled job. A job is removed as
 * soon as it ends, completed or failed, so that a session left 'processing' by a run that stopped
 * can be queued again. A worker that dies leaves its job stalled, and BullMQ hands it to another
 * worker once (maxStalledCount 1); the runner itself decides from the stored attempts whether it
 * runs again or ends failed.
 */
export class BullMqCollaborationQueue extends CollaborationQueue implements OnApplicationShutdown {
  private readonly logger = new Logger('Collaboration');
  private readonly queue: Queue;
  private readonly worker: Worker;
  private readonly unwatch: () => void;

  /** `lockMs`: a worker's hold on a job, renewed while it runs; a job held by nobody for that long is stalled. */
  constructor(redisUrl: string, executor: SessionExecutor, options: { prefix?: string; lockMs?: number } = {}) {
    super();
    const connection = bullmqConnection(redisUrl);
    const prefix = options.prefix ?? 'nova';
    this.queue = new Queue(COLLABORATION_QUEUE_NAME, { connection, prefix });
    this.worker = new Worker(COLLABORATION_QUEUE_NAME, async (job) => timeQueueJob('collaboration', () => executor.execute(String(job.data.sessionId), job.data.trace)), {
      connection,
      prefix,
      concurrency: CONCURRENCY,
      maxStalledCount: 1,
      stalledInterval: options.lockMs ?? DEFAULT_LOCK_MS,
      lockDuration: options.lockMs ?? DEFAULT_LOCK_MS,
    });
    this.worker.on('error', (error) => this.logger.warn(`Cola de colaboración: ${error.message}`));
    this.queue.on('error', (error) => this.logger.warn(`Cola de colaboración: ${error.message}`));
    this.unwatch = watchQueue('collaboration', () => this.queue.getWaitingCount(), true);
  }

  async enqueue(sessionId: string): Promise<void> {
    await this.queue.add(
      'run',
      // The request's trace rides with the job, so that the worker (any instance) continues it.
      { sessionId, trace: traceHeaders() },
      { jobId: sessionId, removeOnComplete: true, removeOnFail: true, attempts: 1 },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.unwatch();
    // Not waiting for the jobs in flight: their sessions stay processing and are taken up again (stalled job, stale heartbeat).
    await this.worker.close(true).catch(() => undefined);
    await this.queue.close().catch(() => undefined);
  }
}
