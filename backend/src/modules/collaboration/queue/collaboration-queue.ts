import type { TraceHeaders } from '../../../common/telemetry/tracing';

/**
 * Where sessions run (the job-queue port): in this process by default, on BullMQ when REDIS_URL is
 * set so that any instance can run any session.
 */
export abstract class CollaborationQueue {
  /** Hands the stored session (status 'processing') to a runner. */
  abstract enqueue(sessionId: string): Promise<void>;
}

/** The work a queue calls for each session; the runner (session-runner.ts) provides it. */
export abstract class SessionExecutor {
  /** `trace`: the trace of the request that queued it, which the session continues. */
  abstract execute(sessionId: string, trace?: TraceHeaders): Promise<void>;
}
