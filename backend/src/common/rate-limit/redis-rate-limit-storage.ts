import { Logger } from '@nestjs/common';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import Redis from 'ioredis';

/**
 * The Redis throttler storage, with a client that fails fast (the guard then lets the call
 * through and logs it) rather than hang, and that reports an outage once instead of on every
 * reconnection attempt.
 */
export class RedisRateLimitStorage extends ThrottlerStorageRedisService {
  constructor(url: string) {
    const logger = new Logger('RateLimit');
    const client = new Redis(url, {
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      // Shutting down while Redis is unreachable must not wait the default 2 s.
      disconnectTimeout: 100,
      keyPrefix: 'nova:rate-limit:',
    });
    let down = false;
    client.on('error', (error: Error) => {
      if (down) return;
      down = true;
      logger.warn(`Redis no responde (${error.message}); los límites de peticiones no se comprueban hasta que vuelva.`);
    });
    client.on('ready', () => {
      if (down) logger.log('Redis vuelve a responder; los límites de peticiones se comprueban de nuevo.');
      down = false;
    });
    super(client);
    // The client is ours: close it when the application stops.
    this.disconnectRequired = true;
  }
}
