/**
 * What one instance of the backend tells the others (and itself): something that their in-memory
 * caches keep has changed, so they drop it. Each topic names what changed; the payload says which
 * one (a user's subject, a publication id), or is empty.
 */
/** 'a2a.task-canceled' (a task's id) is no cache: the instance running that A2A task stops it. */
export type InstanceTopic = 'identity.sessions-ended' | 'publications.changed' | 'marketplace.changed' | 'a2a.task-canceled';

export type InstanceListener = (payload: string) => void;

/**
 * The port every module that keeps a cache of shared data publishes its changes on. A message
 * reaches this process's listeners before `publish` returns, so a change is seen at once where
 * it was made; the other processes of the deployment get it moments later.
 */
export abstract class InstanceBus {
  /**
   * True when a message reaches every instance that shares the database, on any machine (Redis);
   * false when it reaches only this machine's processes, so caches that must never be stale
   * elsewhere should not be kept with PostgreSQL.
   */
  abstract readonly reachesEveryInstance: boolean;

  private readonly listeners = new Map<InstanceTopic, InstanceListener[]>();

  subscribe(topic: InstanceTopic, listener: InstanceListener): void {
    this.listeners.set(topic, [...(this.listeners.get(topic) ?? []), listener]);
  }

  /** Tells every instance; never throws (a cache left to its own expiry is no reason to fail the change). */
  async publish(topic: InstanceTopic, payload = ''): Promise<void> {
    this.deliver(topic, payload);
    await this.send(topic, payload);
  }

  /** Sends the message to the other processes. */
  protected abstract send(topic: InstanceTopic, payload: string): Promise<void>;

  /** A message from another process, or this one's own, reaches the listeners here. */
  protected deliver(topic: InstanceTopic, payload: string): void {
    for (const listener of this.listeners.get(topic) ?? []) listener(payload);
  }
}

/** The message as it travels between processes; `origin` lets a process skip its own echo. */
export interface InstanceMessage {
  origin: string;
  topic: InstanceTopic;
  payload: string;
}

export const INSTANCE_TOPICS: readonly InstanceTopic[] = ['identity.sessions-ended', 'publications.changed', 'marketplace.changed', 'a2a.task-canceled'];

export function parseInstanceMessage(value: unknown): InstanceMessage | null {
  let message: unknown = value;
  if (typeof value === 'string') {
    try {
      message = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!message || typeof message !== 'object') return null;
  const { origin, topic, payload } = message as Record<string, unknown>;
  if (typeof origin !== 'string' || typeof payload !== 'string' || !INSTANCE_TOPICS.includes(topic as InstanceTopic)) return null;
  return { origin, topic: topic as InstanceTopic, payload };
}
