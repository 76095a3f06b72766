import { randomUUID } from 'node:crypto';
import cluster, { type Worker } from 'node:cluster';
import { InstanceBus, type InstanceTopic, parseInstanceMessage } from './instance-bus';

/** Marks the bus' messages among whatever else goes between a cluster's processes. */
const CLUSTER_MESSAGE_TYPE = 'nova:instance-bus';

interface ClusterEnvelope {
  type: typeof CLUSTER_MESSAGE_TYPE;
  body: unknown;
}

const isEnvelope = (message: unknown): message is ClusterEnvelope =>
  !!message && typeof message === 'object' && (message as { type?: unknown }).type === CLUSTER_MESSAGE_TYPE;

/**
 * The bus without Redis: this process, plus its sibling workers when `npm start` runs a cluster
 * (through the primary, which relays what one worker sends to the others). Instances on other
 * machines are not reached: that takes REDIS_URL.
 */
export class LocalInstanceBus extends InstanceBus {
  readonly reachesEveryInstance = false;
  private readonly origin = randomUUID();
  private readonly inCluster = cluster.isWorker && typeof process.send === 'function';

  private readonly onClusterMessage = (message: unknown) => {
    if (!isEnvelope(message)) return;
    const parsed = parseInstanceMessage(message.body);
    if (parsed && parsed.origin !== this.origin) this.deliver(parsed.topic, parsed.payload);
  };

  constructor() {
    super();
    if (this.inCluster) process.on('message', this.onClusterMessage);
  }

  protected send(topic: InstanceTopic, payload: string): Promise<void> {
    if (this.inCluster && process.connected) {
      const envelope: ClusterEnvelope = { type: CLUSTER_MESSAGE_TYPE, body: { origin: this.origin, topic, payload } };
      process.send!(envelope);
    }
    return Promise.resolve();
  }

  close(): Promise<void> {
    process.off('message', this.onClusterMessage);
    return Promise.resolve();
  }
}

/** In a cluster's primary: what one worker publishes on the local bus reaches every other worker. */
export function relayInstanceBus(worker: Worker, workers: () => Iterable<Worker>): void {
  worker.on('message', (message: unknown) => {
    if (!isEnvelope(message)) return;
    for (const other of workers()) {
      if (other !== worker && other.isConnected()) other.send(message);
    }
  });
}
