import { rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { queuePrefix } from '../../src/modules/collaboration/collaboration.module';
import { CollaborationSession } from '../../src/modules/collaboration/entities/collaboration-session.entity';
import { COLLABORATION_QUEUE_NAME } from '../../src/modules/collaboration/queue/bullmq-queue';
import { CollaborationQueue } from '../../src/modules/collaboration/queue/collaboration-queue';
import { COLLABORATION_RUN_OPTIONS, SessionRunner } from '../../src/modules/collaboration/session-runner';
import { ModelGateway } from '../../src/modules/models/model-gateway';
import { FakeModelGateway } from '../chat/fake-model-gateway';
import { signUpAndSignIn } from '../support/identity-client';
import { describeWithRedis, TEST_REDIS_URL } from '../support/services';
import { createTestAppWith, type TestApp, withPostgres } from '../support/test-app';
import { finished, teamAgent, teamScript, until, waitForAbort } from './collaboration-support';

jest.setTimeout(90_000);

describeWithRedis('collaboration sessions on the BullMQ queue (REDIS_URL)', () => {
  const redisUrl = TEST_REDIS_URL as string;

  const queueOf = (testApp: TestApp) => {
    const url = new URL(redisUrl);
    return new Queue(COLLABORATION_QUEUE_NAME, { connection: { host: url.hostname, port: Number(url.port || 6379) }, prefix: queuePrefix(testApp.config) });
  };

  it('three agents answer together through the queue', async () => {
    const gateway = new FakeModelGateway();
    gateway.script = teamScript();
    const testApp = await createTestAppWith([[ModelGateway, gateway]], { REDIS_URL: redisUrl });
    const queue = queueOf(testApp);
    try {
      const user = await signUpAndSignIn(testApp, 'usuaria@example.com');
      const agents = [
        await teamAgent(testApp, user, 'Abogada', 'legal', 4.2),
        await teamAgent(testApp, user, 'Asesor Fiscal', 'finance', 4.9),
        await teamAgent(testApp, user, 'Publicista', 'marketing', 3.9),
      ];
      const { body } = await request(testApp.server).post('/api/collaboration/sessions').set(user.authorization).send({ agentIds: agents, query: '¿Cómo lanzo mi marca?' }).expect(201);
      const session = await finished(testApp, user, body.id);
      expect(session.status).toBe('completed');
      expect(session.coordinator.name).toBe('Asesor Fiscal');
      expect(Object.keys(session.responses)).toHaveLength(3);
      // Its job is gone once it ended, so that the session could be queued again.
      expect(await queue.getJob(body.id)).toBeUndefined();
      expect(await queue.getJobCounts('completed', 'failed')).toEqual({ completed: 0, failed: 0 });
    } finally {
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      await testApp.close();
    }
  });

  it('queues a session again once its job has ended: recovery runs a session its last run left processing', async () => {
    const gateway = new FakeModelGateway();
    gateway.script = teamScript();
    const testApp = await createTestAppWith([[ModelGateway, gateway]], { REDIS_URL: redisUrl });
    const queue = queueOf(testApp);
    try {
      const user = await signUpAndSignIn(testApp, 'usuaria@example.com');
      const agent = await teamAgent(testApp, user, 'Abogada', 'legal', 4.5);
      const { body } = await request(testApp.server).post('/api/collaboration/sessions').set(user.authorization).send({ agentIds: [agent], query: '¿Qué contrato necesito?' }).expect(201);
      await finished(testApp, user, body.id);
      // As a run that stopped after its job ended leaves it (a failure before the run began, a
      // shutdown): processing, its heartbeat going stale.
      await testApp.app.get(DataSource).getRepository(CollaborationSession).update({ id: body.id }, { status: 'processing', attempts: 0, heartbeatAt: new Date(Date.now() - 120_000), endTime: null });
      const requestsBefore = gateway.requests.length;
      expect(await testApp.app.get(SessionRunner).recoverStale()).toEqual({ retried: [body.id], failed: [] });
      expect((await finished(testApp, user, body.id)).status).toBe('completed');
      expect(gateway.requests.length).toBeGreaterThan(requestsBefore);
    } finally {
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      await testApp.close();
    }
  });

  it('queues a session once: enqueueing it again while its job waits adds no second job', async () => {
    const testApp = await createTestAppWith([[ModelGateway, new FakeModelGateway()]], { REDIS_URL: redisUrl });
    const queue = queueOf(testApp);
    try {
      // Paused, the job waits: two instances recovering the same session at once.
      await queue.pause();
      const sessionId = randomUUID();
      await testApp.app.get(CollaborationQueue).enqueue(sessionId);
      await testApp.app.get(CollaborationQueue).enqueue(sessionId);
      expect((await queue.getJobs(['waiting'])).map((job) => job.data.sessionId)).toEqual([sessionId]);
    } finally {
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      await testApp.close();
    }
  });

  // A short hold on each job, so that the dead instance's job is found stalled in seconds rather than a minute.
  const quickLocks: [typeof COLLABORATION_RUN_OPTIONS, object] = [COLLABORATION_RUN_OPTIONS, { queueLockMs: 1_000 }];

  it('an instance dies mid-session; another instance on the same database and Redis runs it again from the queue', async () => {
    const stuck = new FakeModelGateway();
    stuck.script = teamScript(waitForAbort);
    const first = await createTestAppWith([[ModelGateway, stuck], quickLocks], { REDIS_URL: redisUrl });
    const user = await signUpAndSignIn(first, 'usuaria@example.com');
    const agent = await teamAgent(first, user, 'Abogada', 'legal', 4.5);
    const { body } = await request(first.server).post('/api/collaboration/sessions').set(user.authorization).send({ agentIds: [agent], query: '¿Qué contrato necesito?' }).expect(201);
    await until(first, user, body.id, (session) => session.deliberationLog.some((entry: { type: string }) => entry.type === 'agent-working'));
    await first.app.close();

    const database = first.config.database as { schema?: string };
    const healthy = new FakeModelGateway();
    healthy.script = teamScript();
    const second = await createTestAppWith([[ModelGateway, healthy], quickLocks], {
      REDIS_URL: redisUrl,
      DATA_DIR: first.config.dataDir,
      ...(database.schema ? { DATABASE_SCHEMA: database.schema } : {}),
    });
    const queue = queueOf(second);
    try {
      expect(queuePrefix(second.config)).toBe(queuePrefix(first.config));
      const recovered = await second.app.get(SessionRunner).recoverStale(0);
      expect(recovered).toEqual({ retried: [body.id], failed: [] });
      const session = await finished(second, user, body.id);
      expect(session.status).toBe('completed');
      expect(healthy.requests.length).toBeGreaterThan(0);
    } finally {
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      await second.close();
      rmSync(first.config.dataDir, { recursive: true, force: true });
      const url = process.env.TEST_DATABASE_URL;
      if (url && database.schema) await withPostgres(url, (client) => client.query(`DROP SCHEMA IF EXISTS "${database.schema}" CASCADE`));
    }
  });
});
