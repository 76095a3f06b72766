import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { ModelGateway } from '../models/model-gateway';
import { HealthDto, ReadinessDto } from './health.dto';
import { ShutdownState } from './shutdown';

/** A readiness check that has not answered in this time counts as failed (probes time out at 1 s by default). */
const CHECK_TIMEOUT_MS = 800;

@Injectable()
export class HealthService implements OnApplicationShutdown {
  /** Its own connection when REDIS_URL is set: a probe must not queue behind the application's commands. */
  private redis: Redis | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly models: ModelGateway,
    private readonly shutdown: ShutdownState,
  ) {}

  /**
   * Whether this instance should get traffic: the database answers with every migration applied,
   * Redis answers when configured, and the shutdown has not begun.
   */
  async ready(): Promise<ReadinessDto> {
    const [database, migrations, redis] = await Promise.all([
      this.isDatabaseReachable(),
      withTimeout(this.dataSource.showMigrations().then((pending) => !pending)),
      this.redisState(),
    ]);
    const shuttingDown = this.shutdown.shuttingDown;
    const ok = database && migrations && redis !== 'error' && !shuttingDown;
    return { status: ok ? 'ok' : 'error', database, migrations, redis, shuttingDown };
  }

  private async redisState(): Promise<ReadinessDto['redis']> {
    if (!this.config.redisUrl) return 'none';
    return (await withTimeout(this.pingRedis(this.config.redisUrl))) ? 'ok' : 'error';
  }

  onApplicationShutdown(): void {
    this.redis?.disconnect();
  }

  async check(): Promise<HealthDto> {
    const reachable = await this.isDatabaseReachable();
    const { identity, payments, models, mail } = this.config;
    return {
      status: reachable ? 'ok' : 'error',
      version: this.config.version,
      database: { type: this.config.database.type, reachable },
      providers: {
        identity: identity.provider,
        payments: payments.provider,
        mail: mail.provider,
        assistant: this.models.isConfigured('chatbot') ? 'online' : 'offline',
        models: {
          provider: models.provider,
          bedrockAgent: models.bedrockAgent,
          bedrockChatbotAgent: models.bedrockChatbotAgent,
          bedrockRuntime: models.bedrockRuntime,
          openAiCompatible: models.openAiCompatible,
        },
      },
    };
  }

  private async isDatabaseReachable(): Promise<boolean> {
    try {
      await this.dataSource.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }

  private async pingRedis(url: string): Promise<boolean> {
    this.redis ??= new Redis(url, {
      lazyConnect: true,
      connectTimeout: CHECK_TIMEOUT_MS,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: true,
      retryStrategy: () => 1_000,
    }).on('error', () => undefined);
    if (this.redis.status === 'wait') await this.redis.connect();
    return (await this.redis.ping()) === 'PONG';
  }
}

/** False when the check fails or takes longer than CHECK_TIMEOUT_MS. */
async function withTimeout(check: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check.catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}
