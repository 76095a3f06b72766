import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import OpenAI from 'openai';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { ApiPriceBook, PRICE_CACHE_MS } from '../../src/modules/publications/api-prices';
import { ApiKeyUsage } from '../../src/modules/publications/entities/api-key-usage.entity';
import { ApiPrice } from '../../src/modules/publications/entities/api-price.entity';
import { UsageJournalPosition } from '../../src/modules/publications/entities/usage-journal-position.entity';
import { journalDirOf } from '../../src/modules/publications/usage-journal';
import { UsageMeter } from '../../src/modules/publications/usage-meter';
import { type OpenAiFake, openAiFakeEnv, startOpenAiFake } from '../fakes/openai-fake';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(120_000);

const BAD_IDEMPOTENCY_KEY = 'La cabecera Idempotency-Key debe tener entre 1 y 255 caracteres visibles (ASCII, sin espacios).';

/** A process id no process has now: what a killed backend's journal is named after. */
function deadPid(): number {
  for (let pid = 4_000_000; ; pid -= 1) {
    try {
      process.kill(pid, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') return pid;
    }
  }
}

/**
 * Issue 36's metering rules, on one or two instances of the application: a call retried with an
 * Idempotency-Key (as the official openai client sends it) is answered and counted once; a journal
 * left by a killed process is put into the ledger on start, from where the ledger had got to, and
 * once; a write to the database that fails is written with the next one, once.
 */
describe('metering of published agents’ calls', () => {
  let fake: OpenAiFake;
  let testApp: TestApp;
  let second: NestExpressApplication | undefined;
  let ana: SignedInUser;
  let base: string;
  let agentId: string;
  let publicationId: string;
  let keyId: string;
  let secret: string;
  const http = () => request(testApp.server);

  beforeAll(async () => {
    fake = await startOpenAiFake({ reply: ['Vale.'], usage: { prompt_tokens: 10, completion_tokens: 5 } });
    testApp = await createTestApp(openAiFakeEnv(fake, { RATE_LIMIT_AGENTS_PER_HOUR: '1000' }));
    await testApp.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(testApp.server.address() as AddressInfo).port}`;
    ana = await signUpAndSignIn(testApp, 'medida@example.com');
    agentId = (await http().post('/api/agents').set(ana.authorization).send({ name: 'Medida', category: 'legal', description: 'Por uso', prompt: 'Eres breve.' }).expect(201)).body.id;
    const publication = (await http().post(`/api/agent/${agentId}/publication`).set(ana.authorization).send({}).expect(201)).body;
    publicationId = publication.apiId;
    ({ keyId, secret } = publication.apiKey);
  });
  afterAll(async () => {
    await second?.close();
    await testApp.close();
    await fake.close();
  });

  const openai = () => new OpenAI({ baseURL: `${base}/api/v1`, apiKey: secret, maxRetries: 0 });
  const ask = (idempotencyKey: string) => openai().chat.completions.create({ model: agentId, messages: [{ role: 'user', content: 'Hola' }] }, { headers: { 'Idempotency-Key': idempotencyKey } });
  const ledger = async () => {
    await testApp.app.get(UsageMeter).flush();
    const rows = await testApp.app.get(DataSource).getRepository(ApiKeyUsage).findBy({ keyId });
    return rows.reduce((sum, row) => ({ requests: sum.requests + row.requests, errors: sum.errors + row.errors, inputTokens: sum.inputTokens + row.inputTokens }), { requests: 0, errors: 0, inputTokens: 0 });
  };

  it('answers and counts a call retried with the same Idempotency-Key once, on any instance, and refuses the retry with 409', async () => {
    const before = await ledger();
    fake.requests.length = 0;
    expect((await ask('pedido-1')).choices[0].message.content).toBe('Vale.');
    const retried = await ask('pedido-1').catch((error: unknown) => error);
    expect(retried).toBeInstanceOf(OpenAI.ConflictError);
    expect((retried as InstanceType<typeof OpenAI.ConflictError>).message).toContain('Esta llamada ya se respondió y se cobró con esta Idempotency-Key');
    // Streamed, the retry is the same plain 409, before any event.
    await expect(
      openai().chat.completions.create({ model: agentId, messages: [{ role: 'user', content: 'Hola' }], stream: true }, { headers: { 'Idempotency-Key': 'pedido-1' } }),
    ).rejects.toBeInstanceOf(OpenAI.ConflictError);
    const streamedInvoke = await http().post(`/api/v1/agent/${agentId}/invoke`).set('Authorization', `Bearer ${secret}`).set('Accept', 'text/event-stream').set('Idempotency-Key', 'pedido-1').send({ input: 'Hola' });
    expect(streamedInvoke.status).toBe(409);
    // The model was asked once.
    expect(fake.requests).toHaveLength(1);
    expect(await ledger()).toEqual({ requests: before.requests + 1, errors: before.errors, inputTokens: before.inputTokens + 10 });

    // Another instance on the same database refuses it too, and counts nothing.
    second = await createApp(testApp.config);
    await second.init();
    const elsewhere = await request(second.getHttpServer()).post(`/api/v1/agent/${agentId}/invoke`).set('Authorization', `Bearer ${secret}`).set('Idempotency-Key', 'pedido-1').send({ input: 'Hola' });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.code).toBe('IdempotentCallAnswered');
    await second.get(UsageMeter).flush();
    expect(await ledger()).toEqual({ requests: before.requests + 1, errors: before.errors, inputTokens: before.inputTokens + 10 });
    // A new Idempotency-Key is a new call.
    await ask('pedido-2');
    expect((await ledger()).requests).toBe(before.requests + 2);
  });

  it('lets a retry run when the try before it failed, and charges only the answered one', async () => {
    const before = await ledger();
    fake.set({ status: 500 });
    await expect(ask('pedido-3')).rejects.toBeInstanceOf(OpenAI.APIError);
    fake.set({ status: undefined });
    expect((await ask('pedido-3')).choices[0].message.content).toBe('Vale.');
    // The failed try is a request and an error (not charged); the retry, one answered call.
    expect(await ledger()).toEqual({ requests: before.requests + 2, errors: before.errors + 1, inputTokens: before.inputTokens + 10 });
  });

  it('refuses a second try while the first runs, and a malformed Idempotency-Key, with neither counted', async () => {
    const before = await ledger();
    fake.set({ reply: ['Des', 'pa', 'cio.'], delayMs: 300 });
    const invoke = (idempotencyKey: string) => http().post(`/api/v1/agent/${agentId}/invoke`).set('Authorization', `Bearer ${secret}`).set('Idempotency-Key', idempotencyKey).send({ input: 'Hola' });
    fake.requests.length = 0;
    const first = invoke('pedido-4').then((response) => response);
    // The model is asked once the try has claimed its Idempotency-Key.
    while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const meanwhile = await invoke('pedido-4');
    expect(meanwhile.status).toBe(409);
    expect(meanwhile.body).toMatchObject({ code: 'IdempotentCallRunning', message: 'Otra petición con esta Idempotency-Key está en curso; espera a que termine.' });
    expect((await first).status).toBe(200);
    fake.set({ reply: ['Vale.'], delayMs: 0 });

    const malformed = await invoke('con espacios');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(BAD_IDEMPOTENCY_KEY);
    expect((await invoke('x'.repeat(256))).status).toBe(400);
    // The answered call, and the malformed ones as refused requests (errors): never charged.
    expect(await ledger()).toEqual({ requests: before.requests + 3, errors: before.errors + 2, inputTokens: before.inputTokens + 10 });
  });

  it('writes a batch the database refused with the next one, once', async () => {
    const before = await ledger();
    const meter = testApp.app.get(UsageMeter);
    const dataSource = testApp.app.get(DataSource);
    await http().post(`/api/v1/agent/${agentId}/invoke`).set('Authorization', `Bearer ${secret}`).send({ input: 'Hola' }).expect(200);
    const refused = jest.spyOn(dataSource, 'transaction').mockRejectedValueOnce(new Error('base de datos caída'));
    await meter.flush();
    refused.mockRestore();
    expect((await dataSource.getRepository(ApiKeyUsage).findBy({ keyId })).reduce((sum, row) => sum + row.requests, 0)).toBe(before.requests);
    await http().post(`/api/v1/agent/${agentId}/invoke`).set('Authorization', `Bearer ${secret}`).send({ input: 'Hola' }).expect(200);
    expect(await ledger()).toEqual({ requests: before.requests + 2, errors: before.errors, inputTokens: before.inputTokens + 20 });
  });

  it('reads a key’s month once while a write moves its figures to the database (a spending cap’s read)', async () => {
    const meter = testApp.app.get(UsageMeter);
    const usage = testApp.app.get(DataSource).getRepository(ApiKeyUsage);
    const before = await ledger();
    await http().post(`/api/v1/agent/${agentId}/invoke`).set('Authorization', `Bearer ${secret}`).send({ input: 'Hola' }).expect(200);
    const month = new Date().toISOString().slice(0, 7);
    let reads = 0;
    // The database is read before the write and memory after it: the call was in neither place.
    const rows = await meter.withUnwritten(keyId, month, async () => {
      reads += 1;
      const written = await usage.findBy({ keyId });
      await meter.flush();
      return written;
    });
    expect(reads).toBe(2);
    expect(rows.reduce((sum, row) => sum + row.requests, 0)).toBe(before.requests + 1);
  });

  it('puts a killed process’ journal into the ledger on start, from where the ledger had got to, once', async () => {
    const before = await ledger();
    const dir = journalDirOf(testApp.config.metering.journalDir);
    mkdirSync(dir, { recursive: true });
    const journal = `usage-${deadPid()}-1795000000000-0badcafe-1.journal`;
    const at = Date.now();
    const line = (tokens: number, failed = 0) => `${at} ${keyId} ${publicationId} ${failed} ${tokens} 1 25\n`;
    const written = line(100);
    // The first call was in the ledger already (its position says so); the last line was cut short by the kill.
    writeFileSync(join(dir, journal), written + line(200) + line(300, 1) + `${at} ${keyId} ${publicationId.slice(0, 4)}`);
    await testApp.app.get(DataSource).getRepository(UsageJournalPosition).insert({ journal, position: Buffer.byteLength(written), closed: false, updatedAt: at });

    await second?.close();
    second = await createApp(testApp.config);
    await second.init();
    // The two calls after the position: one answered, one failed.
    expect(await ledger()).toEqual({ requests: before.requests + 2, errors: before.errors + 1, inputTokens: before.inputTokens + 500 });
    expect(readdirSync(dir)).not.toContain(journal);
    expect(await testApp.app.get(DataSource).getRepository(UsageJournalPosition).findOneBy({ journal })).toMatchObject({ closed: true });

    // Were the file still there (another instance read it before it went), nothing more is counted.
    writeFileSync(join(dir, journal), written + line(200) + line(300, 1));
    await second.close();
    second = await createApp(testApp.config);
    await second.init();
    expect(await ledger()).toEqual({ requests: before.requests + 2, errors: before.errors + 1, inputTokens: before.inputTokens + 500 });
    expect(readdirSync(dir)).not.toContain(journal);
  });

  it('charges a call at prices read at most PRICE_CACHE_MS before, and at once on the instance that saved them', async () => {
    const book = testApp.app.get(ApiPriceBook, { strict: false });
    const prices = testApp.app.get(DataSource).getRepository(ApiPrice);
    const month = new Date().toISOString().slice(0, 7);
    const now = Date.now();
    await book.save({ publicationId, fromMonth: month, per1000Calls: 100, perMillionInputTokens: 0, perMillionOutputTokens: 0 });
    expect(await book.forCall(publicationId, month, now)).toMatchObject({ per1000Calls: 100 });
    // Changed by another instance: seen once the cache's time is up.
    await prices.update({ publicationId, fromMonth: month }, { per1000Calls: 250 });
    expect(await book.forCall(publicationId, month, now + PRICE_CACHE_MS - 1)).toMatchObject({ per1000Calls: 100 });
    expect(await book.forCall(publicationId, month, now + PRICE_CACHE_MS)).toMatchObject({ per1000Calls: 250 });
    // Saved here: at once.
    await book.save({ publicationId, fromMonth: month, per1000Calls: 300, perMillionInputTokens: 0, perMillionOutputTokens: 0 });
    expect(await book.forCall(publicationId, month, now + PRICE_CACHE_MS + 1)).toMatchObject({ per1000Calls: 300 });
  });
});
