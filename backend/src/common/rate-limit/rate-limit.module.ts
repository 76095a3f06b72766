import cluster from 'node:cluster';
import { Global, Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { RateLimitGuard } from './rate-limit';
import { ClusterRateLimitStorage } from './cluster-rate-limit-storage';
import { RedisRateLimitStorage } from './redis-rate-limit-storage';

/**
 * The throttler storage every rate limit counts in: process memory by default, Redis when
 * REDIS_URL is set, so that several instances behind a load balancer share one count; without
 * Redis, a cluster's workers (WEB_CONCURRENCY) count in their primary's memory, together. Also makes
 * @nestjs/throttler's own ThrottlerGuard usable (its default: 100 calls a minute per address).
 */
@Global()
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        throttlers: [{ name: 'default', ttl: 60_000, limit: 100 }],
        storage: config.redisUrl ? new RedisRateLimitStorage(config.redisUrl) : cluster.isWorker ? new ClusterRateLimitStorage() : undefined,
      }),
    }),
  ],
  providers: [RateLimitGuard],
  exports: [RateLimitGuard],
})
export class RateLimitModule {}
