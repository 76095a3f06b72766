import cluster from 'node:cluster';
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ClusterRateLimitStorage } from '../../common/rate-limit/cluster-rate-limit-storage';
import { PublicationsRedis } from './redis-channel';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the current window ends (the count starts again). */
  resetSeconds: number;
}

const WINDOW_MS = 60_000;

/**
 * Calls per minute per counter (a key's requests; an owner's model calls through all their keys,
 * 'owner:<sub>'), in fixed one-minute windows: in Redis when REDIS_URL is set (one
 * count for every instance, one round trip per call), in the cluster's primary for the workers of
 * one machine without Redis, in this process otherwise. An outage of either falls back to
 * counting in memory rather than refusing or waving every call through.
 */
@Injectable()
export class KeyRateLimiter implements OnApplicationShutdown {
  private readonly logger = new Logger('Publications');
  private readonly local = new Map<string, { window: number; count: number }>();
  private readonly cluster: ClusterRateLimitStorage | null;

  constructor(private readonly redis: PublicationsRedis) {
    this.cluster = !redis.enabled && cluster.isWorker ? new ClusterRateLimitStorage() : null;
  }

  onApplicationShutdown(): void {
    this.cluster?.close();
  }

  async hit(counter: string, limit: number, now = Date.now()): Promise<RateDecision> {
    const window = Math.floor(now / WINDOW_MS);
    const resetSeconds = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
    const count = (await this.sharedCount(counter, window)) ?? (await this.clusterCount(counter, window)) ?? this.localCount(counter, window);
    return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetSeconds };
  }

  private async sharedCount(keyId: string, window: number): Promise<number | null> {
    const client = this.redis.client;
    if (!client || client.status !== 'ready') return null;
    const key = `rl:${keyId}:${window}`;
    try {
      const results = await client.multi().incr(key).pexpire(key, WINDOW_MS + 5_000).exec();
      const count = results?.[0]?.[1];
      return typeof count === 'number' ? count : null;
    } catch (error) {
      this.logger.warn(`Límite de las claves de API «${keyId}» contado en este proceso: ${String(error)}`);
      return null;
    }
  }

  private async clusterCount(keyId: string, window: number): Promise<number | null> {
    if (!this.cluster) return null;
    try {
      const record = await this.cluster.increment(`publication-key:${keyId}:${window}`, WINDOW_MS + 5_000, Number.MAX_SAFE_INTEGER, 1, 'publication-key');
      return record.totalHits;
    } catch (error) {
      this.logger.warn(`Límite de las claves de API «${keyId}» contado en este proceso: ${String(error)}`);
      return null;
    }
  }

  private localCount(keyId: string, window: number): number {
    let entry = this.local.get(keyId);
    if (!entry || entry.window !== window) {
      if (this.local.size >= 50_000) this.sweep(window);
      entry = { window, count: 0 };
      this.local.set(keyId, entry);
    }
    entry.count += 1;
    return entry.count;
  }

  private sweep(window: number): void {
    for (const [keyId, entry] of this.local) if (entry.window !== window) this.local.delete(keyId);
  }
}
