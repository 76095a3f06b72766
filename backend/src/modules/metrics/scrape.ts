import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import cluster from 'node:cluster';
import { createServer, type Server } from 'node:http';
import { ConsoleLogger } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { AggregatorRegistry } from 'prom-client';
import { metricsRegistry } from './instruments';

type MetricsConfig = AppConfig['metrics'];

/** Prometheus' text format, version 0.0.4. */
export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;

/** How long a worker waits for the primary's sum over the cluster (prom-client's own limit is 5 s). */
const CLUSTER_SCRAPE_TIMEOUT_MS = 6_000;

const logger = new ConsoleLogger('Metrics', { json: true });

const SCRAPE_REQUEST = 'nova:metrics:scrape';
const SCRAPE_ANSWER = 'nova:metrics:scraped';

interface ScrapeRequest {
  type: typeof SCRAPE_REQUEST;
  id: string;
}

interface ScrapeAnswer {
  type: typeof SCRAPE_ANSWER;
  id: string;
  text?: string;
  error?: string;
}

const isMessage = <T extends { type: string }>(type: T['type']) => (message: unknown): message is T =>
  !!message && typeof message === 'object' && (message as { type?: unknown }).type === type;
const isScrapeRequest = isMessage<ScrapeRequest>(SCRAPE_REQUEST);
const isScrapeAnswer = isMessage<ScrapeAnswer>(SCRAPE_ANSWER);

/** Whether GET /metrics may be answered at all: a token to ask for, or the loopback port. */
export const metricsEnabled = (metrics: MetricsConfig): boolean => metrics.token !== null || metrics.port !== null;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The Authorization header carries `Bearer <token>` (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return !!match && timingSafeEqual(digest(match[1].trim()), digest(token));
}

/** A cluster's worker: prom-client answers the primary's requests for this process' metrics. */
const inCluster = cluster.isWorker && typeof process.send === 'function';
if (inCluster) {
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([metricsRegistry]);
}

/**
 * The text of one scrape: this process' metrics, or, in a cluster's worker, the sum over every
 * worker, which only the primary can gather (it asks each one and adds them up).
 */
export function scrapeText(): Promise<string> {
  return inCluster ? askPrimary() : metricsRegistry.metrics();
}

function askPrimary(): Promise<string> {
  const id = randomUUID();
  return new Promise<string>((resolve, reject) => {
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      process.off('message', onMessage);
      settle();
    };
    const onMessage = (message: unknown) => {
      if (!isScrapeAnswer(message) || message.id !== id) return;
      finish(() => (message.text !== undefined ? resolve(message.text) : reject(new Error(message.error ?? 'sin respuesta'))));
    };
    const timer = setTimeout(() => finish(() => reject(new Error('El proceso principal no respondió'))), CLUSTER_SCRAPE_TIMEOUT_MS);
    process.on('message', onMessage);
    process.send!({ type: SCRAPE_REQUEST, id } satisfies ScrapeRequest);
  });
}

/**
 * A cluster's primary (WEB_CONCURRENCY > 1), when the metrics are on: it sums its workers' metrics
 * for a worker that was scraped on the main port, and serves METRICS_PORT itself when that is set
 * (the workers then leave it alone).
 */
export function serveClusterMetrics(metrics: MetricsConfig): void {
  if (!metricsEnabled(metrics)) return;
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isScrapeRequest(message)) return;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: SCRAPE_ANSWER, id: message.id, text } satisfies ScrapeAnswer),
      (error: unknown) => worker.isConnected() && worker.send({ type: SCRAPE_ANSWER, id: message.id, error: String(error) } satisfies ScrapeAnswer),
    );
  });
  if (metrics.port !== null) serveMetricsPort(metrics, () => aggregator.clusterMetrics()).unref();
}

/**
 * METRICS_PORT: GET /metrics on 127.0.0.1 only, for a Prometheus on the same machine (or a
 * sidecar); still behind METRICS_TOKEN when that is set too. Anything else on it is a 404.
 */
export function serveMetricsPort(metrics: MetricsConfig, scrape: () => Promise<string>): Server {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('No encontrado\n');
      return;
    }
    if (metrics.token !== null && !bearerMatches(request.headers.authorization, metrics.token)) {
      response.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8', 'WWW-Authenticate': 'Bearer' }).end('Falta el token de las métricas o no es válido\n');
      return;
    }
    scrape().then(
      (text) => response.writeHead(200, { 'Content-Type': METRICS_CONTENT_TYPE, 'Cache-Control': 'no-store' }).end(text),
      (error: unknown) => {
        logger.warn(`No se pudieron reunir las métricas: ${String(error)}`);
        response.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' }).end('No se pudieron reunir las métricas\n');
      },
    );
  });
  server.listen(metrics.port!, '127.0.0.1');
  return server;
}
