import { randomUUID } from 'node:crypto';
import { node, tracing } from '@opentelemetry/sdk-node';
import { contextOf, inSpan, tracedPort, type TraceHeaders, tracingStarted } from '../../src/common/telemetry/tracing';
import { BullMqCollaborationQueue } from '../../src/modules/collaboration/queue/bullmq-queue';
import type { CollaborationQueue, SessionExecutor } from '../../src/modules/collaboration/queue/collaboration-queue';
import { InProcessCollaborationQueue } from '../../src/modules/collaboration/queue/in-process-queue';
import { describeWithRedis, TEST_REDIS_URL } from '../support/services';

/**
 * Issue 35, point 2, in this process with an in-memory exporter: a collaboration session continues
 * the trace of the request that queued it, on the in-process queue and across BullMQ (another
 * instance's worker would get the same job), and each call of a traced port (the payment gateway)
 * is a span.
 */
const exporter = new tracing.InMemorySpanExporter();
const provider = new node.NodeTracerProvider({ spanProcessors: [new tracing.SimpleSpanProcessor(exporter)] });
provider.register();
tracingStarted();

afterAll(() => provider.shutdown());
beforeEach(() => exporter.reset());

/** Queues a session inside a request's span; the session runs as the runner does, under the trace it was given. */
async function queuedSession(makeQueue: (executor: SessionExecutor) => CollaborationQueue & { onApplicationShutdown?(): Promise<void> }) {
  let ran!: () => void;
  const done = new Promise<void>((resolve) => (ran = resolve));
  const executor: SessionExecutor = {
    execute: (sessionId: string, trace?: TraceHeaders) => inSpan('collaboration.session', {}, async () => ran(), contextOf(trace)),
  };
  const queue = makeQueue(executor);
  try {
    await inSpan('POST /api/collaboration/sessions', {}, () => queue.enqueue(randomUUID()));
    await done;
  } finally {
    await queue.onApplicationShutdown?.();
  }
  const spans = exporter.getFinishedSpans();
  const request = spans.find((span) => span.name === 'POST /api/collaboration/sessions')!;
  const session = spans.find((span) => span.name === 'collaboration.session')!;
  return { request: request.spanContext(), session: session.spanContext(), parent: session.parentSpanContext?.spanId };
}

describe('traces carried with queued work', () => {
  it('a session on the in-process queue continues the trace of the request that queued it', async () => {
    const { request, session, parent } = await queuedSession((executor) => new InProcessCollaborationQueue(executor));
    expect(session.traceId).toBe(request.traceId);
    expect(parent).toBe(request.spanId);
  });

  it("each call of a traced port is a span, marked as an error when it fails", async () => {
    const port = tracedPort(
      {
        async charge(amount: number) {
          if (amount < 0) throw new Error('importe no válido');
          return amount;
        },
        currency: () => 'eur',
      },
      'payment_gateway',
    );
    await expect(port.charge(5)).resolves.toBe(5);
    await expect(port.charge(-1)).rejects.toThrow('importe no válido');
    expect(port.currency()).toBe('eur');
    expect(exporter.getFinishedSpans().map((span) => [span.name, span.status.code])).toEqual([
      ['payment_gateway charge', 0],
      ['payment_gateway charge', 2],
      ['payment_gateway currency', 0],
    ]);
  });
});

describeWithRedis('traces carried across BullMQ (REDIS_URL)', () => {
  it("a session run by the queue's worker continues the trace of the request that queued it", async () => {
    const { request, session, parent } = await queuedSession(
      (executor) => new BullMqCollaborationQueue(TEST_REDIS_URL as string, executor, { prefix: `trazas-${randomUUID()}` }),
    );
    expect(session.traceId).toBe(request.traceId);
    expect(parent).toBe(request.spanId);
  });
});
