import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createBackendInstall } from '../support/backend-process';
import { idpCall, signUpAndSignIn } from '../support/identity-client';

// Two starts of the backend from its sources, and the backup command's own.
jest.setTimeout(240_000);

const REGISTER = join(__dirname, '..', 'support', 'swc-register.cjs');
const BACKUP = join(__dirname, '..', '..', 'src', 'cli', 'backup.ts');
const PASSWORD = 'Contraseña-segura-1';

/** `npm run backup -- <dest>` as an operator runs it, on the install's DATA_DIR; resolves with its exit code and output. */
function runBackup(dataDir: string, destination: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-r', REGISTER, BACKUP, destination], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'error' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const sqliteOnly = process.env.TEST_DATABASE_URL ? describe.skip : describe;

/** Issue 35, point 5: a SQLite backup taken while the server writes, restored into a fresh DATA_DIR. */
sqliteOnly('npm run backup (SQLite only: skipped on PostgreSQL, backed up with pg_dump as docs/operations.md says)', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'nova-backup-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('copies DATA_DIR while requests write, and a server started on the copy has every agent saved before the copy began', async () => {
    const install = await createBackendInstall({ RATE_LIMIT_AGENTS_PER_HOUR: '100000' });
    let restored: Awaited<ReturnType<typeof createBackendInstall>> | undefined;
    try {
      const server = await install.start();
      const target = { server: install.url, config: install.config };
      const ana = await signUpAndSignIn(target, 'ana-copia@example.com', PASSWORD);
      const saveAgent = async (index: number) =>
        request(install.url).post('/api/agents').set(ana.authorization).send({ name: `Agente ${index}`, category: 'legal', description: 'Guardado durante la copia', prompt: 'Eres breve.' }).expect(201);
      for (let index = 0; index < 5; index += 1) await saveAgent(index);

      // Writes go on, one after another, for as long as the copy takes.
      let saved = 5;
      let copying = true;
      const writer = (async () => {
        while (copying) await saveAgent(saved++);
      })();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const savedBeforeCopy = saved;
      const backupDir = join(scratch, 'copia');
      const backup = await runBackup(install.config.dataDir, backupDir);
      const savedAfterCopy = saved;
      copying = false;
      await writer;
      expect(backup).toEqual({ code: 0, output: expect.stringContaining(`Copia hecha en ${backupDir}`) });
      expect(saved).toBeGreaterThan(savedBeforeCopy);
      await server.stop();
      // The rest of DATA_DIR came along: the keys the server made at its first start.
      for (const key of ['audit-hmac.key', 'tool-secrets.key']) {
        if (existsSync(join(install.config.dataDir, key))) expect(existsSync(join(backupDir, key))).toBe(true);
      }
      expect(existsSync(join(backupDir, 'nova.sqlite-wal'))).toBe(false);

      // Restore: a fresh DATA_DIR holding a copy of the backup.
      const dataDir = join(scratch, 'restaurada');
      cpSync(backupDir, dataDir, { recursive: true });
      restored = await createBackendInstall({ DATA_DIR: dataDir });
      const copied = await restored.query<{ id: string; name: string }>("SELECT id, name FROM agents WHERE name LIKE 'Agente %'");
      // Everything saved before the copy began, maybe some saved during it, nothing after it ended.
      expect(copied.length).toBeGreaterThanOrEqual(savedBeforeCopy - 1);
      expect(copied.length).toBeLessThanOrEqual(savedAfterCopy);
      const indexes = new Set(copied.map((agent) => Number(agent.name.slice('Agente '.length))));
      for (let index = 0; index < savedBeforeCopy - 1; index += 1) expect(indexes.has(index)).toBe(true);

      await restored.start();
      const signIn = await idpCall({ server: restored.url, config: restored.config }, 'InitiateAuth', {
        ClientId: restored.config.identity.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: ana.email, PASSWORD: PASSWORD },
      }).expect(200);
      const idToken = signIn.body.AuthenticationResult.IdToken as string;
      const first = copied.find((agent) => agent.name === 'Agente 0')!;
      expect((await request(restored.url).get(`/api/agents/${first.id}`).set('Authorization', `Bearer ${idToken}`).expect(200)).body.name).toBe('Agente 0');
      // The restored server writes too.
      await request(restored.url).post('/api/agents').set('Authorization', `Bearer ${idToken}`).send({ name: 'Después de restaurar', category: 'legal', description: 'Nuevo', prompt: 'Eres breve.' }).expect(201);
    } finally {
      await restored?.dispose();
      await install.dispose();
    }
  });

  it('refuses a destination that is not empty, or inside DATA_DIR', async () => {
    const dataDir = mkdtempSync(join(scratch, 'datos-'));
    expect(await runBackup(dataDir, join(dataDir, 'copia'))).toEqual({ code: 2, output: expect.stringContaining('La copia no puede ir dentro de DATA_DIR') });
    expect(await runBackup(dataDir, scratch)).toEqual({ code: 2, output: expect.stringContaining('no está vacía') });
  });
});
