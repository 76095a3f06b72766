import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { CollaborationQueue, type SessionExecutor } from './collaboration-queue';

export const COLLABORATION_QUEUE_NAME = 'collaboration';

/** How many sessions one instance runs at once. */
const CONCURRENCY = 4;

/** BullMQ's connection options from a redis:// URL. */
function connectionOf(url: string) {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username || undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : undefined,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

/**
 * Sessions on the BullMQ queue 'collaboration': any instance's worker takes any session. A job is
 * the session's id (jobId too, so it is queued once); a worker that dies leaves its job stalled,
 * and BullMQ hands it to another worker once (maxStalledCount 1); the runner itself decides from
 * the stored attempts whether it runs again or ends failed.
 */
export class BullMqCollaborationQueue extends CollaborationQueue implements OnApplicationShutdown {
  private readonly logger = new Logger('Collaboration');
  private readonly queue: Queue;
  private readonly worker: Worker;

  constructor(redisUrl: string, executor: SessionExecutor, options: { prefix?: string; stalledIntervalMs?: number } = {}) {
    super();
    const connection = connectionOf(redisUrl);
    const prefix = options.prefix ?? 'nova';
    this.queue = new Queue(COLLABORATION_QUEUE_NAME, { connection, prefix });
    this.worker = new Worker(COLLABORATION_QUEUE_NAME, async (job) => executor.execute(String(job.data.sessionId)), {
      connection,
      prefix,
      concurrency: CONCURRENCY,
      maxStalledCount: 1,
      stalledInterval: options.stalledIntervalMs ?? 30_000,
      lockDuration: 30_000,
    });
    this.worker.on('error', (error) => this.logger.warn(`Cola de colaboración: ${error.message}`));
    this.queue.on('error', (error) => this.logger.warn(`Cola de colaboración: ${error.message}`));
  }

  async enqueue(sessionId: string): Promise<void> {
    await this.queue.add(
      'run',
      { sessionId },
      { jobId: `${sessionId}-${Date.now()}`, removeOnComplete: 1000, removeOnFail: 1000, attempts: 1 },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    // Not waiting for the jobs in flight: their sessions stay processing and are taken up again (stalled job, stale heartbeat).
    await this.worker.close(true).catch(() => undefined);
    await this.queue.close().catch(() => undefined);
  }
}
