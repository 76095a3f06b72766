import { Global, Inject, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { InstanceBus } from './instance-bus';
import { LocalInstanceBus } from './local-instance-bus';
import { instanceBusChannel, RedisInstanceBus } from './redis-instance-bus';

/**
 * The instance bus for every module: over Redis when REDIS_URL is set, so that several instances
 * behind a load balancer drop their caches together; otherwise this process and its cluster
 * siblings only.
 */
@Global()
@Module({
  providers: [
    {
      provide: InstanceBus,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): InstanceBus =>
        config.redisUrl ? new RedisInstanceBus(config.redisUrl, instanceBusChannel(config.database)) : new LocalInstanceBus(),
    },
  ],
  exports: [InstanceBus],
})
export class InstanceBusModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(InstanceBus) private readonly bus: RedisInstanceBus | LocalInstanceBus) {}

  /** Listening before the first request, so that no change made right after start is missed. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.bus instanceof RedisInstanceBus) await this.bus.ready();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.bus.close();
  }
}
