import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';

const INVALIDATIONS = 'nova:publications:invalidate';

/**
 * The publications' use of Redis when REDIS_URL is set: per-key counters shared by every instance
 * and an invalidation channel, so that a revoked key or a disabled publication stops working on
 * every instance at once. Without REDIS_URL, there is no client and callers count in memory.
 */
@Injectable()
export class PublicationsRedis implements OnApplicationShutdown {
  private readonly logger = new Logger('Publications');
  readonly client: Redis | null;
  private readonly subscriber: Redis | null;
  private readonly listeners: ((publicationId: string) => void)[] = [];
  private down = false;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    if (!config.redisUrl) {
      this.client = null;
      this.subscriber = null;
      return;
    }
    const options = { maxRetriesPerRequest: 1, connectTimeout: 2_000, disconnectTimeout: 100, keyPrefix: 'nova:publications:' };
    this.client = new Redis(config.redisUrl, options);
    this.subscriber = new Redis(config.redisUrl, { ...options, keyPrefix: undefined, maxRetriesPerRequest: null });
    for (const client of [this.client, this.subscriber]) {
      client.on('error', (error: Error) => {
        if (this.down) return;
        this.down = true;
        this.logger.warn(`Redis no responde (${error.message}); los límites de las claves de API se cuentan en este proceso hasta que vuelva.`);
      });
      client.on('ready', () => (this.down = false));
    }
    void this.subscriber.subscribe(INVALIDATIONS).catch(() => undefined);
    this.subscriber.on('message', (_channel: string, publicationId: string) => {
      for (const listener of this.listeners) listener(publicationId);
    });
  }

  get enabled(): boolean {
    return this.client !== null;
  }

  onInvalidation(listener: (publicationId: string) => void): void {
    this.listeners.push(listener);
  }

  /** Tells every instance (this one too, through its subscription) that the publication changed. */
  async publishInvalidation(publicationId: string): Promise<void> {
    if (!this.client) return;
    try {
      await this.client.publish(INVALIDATIONS, publicationId);
    } catch (error) {
      this.logger.warn(`No se pudo avisar a las demás instancias del cambio de la publicación ${publicationId}: ${String(error)}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    // QUIT waits in ioredis' offline queue while Redis is down, which would hold the shutdown forever.
    await Promise.all(
      [this.client, this.subscriber].map((client) =>
        client?.status === 'ready' ? client.quit().catch(() => client.disconnect()) : client?.disconnect(),
      ),
    );
  }
}
