import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { watchDatabasePool } from './instruments';
import { MetricsDisabledError, MetricsElsewhereError, MetricsTokenError, MetricsUnavailableError } from './metrics.errors';
import { bearerMatches, scrapeText, serveMetricsPort } from './scrape';

/**
 * GET /metrics' rules: with METRICS_PORT the scrape is served there (on loopback) and not on the
 * main port; otherwise it asks for METRICS_TOKEN, and without one it refuses every caller. Also
 * reports this application's database pool.
 */
@Injectable()
export class MetricsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server: Server | null = null;
  private unwatchPool: (() => void) | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.database.type === 'postgres') this.unwatchPool = watchDatabasePool((this.dataSource.driver as PostgresDriver).master);
    // A cluster's primary serves the port for all its workers (scrape.ts).
    if (this.config.metrics.port !== null && !cluster.isWorker) {
      this.server = serveMetricsPort(this.config.metrics, scrapeText);
      this.server.on('error', (error) => this.logger.error(`No se pudo abrir METRICS_PORT ${this.config.metrics.port}: ${error.message}`));
    }
  }

  onApplicationShutdown(): void {
    this.unwatchPool?.();
    this.server?.close();
  }

  /** The scrape's text for a caller of the main port with that Authorization header. */
  scrape(authorization: string | undefined): Promise<string> {
    const { token, port } = this.config.metrics;
    if (port !== null) throw new MetricsElsewhereError();
    if (token === null) throw new MetricsDisabledError();
    if (!bearerMatches(authorization, token)) throw new MetricsTokenError();
    return scrapeText().catch((error: unknown) => {
      this.logger.warn(`No se pudieron reunir las métricas: ${String(error)}`);
      throw new MetricsUnavailableError();
    });
  }
}
