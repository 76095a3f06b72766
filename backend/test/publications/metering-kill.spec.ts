import { readdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { type OpenAiFake, openAiFakeEnv, startOpenAiFake } from '../fakes/openai-fake';
import { type BackendInstall, type BackendProcess, createBackendInstall } from '../support/backend-process';
import { type SignedInUser, signUpAndSignIn } from '../support/identity-client';

/**
 * Issue 36, "metering loses nothing and counts nothing twice": the real backend, as its own
 * process, answers a buyer's keys from several concurrent clients and is killed with SIGKILL in
 * the middle; it is started again on the same database and usage journal directory, the clients
 * finish, and the ledger (api_key_usage) is read once it has stopped.
 *
 * The rule asserted, per key: every call a client saw answered is counted once; a call cut by the
 * kill (no answer, or an answer cut short) is counted at most once; nothing else is counted. With
 * an Idempotency-Key on each call, retried until answered (or refused as answered already), the
 * ledger holds exactly one call per call the clients made.
 * Runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
jest.setTimeout(240_000);

const CLIENTS_PER_KEY = 4;
const CALLS_PER_CLIENT = 40;
/** Killed once this many calls were answered: about a quarter of them. */
const KILL_AFTER_ANSWERED = (2 * CLIENTS_PER_KEY * CALLS_PER_CLIENT) / 4;
/** 10 tokens in and 5 out a call; every call is answered in about 30 ms. */
const FAKE = { reply: ['Vale', ', ', 'hecho.'], usage: { prompt_tokens: 10, completion_tokens: 5 }, delayMs: 10 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Tally {
  /** Calls whose whole answer arrived. */
  answered: number;
  /** Tries cut by the kill: no answer, or part of one. */
  cut: number;
  /** Answers that are neither 200 nor the refusal of an answered retry: findings. */
  unexpected: string[];
}

describe(`metering across a SIGKILL (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  let fake: OpenAiFake;
  let install: BackendInstall;
  let backend: BackendProcess | undefined;
  const testOver = new AbortController();
  let up: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    fake = await startOpenAiFake(FAKE);
    install = await createBackendInstall(
      openAiFakeEnv(fake, { RATE_LIMIT_API_MODEL_CALLS_PER_MINUTE: '1000000', API_KEY_RATE_LIMIT_MAX: '1000000', RATE_LIMIT_AGENTS_PER_HOUR: '1000' }),
    );
    backend = await install.start();
  });

  afterAll(async () => {
    testOver.abort();
    await backend?.kill();
    await install?.dispose();
    await fake?.close();
  });

  const api = (path: string, init: RequestInit & { user?: SignedInUser } = {}) =>
    fetch(`${install.url}/api${path}`, { ...init, headers: { 'Content-Type': 'application/json', ...init.user?.authorization, ...init.headers } });
  const ok = async (response: Promise<Response>, status: number) => {
    const answer = await response;
    const body = await answer.text();
    if (answer.status !== status) throw new Error(`${answer.status} (se esperaba ${status}): ${body}`);
    return JSON.parse(body) as Record<string, string>;
  };

  /** A builder's priced agent and two keys a buyer with a card bought for it. */
  async function buyerKeys(): Promise<{ agentId: string; keys: { keyId: string; secret: string }[] }> {
    const identity = { server: install.url, config: install.config };
    const builder = await signUpAndSignIn(identity, 'medidora@example.com');
    const buyer = await signUpAndSignIn(identity, 'compradora-medida@example.com');
    const agent = await ok(api('/agents', { user: builder, method: 'POST', body: JSON.stringify({ name: 'Medido', category: 'legal', description: 'Se cobra por uso', prompt: 'Eres breve.' }) }), 201);
    const publication = await ok(api(`/agent/${agent.id}/publication`, { user: builder, method: 'POST', body: '{}' }), 201);
    const prices = { available: true, per1000Calls: 1_000, perMillionInputTokens: 0, perMillionOutputTokens: 0 };
    await ok(api(`/publication/${publication.apiId}/pricing`, { user: builder, method: 'PUT', body: JSON.stringify(prices) }), 200);
    const { customerId } = await ok(api('/stripe/create-customer', { user: buyer, method: 'POST', body: JSON.stringify({ name: 'Compradora', email: buyer.email }) }), 201);
    await ok(api('/stripe/add-card', { user: buyer, method: 'POST', body: JSON.stringify({ customerID: customerId, paymentMethodID: 'pm_card_visa' }) }), 201);
    const keys = [];
    for (const name of ['Sin reintentos', 'Con Idempotency-Key']) {
      const key = await ok(api('/me/api-keys', { user: buyer, method: 'POST', body: JSON.stringify({ agentId: agent.id, name }) }), 201);
      keys.push({ keyId: key.keyId, secret: key.secret });
    }
    return { agentId: agent.id, keys };
  }

  /**
   * One try of a call, whole JSON or as events (even calls stream): 'answered' with the whole
   * answer, 'answered-before' for the refusal of a retry of a call answered already, 'cut' when
   * the backend went away before the answer was whole.
   */
  async function callOnce(agentId: string, secret: string, streamed: boolean, idempotencyKey?: string): Promise<'answered' | 'answered-before' | 'running' | 'cut' | string> {
    let status: number;
    let body: string;
    try {
      const response = await fetch(`${install.url}/api/v1/agent/${agentId}/invoke`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${secret}`,
          'Content-Type': 'application/json',
          ...(streamed ? { Accept: 'text/event-stream' } : {}),
          ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
        },
        body: JSON.stringify({ input: 'Hola' }),
        signal: AbortSignal.timeout(20_000),
      });
      status = response.status;
      body = await response.text();
    } catch {
      return 'cut';
    }
    if (status === 200 && !streamed && (JSON.parse(body) as { output?: string }).output === 'Vale, hecho.') return 'answered';
    // A stream is answered with its done event, and whole with the end of the response (read above).
    if (status === 200 && streamed && body.includes('event: done') && body.includes('Vale, hecho.')) return 'answered';
    if (status === 200 && streamed && !body.includes('event: error')) return 'cut';
    if (status === 409 && body.includes('IdempotentCallAnswered')) return 'answered-before';
    if (status === 409 && body.includes('IdempotentCallRunning')) return 'running';
    return `${status}: ${body.slice(0, 300)}`;
  }

  /** Calls one after another, a cut one not tried again. */
  async function runWithoutRetries(agentId: string, secret: string, client: number, tally: Tally): Promise<void> {
    for (let call = 0; call < CALLS_PER_CLIENT && !testOver.signal.aborted; call += 1) {
      const outcome = await callOnce(agentId, secret, (client + call) % 2 === 0);
      if (outcome === 'answered') tally.answered += 1;
      else if (outcome === 'cut') {
        tally.cut += 1;
        await up;
      } else tally.unexpected.push(outcome);
    }
  }

  /** Each call with its own Idempotency-Key, tried again (the same key) until answered now or before. */
  async function runWithRetries(agentId: string, secret: string, client: number, tally: Tally): Promise<void> {
    for (let call = 0; call < CALLS_PER_CLIENT && !testOver.signal.aborted; call += 1) {
      const idempotencyKey = `cliente-${client}-llamada-${call}`;
      for (;;) {
        if (testOver.signal.aborted) return;
        const outcome = await callOnce(agentId, secret, (client + call) % 2 === 0, idempotencyKey);
        if (outcome === 'answered' || outcome === 'answered-before') {
          tally.answered += 1;
          break;
        }
        if (outcome === 'cut') {
          tally.cut += 1;
          await up;
        } else if (outcome === 'running') await sleep(100);
        else {
          tally.unexpected.push(outcome);
          break;
        }
      }
    }
  }

  it('counts every answered call once and no call twice, the killed process’ calls included', async () => {
    const { agentId, keys } = await buyerKeys();
    const [plain, idempotent] = keys;
    const plainTally: Tally = { answered: 0, cut: 0, unexpected: [] };
    const retriedTally: Tally = { answered: 0, cut: 0, unexpected: [] };

    const clients = [
      ...Array.from({ length: CLIENTS_PER_KEY }, (_, client) => runWithoutRetries(agentId, plain.secret, client, plainTally)),
      ...Array.from({ length: CLIENTS_PER_KEY }, (_, client) => runWithRetries(agentId, idempotent.secret, client, retriedTally)),
    ];
    while (plainTally.answered + retriedTally.answered < KILL_AFTER_ANSWERED) await sleep(5);
    let markUp: () => void = () => undefined;
    up = new Promise((resolve) => (markUp = resolve));
    await backend!.kill();
    const journalDir = join(install.config.dataDir, 'usage-journal', hostname());
    // The killed process' journal is there, not yet in the ledger.
    expect(readdirSync(journalDir).filter((name) => name.endsWith('.journal'))).toHaveLength(1);
    backend = await install.start();
    markUp();
    await Promise.all(clients);
    // The normal stop writes what is left and removes the journal.
    await backend.stop();
    backend = undefined;

    expect(plainTally.unexpected).toEqual([]);
    expect(retriedTally.unexpected).toEqual([]);
    // The kill cut some calls, of both keys (8 clients, a call under way each).
    expect(plainTally.cut + retriedTally.cut).toBeGreaterThan(0);
    const ledger = async (keyId: string) =>
      (await install.query<{ requests: string | number; errors: string | number }>(`SELECT SUM(requests) AS requests, SUM(errors) AS errors FROM api_key_usage WHERE key_id = '${keyId}'`)).map(
        (row) => ({ requests: Number(row.requests), errors: Number(row.errors) }),
      )[0];
    const plainLedger = await ledger(plain.keyId);
    expect(plainLedger.errors).toBe(0);
    expect(plainLedger.requests).toBeGreaterThanOrEqual(plainTally.answered);
    expect(plainLedger.requests).toBeLessThanOrEqual(plainTally.answered + plainTally.cut);
    // Retried with their Idempotency-Key: exactly one per call.
    expect(retriedTally.answered).toBe(CLIENTS_PER_KEY * CALLS_PER_CLIENT);
    expect(await ledger(idempotent.keyId)).toEqual({ requests: CLIENTS_PER_KEY * CALLS_PER_CLIENT, errors: 0 });
    // Nothing is left to replay.
    expect(readdirSync(journalDir)).toEqual([]);
  });
});
