import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { ContactIpSecret } from '../../src/modules/support/contact/entities/contact-ip-secret.entity';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * What concurrent requests see of each other's transactions: a transaction that fails takes only
 * its own writes with it, never the acknowledged writes of a request that ran meanwhile. (On
 * SQLite every caller shares one connection, so this is the database layer's job.)
 */
describe('transactions under concurrent requests', () => {
  let testApp: TestApp;
  let dataSource: DataSource;
  let rows: Repository<ContactIpSecret>;
  let counter = 0;

  /** A fresh row id per use, so tests never see each other's rows. */
  const nextId = (label: string) => `${label}-${(counter += 1)}`;
  const row = (id: string, secret = 'secreto') => ({ id, secret });
  const present = async (...ids: string[]) =>
    Promise.all(ids.map(async (id) => ((await rows.existsBy({ id })) ? id : `${id} (missing)`)));

  /** A transaction that writes `ids` (pausing `pauseMs` between them and before ending), then fails or commits. */
  function transactionWriting(ids: string[], pauseMs: number, fail: boolean, started?: () => void) {
    return dataSource.transaction(async (manager: EntityManager) => {
      for (const id of ids) {
        await manager.insert(ContactIpSecret, row(id));
        started?.();
        await delay(pauseMs);
      }
      if (fail) throw new Error(`transaction writing ${ids.join(', ')} failed`);
    });
  }

  /** Resolves once the returned callback has been called. */
  function signal(): [Promise<void>, () => void] {
    let resolve!: () => void;
    const promise = new Promise<void>((done) => (resolve = done));
    return [promise, resolve];
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    dataSource = testApp.app.get(DataSource);
    rows = dataSource.getRepository(ContactIpSecret);
  });

  afterAll(() => testApp.close());

  it("a failing transaction does not roll back another request's insert", async () => {
    const [x, y] = [nextId('x'), nextId('y')];
    const [inserted, markInserted] = signal();
    const failing = transactionWriting([x], 20, true, markInserted);
    const failed = expect(failing).rejects.toThrow('failed');

    await inserted;
    await rows.insert(row(y));
    await failed;

    expect(await rows.existsBy({ id: y })).toBe(true);
    expect(await rows.existsBy({ id: x })).toBe(false);
  });

  it.each([
    { first: 'failing', firstPause: 20, secondPause: 5 },
    { first: 'failing', firstPause: 5, secondPause: 20 },
    { first: 'succeeding', firstPause: 20, secondPause: 5 },
    { first: 'succeeding', firstPause: 5, secondPause: 20 },
  ])(
    'of two concurrent transactions, only the failing one is undone ($first starts first, pauses $firstPause/$secondPause ms)',
    async ({ first, firstPause, secondPause }) => {
      const failingIds = [nextId('failing'), nextId('failing')];
      const succeedingIds = [nextId('succeeding'), nextId('succeeding')];
      const [firstWrote, markFirstWrote] = signal();

      const failingFirst = first === 'failing';
      const firstRun = transactionWriting(failingFirst ? failingIds : succeedingIds, firstPause, failingFirst, markFirstWrote);
      const firstOutcome = failingFirst ? expect(firstRun).rejects.toThrow('failed') : expect(firstRun).resolves.toBeUndefined();
      await firstWrote;
      const secondRun = transactionWriting(failingFirst ? succeedingIds : failingIds, secondPause, !failingFirst);
      const secondOutcome = failingFirst ? expect(secondRun).resolves.toBeUndefined() : expect(secondRun).rejects.toThrow('failed');
      await Promise.all([firstOutcome, secondOutcome]);

      expect(await present(...succeedingIds)).toEqual(succeedingIds);
      expect(await rows.countBy(failingIds.map((id) => ({ id })))).toBe(0);
    },
  );

  it('a repository.save() running next to a failing transaction keeps its change', async () => {
    const [saved, x] = [nextId('saved'), nextId('x')];
    await rows.insert(row(saved, 'antes'));
    const [inserted, markInserted] = signal();
    const failing = transactionWriting([x], 20, true, markInserted);
    const failed = expect(failing).rejects.toThrow('failed');

    await inserted;
    await rows.save(row(saved, 'después'));
    await failed;

    expect(await rows.findOneBy({ id: saved })).toMatchObject({ secret: 'después' });
    expect(await rows.existsBy({ id: x })).toBe(false);
  });

  it('a nested transaction that fails undoes only its own writes', async () => {
    const [outer, inner, after] = [nextId('outer'), nextId('inner'), nextId('after')];
    await dataSource.transaction(async (manager) => {
      await manager.insert(ContactIpSecret, row(outer));
      await expect(
        manager.transaction(async (nested) => {
          await nested.insert(ContactIpSecret, row(inner));
          throw new Error('nested failure');
        }),
      ).rejects.toThrow('nested failure');
      await manager.insert(ContactIpSecret, row(after));
    });

    expect(await present(outer, after)).toEqual([outer, after]);
    expect(await rows.existsBy({ id: inner })).toBe(false);
  });

  it('many concurrent saves and transactions all land', async () => {
    const ids = Array.from({ length: 20 }, () => nextId('many'));
    await Promise.all(
      ids.map((id, index) =>
        index % 2 === 0 ? rows.save(row(id)) : transactionWriting([id], index % 3, false),
      ),
    );
    expect(await present(...ids)).toEqual(ids);
  });

  /**
   * Another process writing the same SQLite file (the admin command line, or a second worker):
   * says 'ready' on stdout just before it inserts `id`, and ends with 0 once the insert is in.
   */
  function otherProcessInserting(path: string, id: string) {
    const script = `
      const Database = require('better-sqlite3');
      const db = new Database(${JSON.stringify(path)}, { timeout: 5000 });
      process.stdout.write('ready\\n');
      db.prepare("INSERT INTO contact_ip_secrets (id, secret) VALUES (?, 'secreto')").run(${JSON.stringify(id)});
    `;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const ready = once(child.stdout, 'data');
    const exited = once(child, 'exit').then(([code]) => code as number);
    return { ready, exited };
  }

  (process.env.TEST_DATABASE_URL ? it.skip : it)(
    'a transaction that reads, then writes while another process writes the same SQLite file, commits, and so does the other process (SQLite only: skipped on PostgreSQL)',
    async () => {
      const config = testApp.config.database;
      if (config.type !== 'sqlite') throw new Error('SQLite only');
      const [mine, theirs] = [nextId('mine'), nextId('theirs')];
      let other: ReturnType<typeof otherProcessInserting> | undefined;
      await dataSource.transaction(async (manager) => {
        await manager.getRepository(ContactIpSecret).count();
        other = otherProcessInserting(config.path, theirs);
        await other.ready;
        // Time for the other process's insert, had it not had to wait for this transaction.
        await delay(300);
        await manager.insert(ContactIpSecret, row(mine));
      });
      expect(await other!.exited).toBe(0);
      expect(await present(mine, theirs)).toEqual([mine, theirs]);
    },
  );
});
