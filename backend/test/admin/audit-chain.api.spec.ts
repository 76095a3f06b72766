import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource, MoreThanOrEqual, type Repository } from 'typeorm';
import { AuditEntry } from '../../src/modules/audit/audit-entry.entity';
import { AUDIT_KEY_FILE } from '../../src/modules/audit/audit-key';
import { auditHash, GENESIS_HASH } from '../../src/modules/audit/audit-log.service';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(90_000);

/**
 * Issue 29, finding 10: the audit chain is signed with a key kept outside the database, so that
 * whoever can edit its rows cannot recompute their hashes and pass verification.
 */
describe('the keyed audit chain', () => {
  let testApp: TestApp;
  let admin: SignedInUser;
  let ana: SignedInUser;
  const http = () => request(testApp.server);
  const entries = () => testApp.app.get(DataSource).getRepository(AuditEntry);
  const verify = async () => (await http().get('/api-admin/audit/verify').set(admin.authorization).expect(200)).body;
  /** Some admin actions, each one audited. */
  const auditSomething = async () => {
    await http().put(`/api-admin/users/${ana.sub}/role`).set(admin.authorization).send({ role: 'admin' }).expect(200);
    await http().put(`/api-admin/users/${ana.sub}/role`).set(admin.authorization).send({ role: 'user' }).expect(200);
    await http().post(`/api-admin/users/${ana.sub}/disable`).set(admin.authorization).expect(200);
    await http().post(`/api-admin/users/${ana.sub}/enable`).set(admin.authorization).expect(200);
  };
  /** What someone with the database but not the key can do: rewrite rows and chain them again with plain SHA-256. */
  const rechainPlain = async (repository: Repository<AuditEntry>, fromId: number) => {
    const rows = await repository.find({ where: { id: MoreThanOrEqual(fromId) }, order: { id: 'ASC' } });
    let prevHash = (await repository.findOneBy({ id: fromId - 1 }))?.hash ?? GENESIS_HASH;
    for (const row of rows) {
      const hash = auditHash({ ...row, prevHash }, null);
      await repository.update({ id: row.id }, { prevHash, hash });
      prevHash = hash;
    }
  };

  beforeAll(async () => {
    testApp = await createTestApp({ ADMIN_EMAILS: 'jefa@example.com' });
    admin = await signUpAndSignIn(testApp, 'jefa@example.com');
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
  });

  afterAll(() => testApp.close());

  it('keeps its key in a file under DATA_DIR only the server can read, and reports where the signed part begins and the head', async () => {
    const keyFile = join(testApp.config.dataDir, AUDIT_KEY_FILE);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(keyFile, 'utf8').length).toBeGreaterThanOrEqual(32);

    await auditSomething();
    const newest = (await entries().find({ order: { id: 'DESC' }, take: 1 }))[0];
    expect(await verify()).toEqual({
      valid: true,
      checked: newest.id,
      keyedFrom: 1,
      head: { id: newest.id, at: new Date(newest.at).toISOString(), hash: newest.hash },
    });
  });

  it('fails at the edited row when someone rewrites it and recomputes the plain hashes of the rows after it', async () => {
    await auditSomething();
    const repository = entries();
    const disable = (await repository.find({ where: { action: 'user.disable' }, order: { id: 'DESC' }, take: 1 }))[0];
    await repository.update({ id: disable.id }, { afterJson: '{"status":"confirmed"}' });
    await rechainPlain(repository, disable.id);

    const result = await verify();
    expect(result).toMatchObject({ valid: false, checked: disable.id, firstBrokenId: disable.id, keyedFrom: 1 });
  });

  it('accepts the plain hashes of a chain written before it had a key, only before the first signed row, and says where signing begins', async () => {
    const repository = entries();
    await repository.clear();
    // Three rows as the server wrote them before the chain had a key.
    let prevHash = GENESIS_HASH;
    for (let id = 1; id <= 3; id += 1) {
      const row = { id, at: new Date(Date.UTC(2026, 0, id)), actorSub: 'cli', action: 'user.role.grant', target: `user:${id}`, beforeJson: null, afterJson: '{"role":"admin"}', prevHash };
      prevHash = auditHash(row, null);
      await repository.insert({ ...row, hash: prevHash });
    }
    await auditSomething();
    const total = await repository.count();
    expect(await verify()).toMatchObject({ valid: true, checked: total, keyedFrom: 4, head: { id: total } });

    // Rewriting a signed row with plain hashes is caught at that row.
    await repository.update({ id: 5 }, { actorSub: 'otra-persona' });
    await rechainPlain(repository, 5);
    expect(await verify()).toMatchObject({ valid: false, firstBrokenId: 5, keyedFrom: 4 });
  });
});

describe('the audit chain with AUDIT_HMAC_KEY', () => {
  it('signs with the configured key, which every instance shares, and writes no key file', async () => {
    const key = 'una-clave-compartida-por-todas-las-instancias-0001';
    const testApp = await createTestApp({ ADMIN_EMAILS: 'jefa@example.com', AUDIT_HMAC_KEY: key });
    try {
      const admin = await signUpAndSignIn(testApp, 'jefa@example.com');
      const ana = await signUpAndSignIn(testApp, 'ana@example.com');
      await request(testApp.server).post(`/api-admin/users/${ana.sub}/disable`).set(admin.authorization).expect(200);
      const rows = await testApp.app.get(DataSource).getRepository(AuditEntry).find({ order: { id: 'ASC' } });
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.hash).toBe(auditHash(row, Buffer.from(key, 'utf8')));
      expect(existsSync(join(testApp.config.dataDir, AUDIT_KEY_FILE))).toBe(false);
    } finally {
      await testApp.close();
    }
  });
});
