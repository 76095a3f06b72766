import { createHash, randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import type { DatabaseConfig } from '../../config/app-config';
import { INSTANCE_TOPICS, InstanceBus, type InstanceTopic, parseInstanceMessage } from './instance-bus';

const SUBSCRIBE_WAIT_MS = 2_000;

/**
 * One channel per deployment, named after its database: the instances that share a database
 * share their caches' subject, and another deployment on the same Redis hears nothing of them.
 */
export function instanceBusChannel(database: DatabaseConfig): string {
  const name = database.type === 'postgres' ? `${database.url}#${database.schema ?? 'public'}` : `sqlite:${database.path}`;
  return `nova:${createHash('sha256').update(name).digest('hex').slice(0, 12)}:instance-bus`;
}

/**
 * The bus over Redis pub/sub (REDIS_URL): every instance of the deployment, on any machine, hears
 * every change within milliseconds. Pub/sub keeps nothing for a subscriber that was away, so when
 * the subscription comes back after a drop every listener is told that anything may have changed.
 */
export class RedisInstanceBus extends InstanceBus {
  readonly reachesEveryInstance = true;
  private readonly logger = new Logger('InstanceBus');
  private readonly origin = randomUUID();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly subscribed: Promise<unknown>;
  private down = false;
  private everSubscribed = false;

  constructor(
    url: string,
    private readonly channel: string,
  ) {
    super();
    const options = { connectTimeout: 2_000, disconnectTimeout: 100 };
    this.publisher = new Redis(url, { ...options, maxRetriesPerRequest: 1 });
    this.subscriber = new Redis(url, { ...options, maxRetriesPerRequest: null });
    for (const client of [this.publisher, this.subscriber]) {
      client.on('error', (error: Error) => {
        if (this.down) return;
        this.down = true;
        this.logger.warn(`Redis no responde (${error.message}); las demás instancias no sabrán de los cambios hasta que vuelva y las cachés caduquen solas.`);
      });
      client.on('ready', () => (this.down = false));
    }
    this.subscriber.on('message', (from: string, raw: string) => {
      if (from !== this.channel) return;
      const message = parseInstanceMessage(raw);
      if (message && message.origin !== this.origin) this.deliver(message.topic, message.payload);
    });
    // ioredis subscribes again by itself after a reconnection; what was said meanwhile is lost.
    this.subscriber.on('ready', () => {
      if (this.everSubscribed) for (const topic of INSTANCE_TOPICS) this.deliver(topic, '');
    });
    this.subscribed = this.subscriber.subscribe(this.channel).then(
      () => (this.everSubscribed = true),
      () => undefined,
    );
  }

  /** Resolves once the subscription stands (or after a short wait, when Redis is down at start). */
  ready(): Promise<void> {
    return Promise.race([this.subscribed, new Promise((resolve) => setTimeout(resolve, SUBSCRIBE_WAIT_MS).unref())]).then(() => undefined);
  }

  protected async send(topic: InstanceTopic, payload: string): Promise<void> {
    try {
      await this.publisher.publish(this.channel, JSON.stringify({ origin: this.origin, topic, payload }));
    } catch (error) {
      this.logger.warn(`No se pudo avisar a las demás instancias (${topic}): ${String(error)}`);
    }
  }

  async close(): Promise<void> {
    // QUIT waits in ioredis' offline queue while Redis is down, which would hold the shutdown forever.
    await Promise.all(
      [this.publisher, this.subscriber].map((client) => (client.status === 'ready' ? client.quit().catch(() => client.disconnect()) : client.disconnect())),
    );
  }
}
