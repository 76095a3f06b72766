import request from 'supertest';
import { DataSource } from 'typeorm';
import { A2aTask } from '../../src/modules/publications/entities/a2a-task.entity';
import { ApiCallIdempotency } from '../../src/modules/publications/entities/api-call-idempotency.entity';
import { UsageJournalPosition } from '../../src/modules/publications/entities/usage-journal-position.entity';
import { PublicationsRetention, RETENTION_EVERY_MS } from '../../src/modules/publications/publications-retention';
import { signUpAndSignIn } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(60_000);

const DAY_MS = 86_400_000;

/**
 * Issue 36: what the published agents' calls leave behind is not kept for ever. A2A tasks go
 * A2A_TASK_RETENTION_DAYS after their last change, a call's Idempotency-Key after a day, and the
 * record of a journal that was replayed and removed after a week; one instance does it each hour.
 */
describe('retention of A2A tasks and metering records', () => {
  let testApp: TestApp;
  let agentId: string;

  beforeAll(async () => {
    testApp = await createTestApp({ A2A_TASK_RETENTION_DAYS: '10' });
    const ana = await signUpAndSignIn(testApp, 'retencion@example.com');
    agentId = (await request(testApp.server).post('/api/agents').set(ana.authorization).send({ name: 'Con tareas', category: 'legal', description: 'A2A', prompt: 'Eres breve.' }).expect(201)).body.id;
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('deletes, hourly and on one instance, tasks unchanged for A2A_TASK_RETENTION_DAYS, day-old Idempotency-Keys and week-old closed journals', async () => {
    const dataSource = testApp.app.get(DataSource);
    const job = testApp.app.get(PublicationsRetention);
    // After the run the application made as it started: this period's lease is free.
    const now = Date.now() + RETENTION_EVERY_MS;
    const task = (id: string, ageDays: number) => ({ id, agentId, ownerSub: 'sub-retencion', contextId: 'ctx', state: 3, task: '{}', updatedAt: now - ageDays * DAY_MS });
    await dataSource.getRepository(A2aTask).insert([task('task-vieja', 10.01), task('task-reciente', 9.99)]);
    const claim = (idempotencyKey: string, ageHours: number) => ({ keyId: 'key-retencion', idempotencyKey, createdAt: now - ageHours * 3_600_000, holder: 'h', answered: true, counted: true });
    await dataSource.getRepository(ApiCallIdempotency).insert([claim('vieja', 25), claim('reciente', 23)]);
    const journal = (name: string, ageDays: number, closed: boolean) => ({ journal: name, position: 10, closed, updatedAt: now - ageDays * DAY_MS });
    await dataSource.getRepository(UsageJournalPosition).insert([journal('cerrado-viejo', 8, true), journal('cerrado-reciente', 6, true), journal('abierto-viejo', 30, false)]);

    const ran = await job.runIfLeader(new Date(now));
    expect(ran).toEqual({ tasks: 1, idempotencyKeys: 1, journals: 1 });
    expect((await dataSource.getRepository(A2aTask).find({ where: { agentId } })).map((row) => row.id)).toEqual(['task-reciente']);
    expect((await dataSource.getRepository(ApiCallIdempotency).findBy({ keyId: 'key-retencion' })).map((row) => row.idempotencyKey)).toEqual(['reciente']);
    // An open journal's row stays however old: its process may still be writing it.
    expect((await dataSource.getRepository(UsageJournalPosition).find({ order: { journal: 'ASC' } })).map((row) => row.journal)).toEqual(
      expect.arrayContaining(['abierto-viejo', 'cerrado-reciente']),
    );
    expect(await dataSource.getRepository(UsageJournalPosition).findOneBy({ journal: 'cerrado-viejo' })).toBeNull();
  });
});
