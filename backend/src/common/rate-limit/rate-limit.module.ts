import { Global, Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { RateLimitGuard } from './rate-limit';
import { RedisRateLimitStorage } from './redis-rate-limit-storage';

/**
 * The throttler storage every rate limit counts in: process memory by default, Redis when
 * REDIS_URL is set, so that several instances behind a load balancer share one count. Also makes
 * @nestjs/throttler's own ThrottlerGuard usable (its default: 100 calls a minute per address).
 */
@Global()
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        throttlers: [{ name: 'default', ttl: 60_000, limit: 100 }],
        storage: config.redisUrl ? new RedisRateLimitStorage(config.redisUrl) : undefined,
      }),
    }),
  ],
  providers: [RateLimitGuard],
  exports: [RateLimitGuard],
})
export class RateLimitModule {}
