import cluster, { type Worker } from 'node:cluster';
import { ConsoleLogger } from '@nestjs/common';
import { serveRateLimits } from './common/rate-limit/cluster-rate-limit-storage';
import { relayInstanceBus } from './modules/instance-bus/local-instance-bus';

/** Set by the primary on the workers it forks once the first one has brought the schema up to date. */
export const SCHEMA_READY_ENV = 'NOVA_CLUSTER_SCHEMA_READY';

/** How long the workers have to finish their requests and flush what they buffer after SIGTERM. */
const SHUTDOWN_GRACE_MS = 30_000;
const RESTART_DELAY_MS = 1_000;
/** More unexpected exits than this in RESTART_WINDOW_MS: something is wrong with the install, not a worker. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

/** Whether this process is a cluster worker that must not run the migrations. */
export function isLaterWorker(): boolean {
  return cluster.isWorker && process.env[SCHEMA_READY_ENV] === '1';
}

/**
 * The primary of `npm start` with WEB_CONCURRENCY above one: it serves nothing itself. The first
 * worker starts alone (migrations, signing keys, the first-start work); once it listens the others
 * start without migrating, and they all share the port. Without Redis the primary also carries the
 * instance bus between workers and keeps their rate-limit counters. A worker that dies is
 * replaced; SIGTERM or SIGINT reaches every worker, which closes as a single process would
 * (requests in flight, the buffered metering, connections), and the primary ends when the last
 * one has.
 */
export async function runClusterPrimary(
  workers: number,
  entryPoint: string,
  logger = new ConsoleLogger('Cluster', { json: true }),
): Promise<void> {
  // The workers run the backend's entry point itself, not whatever launched the primary (npm start's script).
  cluster.setupPrimary({ exec: entryPoint });
  let stopping = false;
  /** Until the first worker listens, a failure is the install's (configuration, database), not a worker's. */
  let started = false;
  const restarts: number[] = [];
  const live = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);

  const fork = (schemaReady: boolean): Worker => {
    const worker = cluster.fork(schemaReady ? { [SCHEMA_READY_ENV]: '1' } : {});
    relayInstanceBus(worker, live);
    serveRateLimits(worker);
    return worker;
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: cerrando ${live().length} procesos`);
    if (live().length === 0) process.exit();
    for (const worker of live()) worker.process.kill('SIGTERM');
    const deadline = setTimeout(() => {
      logger.warn(`Los procesos no terminaron en ${SHUTDOWN_GRACE_MS / 1000} s: se detienen a la fuerza`);
      for (const worker of live()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (live().length === 0) process.exit();
      return;
    }
    if (!started) return;
    const now = Date.now();
    restarts.push(now);
    while (restarts.length && now - restarts[0] > RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length > MAX_RESTARTS) {
      logger.error(`Los procesos terminan una y otra vez (el último: ${signal ?? `código ${code}`}); se detiene el servidor`);
      stop('SIGTERM');
      process.exitCode = 1;
      return;
    }
    logger.warn(`El proceso ${worker.process.pid} terminó (${signal ?? `código ${code}`}); se arranca otro`);
    // Not unref'd: with every worker gone, this timer is what keeps the primary alive to replace them.
    setTimeout(() => {
      if (!stopping) fork(true);
    }, RESTART_DELAY_MS);
  });

  const first = fork(false);
  const firstListening = await new Promise<boolean>((resolve) => {
    first.once('listening', () => resolve(true));
    first.once('exit', () => resolve(false));
  });
  if (!firstListening) {
    // The first start failed (configuration, database, migrations): its own log says why.
    if (!stopping) process.exit(1);
    return;
  }
  if (stopping) return;
  started = true;
  const others = Array.from({ length: workers - 1 }, () => fork(true));
  await Promise.all(others.map((worker) => new Promise((resolve) => worker.once('listening', resolve).once('exit', resolve))));
  if (!stopping) logger.log(`${workers} procesos del backend escuchando (PID principal ${process.pid})`);
}
