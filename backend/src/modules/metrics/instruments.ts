import { openStreamCount } from '../chat/sse';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Every metric the backend exports at GET /metrics (issue 35), in one registry for the process.
 * The instruments are module-level so that code outside Nest's injection (the model gateway, the
 * caches, the queues) counts with one call; a pre-labelled child costs a property lookup and an
 * addition, so counting costs nothing measurable even when nobody scrapes. docs/operations.md
 * lists them and says which are worth an alert.
 */
export const metricsRegistry = new Registry();

collectDefaultMetrics({ register: metricsRegistry, prefix: 'nova_' });

const registers = [metricsRegistry];

/** Latency buckets (seconds) for requests and model calls: from a cached page to a long reply. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export const httpRequests = new Histogram({
  name: 'nova_http_request_duration_seconds',
  help: 'Peticiones HTTP por método, ruta (el patrón, no la URL) y estado, con su duración',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers,
});

new Gauge({
  name: 'nova_sse_open_streams',
  help: 'Flujos de eventos (SSE) abiertos: chats, agentes publicados y sesiones de colaboración',
  registers,
  collect() {
    this.set(openStreamCount());
  },
});

export const modelCalls = new Counter({
  name: 'nova_model_calls_total',
  help: 'Llamadas a modelos por proveedor, modelo y resultado (done, error, cancelled: quien llamaba se fue)',
  labelNames: ['provider', 'model', 'outcome'] as const,
  registers,
});

export const modelErrors = new Counter({
  name: 'nova_model_errors_total',
  help: 'Llamadas a modelos fallidas por proveedor, modelo y error (ModelTimeoutError, ModelThrottledError…)',
  labelNames: ['provider', 'model', 'error'] as const,
  registers,
});

export const modelTokens = new Counter({
  name: 'nova_model_tokens_total',
  help: 'Tokens de las llamadas a modelos por proveedor, modelo y dirección (input, output)',
  labelNames: ['provider', 'model', 'direction'] as const,
  registers,
});

export const modelCallDuration = new Histogram({
  name: 'nova_model_call_duration_seconds',
  help: 'Duración de las llamadas a modelos por proveedor y modelo',
  labelNames: ['provider', 'model'] as const,
  buckets: LATENCY_BUCKETS,
  registers,
});

export const publishedAgentCalls = new Counter({
  name: 'nova_published_agent_calls_total',
  help: 'Llamadas a agentes publicados con una clave de API por resultado (ok, error)',
  labelNames: ['outcome'] as const,
  registers,
});

const publishedOk = publishedAgentCalls.labels('ok');
const publishedError = publishedAgentCalls.labels('error');

/** A published agent's call ended (the usage meter's count: refusals after the key was recognised included). */
export function countPublishedAgentCall(failed: boolean): void {
  (failed ? publishedError : publishedOk).inc();
}

export type QueueName = 'collaboration' | 'knowledge';

/** Where each queue's waiting jobs are read at a scrape: this process' own list, or the shared Redis one. */
const localWaiting = new Map<QueueName, () => number>();
const sharedWaiting = new Map<QueueName, () => Promise<number>>();

/** Reports a queue's waiting jobs (its length in this process, or in Redis when `shared`) until the returned function is called. */
export function watchQueue(queue: QueueName, waiting: () => number): () => void;
export function watchQueue(queue: QueueName, waiting: () => Promise<number>, shared: true): () => void;
export function watchQueue(queue: QueueName, waiting: () => number | Promise<number>, shared = false): () => void {
  const sources = (shared ? sharedWaiting : localWaiting) as Map<QueueName, typeof waiting>;
  sources.set(queue, waiting);
  return () => {
    if (sources.get(queue) === waiting) sources.delete(queue);
  };
}

const queueJobs = new Gauge({
  name: 'nova_queue_jobs',
  help: 'Trabajos de las colas de este proceso por cola y estado (waiting: en su cola en memoria; active: en curso)',
  labelNames: ['queue', 'state'] as const,
  registers,
  collect() {
    for (const [queue, waiting] of localWaiting) this.set({ queue, state: 'waiting' }, waiting());
  },
});

new Gauge({
  name: 'nova_queue_shared_waiting_jobs',
  help: 'Trabajos esperando en la cola compartida de Redis (BullMQ), la misma cifra desde cada proceso',
  labelNames: ['queue'] as const,
  // Every process reads the same Redis list: the cluster's scrape gives it once, not once per worker.
  aggregator: 'max',
  registers,
  async collect() {
    for (const [queue, waiting] of sharedWaiting) {
      const count = await waiting().catch(() => undefined);
      if (count !== undefined) this.set({ queue }, count);
    }
  },
});

const queueJobDuration = new Histogram({
  name: 'nova_queue_job_duration_seconds',
  help: 'Duración de los trabajos de las colas por cola y resultado (ok, error)',
  labelNames: ['queue', 'outcome'] as const,
  buckets: [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 600, 1800],
  registers,
});

/** Runs one job of a queue, counted as active while it runs and timed when it ends. */
export async function timeQueueJob<T>(queue: QueueName, work: () => Promise<T>): Promise<T> {
  const active = queueJobs.labels(queue, 'active');
  const end = queueJobDuration.startTimer({ queue });
  active.inc();
  try {
    const result = await work();
    end({ outcome: 'ok' });
    return result;
  } catch (error) {
    end({ outcome: 'error' });
    throw error;
  } finally {
    active.dec();
  }
}

/** What the metrics read of a pg pool. */
interface PoolFigures {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const pools = new Set<PoolFigures>();

/** Reports a PostgreSQL pool's use until the returned function is called (the app closes). */
export function watchDatabasePool(pool: PoolFigures): () => void {
  pools.add(pool);
  return () => pools.delete(pool);
}

new Gauge({
  name: 'nova_database_pool_connections',
  help: 'Conexiones del pool de PostgreSQL por estado (total, idle; waiting: consultas esperando una conexión)',
  labelNames: ['state'] as const,
  registers,
  collect() {
    let total = 0;
    let idle = 0;
    let waiting = 0;
    for (const pool of pools) {
      total += pool.totalCount;
      idle += pool.idleCount;
      waiting += pool.waitingCount;
    }
    this.set({ state: 'total' }, total);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

export type CacheName = 'marketplace_pages' | 'marketplace_counts' | 'agent_json' | 'token_sessions';

export const cacheLookups = new Counter({
  name: 'nova_cache_lookups_total',
  help: 'Consultas a las cachés en memoria por caché y resultado (hit, miss); la tasa de aciertos es hit / (hit + miss)',
  labelNames: ['cache', 'result'] as const,
  registers,
});

/** A cache's two counters, labelled once. */
export function cacheCounter(cache: CacheName): { hit(count?: number): void; miss(count?: number): void } {
  const hits = cacheLookups.labels(cache, 'hit');
  const misses = cacheLookups.labels(cache, 'miss');
  // Both series exist from the start, so the ratio is defined before the first miss.
  hits.inc(0);
  misses.inc(0);
  return { hit: (count = 1) => hits.inc(count), miss: (count = 1) => misses.inc(count) };
}
