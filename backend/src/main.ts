// First: with OTEL_EXPORTER_OTLP_ENDPOINT set, tracing patches http, express, Nest and pg before they load.
import './common/telemetry/register';
import 'reflect-metadata';
import cluster from 'node:cluster';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { isLaterWorker, runClusterPrimary } from './cluster';
import { loadConfig, readOrExit } from './config/app-config';
import { serveClusterMetrics } from './modules/metrics/scrape';

async function bootstrap(): Promise<void> {
  let config = readOrExit(() => loadConfig());
  if (cluster.isPrimary && config.webConcurrency > 1) {
    serveClusterMetrics(config.metrics);
    await runClusterPrimary(config.webConcurrency, __filename);
    return;
  }
  if (isLaterWorker()) config = { ...config, database: { ...config.database, runMigrations: false } };
  const app = await createApp(config);
  await (config.host ? app.listen(config.port, config.host) : app.listen(config.port));
  const where = cluster.isWorker ? ` (proceso ${cluster.worker?.id}, PID ${process.pid})` : '';
  new Logger('Bootstrap').log(`${config.productName} escuchando en http://localhost:${config.port}${where}`);
}

bootstrap().catch((error: unknown) => {
  console.error(error);
  // Whatever the failed start left open (a pool, a timer) must not keep a broken server alive.
  process.exit(1);
});
