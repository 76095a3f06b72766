import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';

/**
 * The publications' use of Redis when REDIS_URL is set: per-key counters shared by every instance.
 * (A revoked key or a disabled publication reaches every instance through the instance bus.)
 * Without REDIS_URL, there is no client and callers count in memory.
 */
@Injectable()
export class PublicationsRedis implements OnApplicationShutdown {
  private readonly logger = new Logger('Publications');
  readonly client: Redis | null;
  private down = false;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    if (!config.redisUrl) {
      this.client = null;
      return;
    }
    const options = { maxRetriesPerRequest: 1, connectTimeout: 2_000, disconnectTimeout: 100, keyPrefix: 'nova:publications:' };
    this.client = new Redis(config.redisUrl, options);
    this.client.on('error', (error: Error) => {
      if (this.down) return;
      this.down = true;
      this.logger.warn(`Redis no responde (${error.message}); los límites de las claves de API se cuentan en este proceso hasta que vuelva.`);
    });
    this.client.on('ready', () => (this.down = false));
  }

  get enabled(): boolean {
    return this.client !== null;
  }

  async onApplicationShutdown(): Promise<void> {
    // QUIT waits in ioredis' offline queue while Redis is down, which would hold the shutdown forever.
    const client = this.client;
    if (client?.status === 'ready') await client.quit().catch(() => client.disconnect());
    else client?.disconnect();
  }
}
