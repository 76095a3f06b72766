import { readFileSync } from 'node:fs';
import { type OpenAiFake, openAiFakeEnv, startOpenAiFake } from '../fakes/openai-fake';
import { type BackendInstall, createBackendInstall } from '../support/backend-process';
import { signUpAndSignIn } from '../support/identity-client';

jest.setTimeout(180_000);

const WORKERS = 2;
const CALLS = 12;

/** The processes whose parent is `pid` (Linux: /proc). */
function childrenOf(pid: number): number[] {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text ? text.split(/\s+/).map(Number) : [];
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`No llegó: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * `npm start` with WEB_CONCURRENCY: the backend as a cluster, run from its sources the way
 * dist/backend/main.js runs (the same entry point); on SQLite, or on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
describe('the backend on several processes (WEB_CONCURRENCY)', () => {
  let fake: OpenAiFake;
  let install: BackendInstall;

  beforeAll(async () => {
    fake = await startOpenAiFake({ reply: ['Vale.'] });
    install = await createBackendInstall(openAiFakeEnv(fake, { WEB_CONCURRENCY: String(WORKERS), LOG_LEVEL: 'info' }));
  });
  afterAll(async () => {
    await install?.dispose();
    await fake?.close();
  });

  it('serves from WEB_CONCURRENCY workers on one port, replaces one that dies, and SIGTERM to the primary stops them all after they flush their metering', async () => {
    const backend = await install.start();
    await until(() => backend.output().includes(`${WORKERS} procesos del backend escuchando`), 'todos los procesos escuchando');
    const workers = childrenOf(backend.pid);
    expect(workers).toHaveLength(WORKERS);

    // A worker that dies (out of memory, say) is replaced.
    process.kill(workers[0], 'SIGKILL');
    await until(() => childrenOf(backend.pid).length === WORKERS && !childrenOf(backend.pid).includes(workers[0]), 'otro proceso en lugar del que murió');
    await until(() => /escuchando en \S+ \(proceso 3,/.test(backend.output()), 'el proceso nuevo escuchando');
    workers.splice(0, workers.length, ...childrenOf(backend.pid));

    // Calls on one port reach every worker (each request's log line carries its process id).
    const ana = await signUpAndSignIn({ server: install.url, config: install.config }, 'ana@example.com');
    const json = { ...ana.authorization, 'Content-Type': 'application/json' };
    const post = async (path: string, body: object) => {
      const response = await fetch(`${install.url}/api${path}`, { method: 'POST', headers: json, body: JSON.stringify(body) });
      expect(response.status).toBe(201);
      return (await response.json()) as Record<string, string>;
    };
    const agent = await post('/agents', { name: 'Publicado', category: 'legal', description: 'En varios procesos', prompt: 'Eres breve.' });
    const publication = await post(`/agent/${agent.id}/publication`, {});
    const key = await post(`/publication/${publication.apiId}/keys`, { name: 'K' });
    for (let call = 0; call < CALLS; call++) {
      const response = await fetch(`${install.url}/api/v1/agent/${agent.id}/invoke`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key.secret}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ input: 'Hola' }),
      });
      expect(response.status).toBe(200);
    }
    const servedBy = new Set(
      backend
        .output()
        .split('\n')
        // The output is a tail: its first line may be cut.
        .filter((line) => line.startsWith('{"level"') && line.includes('"context":"HTTP"'))
        .map((line) => (JSON.parse(line) as { pid: number }).pid),
    );
    expect([...servedBy].sort()).toEqual([...workers].sort());

    // At once, before the meter's next periodic write: what the workers buffered is written as they close.
    expect(await backend.stop()).toBe(0);
    expect(workers.filter(isAlive)).toEqual([]);
    expect(backend.output()).toContain(`SIGTERM: cerrando ${WORKERS} procesos`);
    const [usage] = await install.query<{ requests: number | string }>(`SELECT SUM(requests) AS requests FROM api_key_usage WHERE key_id = '${key.keyId}'`);
    expect(Number(usage.requests)).toBe(CALLS);
  });
});
