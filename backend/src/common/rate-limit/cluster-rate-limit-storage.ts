import { randomUUID } from 'node:crypto';
import type { Worker } from 'node:cluster';
import { ThrottlerStorageService, type ThrottlerStorage } from '@nestjs/throttler';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;
type IncrementArgs = Parameters<ThrottlerStorage['increment']>;

const REQUEST = 'nova:rate-limit';
const REPLY = 'nova:rate-limit:reply';
/** The primary answers from memory at once; only a primary gone or wedged takes this long. */
const REPLY_TIMEOUT_MS = 2_000;

interface Request {
  type: typeof REQUEST;
  id: string;
  args: IncrementArgs;
}

interface Reply {
  type: typeof REPLY;
  id: string;
  record?: ThrottlerStorageRecord;
  error?: string;
}

const isRequest = (message: unknown): message is Request => !!message && typeof message === 'object' && (message as { type?: unknown }).type === REQUEST;
const isReply = (message: unknown): message is Reply => !!message && typeof message === 'object' && (message as { type?: unknown }).type === REPLY;

/**
 * The rate-limit counters of a cluster's worker when there is no Redis: kept by the primary, so
 * that the workers of one machine count together instead of each allowing the whole limit.
 * A counter the primary does not answer fails like an unreachable Redis (the guard lets the call
 * through and logs it).
 */
export class ClusterRateLimitStorage implements ThrottlerStorage {
  /** Every storage of the process hears every reply: the prefix tells its own apart. */
  private readonly prefix = randomUUID();
  private nextId = 0;
  private readonly pending = new Map<string, { resolve: (record: ThrottlerStorageRecord) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();

  private readonly onMessage = (message: unknown) => {
    if (!isReply(message)) return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    clearTimeout(waiting.timer);
    if (message.record) waiting.resolve(message.record);
    else waiting.reject(new Error(message.error ?? 'el proceso principal no respondió'));
  };

  constructor() {
    process.on('message', this.onMessage);
  }

  close(): void {
    process.off('message', this.onMessage);
  }

  increment(...args: IncrementArgs): Promise<ThrottlerStorageRecord> {
    if (!process.send || !process.connected) return Promise.reject(new Error('sin proceso principal'));
    const id = `${this.prefix}:${++this.nextId}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('el proceso principal no respondió a tiempo'));
      }, REPLY_TIMEOUT_MS);
      timer.unref();
      this.pending.set(id, { resolve, reject, timer });
      const request: Request = { type: REQUEST, id, args };
      process.send!(request);
    });
  }
}

/** In a cluster's primary: one set of counters for every worker (see ClusterRateLimitStorage). */
export function serveRateLimits(worker: Worker, storage: ThrottlerStorage = sharedStorage()): void {
  worker.on('message', (message: unknown) => {
    if (!isRequest(message)) return;
    const answer = (reply: Omit<Reply, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: REPLY, id: message.id, ...reply } satisfies Reply);
    };
    storage.increment(...message.args).then(
      (record) => answer({ record }),
      (error: unknown) => answer({ error: String(error) }),
    );
  });
}

let primaryStorage: ThrottlerStorageService | undefined;
function sharedStorage(): ThrottlerStorageService {
  primaryStorage ??= new ThrottlerStorageService();
  return primaryStorage;
}
