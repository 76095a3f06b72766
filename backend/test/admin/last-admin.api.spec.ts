import request from 'supertest';
import { DataSource } from 'typeorm';
import { runAdminCommand } from '../../src/cli/admin';
import { IdentityUser } from '../../src/modules/identity/entities/identity-user.entity';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(90_000);

const LAST_ADMIN = 'No se puede quitar el rol de administrador al último administrador.';

/** Issue 29, finding 13: no path (admin screen, command line) leaves the platform without an enabled admin. */
describe('the last admin', () => {
  let testApp: TestApp;
  let jefa: SignedInUser;
  const http = () => request(testApp.server);
  const activeAdmins = async () =>
    (await testApp.app.get(DataSource).getRepository(IdentityUser).findBy({ role: 'admin', enabled: true })).map((account) => account.email).sort();
  const adminCommand = async (...args: string[]) => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const logs = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const code = await runAdminCommand(args, testApp.config);
      return { code, errors: errors.mock.calls.map((call) => String(call[0])) };
    } finally {
      errors.mockRestore();
      logs.mockRestore();
    }
  };

  beforeAll(async () => {
    testApp = await createTestApp({ ADMIN_EMAILS: 'jefa@example.com,segunda@example.com' });
    jefa = await signUpAndSignIn(testApp, 'jefa@example.com');
  });

  afterAll(() => testApp.close());

  it('refuses `npm run admin -- revoke` and `disable` of the only admin, in Spanish, and changes nothing', async () => {
    for (const command of ['revoke', 'disable']) {
      const { code, errors } = await adminCommand(command, 'Jefa@Example.com');
      expect(code).toBe(1);
      expect(errors).toEqual([`${LAST_ADMIN} Nombra antes a otro: npm run admin -- grant <correo>.`]);
    }
    expect(await activeAdmins()).toEqual(['jefa@example.com']);
    // Her sessions were not ended, and nothing was audited.
    await http().get('/api-admin/users').set(jefa.authorization).expect(200);
    const audit = (await http().get('/api-admin/audit?limit=100').set(jefa.authorization).expect(200)).body.items as { action: string }[];
    expect(audit.filter((entry) => entry.action.startsWith('user.'))).toEqual([]);
  });

  it('refuses an admin removing their own role through the admin API while nobody else is admin', async () => {
    const refused = await http().put(`/api-admin/users/${jefa.sub}/role`).set(jefa.authorization).send({ role: 'user' }).expect(409);
    expect(refused.body).toMatchObject({ message: LAST_ADMIN, code: 'LastAdmin' });
    expect(await activeAdmins()).toEqual(['jefa@example.com']);
  });

  it('leaves one admin when two admins demote each other at the same moment', async () => {
    const segunda = await signUpAndSignIn(testApp, 'segunda@example.com');
    expect(await activeAdmins()).toEqual(['jefa@example.com', 'segunda@example.com']);
    const answers = await Promise.all([
      http().put(`/api-admin/users/${segunda.sub}/role`).set(jefa.authorization).send({ role: 'user' }),
      http().put(`/api-admin/users/${jefa.sub}/role`).set(segunda.authorization).send({ role: 'user' }),
    ]);
    // The other is refused: as the last admin (409), or because the first change ended the caller's session (401).
    const [done, refused] = [...answers].sort((a, b) => a.status - b.status);
    expect(done.status).toBe(200);
    expect(refused.status === 401 || (refused.status === 409 && refused.body.message === LAST_ADMIN)).toBe(true);
    expect(await activeAdmins()).toHaveLength(1);
  });

  it('lets an admin step down with the command line once another admin exists', async () => {
    const [remaining] = await activeAdmins();
    const other = remaining === 'jefa@example.com' ? 'segunda@example.com' : 'jefa@example.com';
    expect((await adminCommand('grant', other)).code).toBe(0);
    expect((await adminCommand('revoke', remaining)).code).toBe(0);
    expect(await activeAdmins()).toEqual([other]);
  });
});
