import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { type OpenAiFake, openAiFakeEnv, startOpenAiFake } from '../fakes/openai-fake';
import { type BackendInstall, type BackendProcess, createBackendInstall } from '../support/backend-process';
import { idpCall, signUpAndSignIn, type SignedInUser } from '../support/identity-client';

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
 * TEST_DATABASE_URL is set; without Redis, so the workers share what they must through the primary.
 */
describe('the backend on several processes (WEB_CONCURRENCY)', () => {
  let fake: OpenAiFake;
  let install: BackendInstall;
  let backend: BackendProcess;
  let workers: number[];

  /** One call on a connection of its own: the cluster hands each connection to the next worker in turn. */
  const call = (method: string, path: string, headers: Record<string, string> = {}, body?: object) =>
    new Promise<{ status: number; body: Record<string, string> }>((resolve, reject) => {
      const url = new URL(`/api${path}`, install.url);
      const outgoing = httpRequest(url, { method, agent: false, headers: { ...headers, ...(body ? { 'Content-Type': 'application/json' } : {}) } }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text.startsWith('{') ? (JSON.parse(text) as Record<string, string>) : {} }));
      });
      outgoing.on('error', reject);
      outgoing.end(body ? JSON.stringify(body) : undefined);
    });

  /** The process ids that logged the calls made so far (each request's log line carries its process id). */
  const servedBy = () =>
    new Set(
      backend
        .logLines<{ context?: string; pid: number }>()
        .filter((line) => line.context === 'HTTP')
        .map((line) => line.pid),
    );

  beforeAll(async () => {
    fake = await startOpenAiFake({ reply: ['Vale.'] });
    install = await createBackendInstall(openAiFakeEnv(fake, { WEB_CONCURRENCY: String(WORKERS), LOG_LEVEL: 'info', RATE_LIMIT_ECOSYSTEMS_PER_HOUR: '2' }));
    backend = await install.start();
  });
  afterAll(async () => {
    await install?.dispose();
    await fake?.close();
  });

  it('serves from WEB_CONCURRENCY workers on one port, and replaces one that dies', async () => {
    await until(() => backend.output().includes(`${WORKERS} procesos del backend escuchando`), 'todos los procesos escuchando');
    workers = childrenOf(backend.pid);
    expect(workers).toHaveLength(WORKERS);

    // A worker that dies (out of memory, say) is replaced.
    process.kill(workers[0], 'SIGKILL');
    await until(() => childrenOf(backend.pid).length === WORKERS && !childrenOf(backend.pid).includes(workers[0]), 'otro proceso en lugar del que murió');
    await until(() => /escuchando en \S+ \(proceso 3,/.test(backend.output()), 'el proceso nuevo escuchando');
    workers = childrenOf(backend.pid);
    for (let index = 0; index < 2 * WORKERS; index++) expect((await call('GET', '/health')).status).toBe(200);
    expect([...servedBy()].filter((pid) => workers.includes(pid)).sort()).toEqual([...workers].sort());
  });

  describe('workers of one machine, without Redis, behave as one', () => {
    let ana: SignedInUser;

    beforeAll(async () => {
      ana = await signUpAndSignIn({ server: install.url, config: install.config }, 'ana@example.com');
    });

    it('counts a user’s quota once across the workers', async () => {
      const statuses = [];
      for (const name of ['Uno', 'Dos', 'Tres', 'Cuatro']) statuses.push((await call('POST', '/ecosystems', ana.authorization, { name, agentIds: [] })).status);
      expect(statuses).toEqual([201, 201, 429, 429]);
    });

    it('refuses on every worker, within a second, a session signed out on one', async () => {
      const bea = await signUpAndSignIn({ server: install.url, config: install.config }, 'bea@example.com');
      const probe = () => call('GET', `/users/${bea.sub}/interaction-state`, bea.authorization);
      // Every worker checks (and keeps) the token.
      for (let index = 0; index < 2 * WORKERS; index++) expect((await probe()).status).toBe(200);
      const since = Date.now();
      await idpCall({ server: install.url, config: install.config }, 'RevokeToken', { ClientId: install.config.identity.clientId, Token: bea.refreshToken }).expect(200);
      let statuses: number[] = [];
      while (Date.now() - since < 1_000) {
        statuses = [];
        for (let index = 0; index < 2 * WORKERS; index++) statuses.push((await probe()).status);
        if (statuses.every((status) => status === 401)) break;
      }
      expect(statuses).toEqual(Array(2 * WORKERS).fill(401));
    });
  });

  it('stops every worker on SIGTERM to the primary, after each has written the usage it buffered', async () => {
    const ana = await signUpAndSignIn({ server: install.url, config: install.config }, 'carla@example.com');
    const post = async (path: string, body: object) => {
      const response = await call('POST', path, ana.authorization, body);
      expect(response.status).toBe(201);
      return response.body;
    };
    const agent = await post('/agents', { name: 'Publicado', category: 'legal', description: 'En varios procesos', prompt: 'Eres breve.' });
    const publication = await post(`/agent/${agent.id}/publication`, {});
    const key = await post(`/publication/${publication.apiId}/keys`, { name: 'K' });
    const results = await Promise.all(
      Array.from({ length: CALLS }, () => call('POST', `/v1/agent/${agent.id}/invoke`, { Authorization: `Bearer ${key.secret}` }, { input: 'Hola' })),
    );
    expect(results.map((result) => result.status)).toEqual(Array(CALLS).fill(200));

    // At once, before the meter's next periodic write: what the workers buffered is written as they close.
    expect(await backend.stop()).toBe(0);
    expect(workers.filter(isAlive)).toEqual([]);
    expect(backend.output()).toContain(`SIGTERM: cerrando ${WORKERS} procesos`);
    const [usage] = await install.query<{ requests: number | string }>(`SELECT SUM(requests) AS requests FROM api_key_usage WHERE key_id = '${key.keyId}'`);
    expect(Number(usage.requests)).toBe(CALLS);
  });
});
