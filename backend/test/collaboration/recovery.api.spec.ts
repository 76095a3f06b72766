import { Leases } from '../../src/database/leases/leases';
import { rmSync } from 'node:fs';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { CollaborationSession } from '../../src/modules/collaboration/entities/collaboration-session.entity';
import { SessionCleanup } from '../../src/modules/collaboration/session-cleanup';
import { RUNNER_DIED_MESSAGE, SessionRunner } from '../../src/modules/collaboration/session-runner';
import { ModelGateway } from '../../src/modules/models/model-gateway';
import { FakeModelGateway } from '../chat/fake-model-gateway';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestAppWith, type TestApp, withPostgres } from '../support/test-app';
import { finished, teamAgent, teamScript, until, waitForAbort } from './collaboration-support';

jest.setTimeout(90_000);

describe('a session whose runner died (issue 16): retried once, else failed, never left processing', () => {
  it('an instance stops mid-session; the next one started on the same database retries it and it completes', async () => {
    const crashing = new FakeModelGateway();
    crashing.script = teamScript(waitForAbort);
    const first = await createTestAppWith([[ModelGateway, crashing]]);
    const user = await signUpAndSignIn(first, 'usuaria@example.com');
    const agent = await teamAgent(first, user, 'Abogada', 'legal', 4.5);
    const { body: created } = await request(first.server)
      .post('/api/collaboration/sessions')
      .set(user.authorization)
      .send({ agentIds: [agent], query: '¿Qué contrato necesito?' })
      .expect(201);
    await until(first, user, created.id, (session) => session.deliberationLog.some((entry: { type: string }) => entry.type === 'agent-working'));

    // The instance goes away (its database files and schema stay).
    await first.app.close();
    const database = first.config.database as { schema?: string };
    const healthy = new FakeModelGateway();
    healthy.script = teamScript();
    const second: TestApp = await createTestAppWith([[ModelGateway, healthy]], {
      DATA_DIR: first.config.dataDir,
      ...(database.schema ? { DATABASE_SCHEMA: database.schema } : {}),
    });
    try {
      const left = await second.app.get(DataSource).getRepository(CollaborationSession).findOneByOrFail({ id: created.id });
      expect(left.status).toBe('processing');

      // What the start-up check does once the heartbeat is stale.
      const recovered = await second.app.get(SessionRunner).recoverStale(0);
      expect(recovered).toEqual({ retried: [created.id], failed: [] });
      const session = await finished(second, user as SignedInUser, created.id);
      expect(session.status).toBe('completed');
      expect(session.finalResponse).toBe('Respuesta conjunta del equipo');
    } finally {
      await second.close();
      // The first instance's data directory and schema are not the ones the second made (and removes).
      rmSync(first.config.dataDir, { recursive: true, force: true });
      const url = process.env.TEST_DATABASE_URL;
      if (url && database.schema) await withPostgres(url, (client) => client.query(`DROP SCHEMA IF EXISTS "${database.schema}" CASCADE`));
    }
  });

  describe('on one instance', () => {
    const gateway = new FakeModelGateway();
    let testApp: TestApp;
    let user: SignedInUser;
    let agent: string;

    beforeAll(async () => {
      testApp = await createTestAppWith([[ModelGateway, gateway]]);
      user = await signUpAndSignIn(testApp, 'usuaria@example.com');
      agent = await teamAgent(testApp, user, 'Abogada', 'legal', 4.5);
    });
    afterAll(() => testApp.close());

    const sessions = () => testApp.app.get(DataSource).getRepository(CollaborationSession);

    it('a session already retried once whose runner died again ends failed, with the team presentation', async () => {
      gateway.script = teamScript();
      const { body } = await request(testApp.server)
        .post('/api/collaboration/sessions')
        .set(user.authorization)
        .send({ agentIds: [agent], query: '¿Qué contrato necesito?' })
        .expect(201);
      await finished(testApp, user, body.id);
      // As a dead instance leaves it: processing, started twice, its heartbeat old.
      await sessions().update({ id: body.id }, { status: 'processing', attempts: 2, heartbeatAt: new Date(Date.now() - 120_000), endTime: null });

      const recovered = await testApp.app.get(SessionRunner).recoverStale();
      expect(recovered.failed).toEqual([body.id]);
      const session = await finished(testApp, user, body.id);
      expect(session).toMatchObject({ status: 'failed', error: RUNNER_DIED_MESSAGE });
      expect(session.finalResponse).toContain('**Abogada** (Legal)');
    });

    it('the hourly cleanup removes finished sessions older than 24 h, run by the instance holding the lease only', async () => {
      gateway.script = teamScript();
      const { body } = await request(testApp.server)
        .post('/api/collaboration/sessions')
        .set(user.authorization)
        .send({ agentIds: [agent], query: 'Hola' })
        .expect(201);
      await finished(testApp, user, body.id);
      const cleanup = testApp.app.get(SessionCleanup);
      const later = new Date(Date.now() + 25 * 60 * 60 * 1000);

      // Another instance holds this hour's lease: this one does nothing.
      expect(await testApp.app.get(Leases).take('collaboration-cleanup', 60_000, { now: later, holder: 'otra-instancia' })).toBe(true);
      expect(await cleanup.runIfLeader(later)).toBeNull();
      await request(testApp.server).get(`/api/collaboration/sessions/${body.id}`).set(user.authorization).expect(200);

      // Once that lease has expired, this one takes it and cleans.
      const afterLease = new Date(later.getTime() + 120_000);
      expect(await cleanup.runIfLeader(afterLease)).toBeGreaterThanOrEqual(1);
      await request(testApp.server).get(`/api/collaboration/sessions/${body.id}`).set(user.authorization).expect(404);
    });

    it("keeps a conversation's sessions after 24 h while the conversation exists (reopening it shows them), and removes them once it is deleted", async () => {
      gateway.script = teamScript();
      const { body: conversation } = await request(testApp.server)
        .post('/api/conversations')
        .set(user.authorization)
        .send({ metadata: { fromFlow: true } })
        .expect(201);
      const { body } = await request(testApp.server)
        .post('/api/collaboration/sessions')
        .set(user.authorization)
        .send({ agentIds: [agent], query: '¿Qué contrato necesito?', conversationId: conversation.id })
        .expect(201);
      await finished(testApp, user, body.id);
      const cleanup = testApp.app.get(SessionCleanup);

      const dayLater = new Date(Date.now() + 25 * 60 * 60 * 1000);
      await cleanup.runIfLeader(dayLater);
      const { body: kept } = await request(testApp.server).get(`/api/collaboration/sessions/${body.id}`).set(user.authorization).expect(200);
      expect(kept.deliberationLog.length).toBeGreaterThan(0);
      expect(kept.conversationId).toBe(conversation.id);

      await request(testApp.server).delete(`/api/conversations/${conversation.id}`).set(user.authorization).expect(200);
      const nextHour = new Date(dayLater.getTime() + 2 * 60 * 60 * 1000);
      expect(await cleanup.runIfLeader(nextHour)).toBeGreaterThanOrEqual(1);
      await request(testApp.server).get(`/api/collaboration/sessions/${body.id}`).set(user.authorization).expect(404);
    });

    it('keeps sessions finished less than 24 h ago', async () => {
      gateway.script = teamScript();
      const { body } = await request(testApp.server)
        .post('/api/collaboration/sessions')
        .set(user.authorization)
        .send({ agentIds: [agent], query: 'Hola' })
        .expect(201);
      await finished(testApp, user, body.id);
      expect(await testApp.app.get(SessionCleanup).runIfLeader(new Date(Date.now() + 23 * 60 * 60 * 1000))).toBe(0);
      await request(testApp.server).get(`/api/collaboration/sessions/${body.id}`).set(user.authorization).expect(200);
    });
  });
});
