import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import JSZip from 'jszip';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Lease } from '../../src/database/leases/lease.entity';
import { DataExportJob } from '../../src/modules/data-export/data-export-job';
import { PREPARE_LEASE_MS } from '../../src/modules/data-export/data-export-preparer';
import { DataExport } from '../../src/modules/data-export/entities/data-export.entity';
import { StoredFile } from '../../src/modules/files/entities/stored-file.entity';
import { Subscription } from '../../src/modules/subscriptions/entities/subscription.entity';
import { addReadyDocument } from '../knowledge/ready-document';
import { paymentsClient } from '../payments/support/payments-client';
import { createPublicAgent } from '../support/agents';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { subscriptionRow } from '../support/subscriptions';
import { createTestApp, type TestApp, withPostgres } from '../support/test-app';

jest.setTimeout(120_000);

interface ExportBody {
  id: string;
  status: 'preparing' | 'ready' | 'failed';
  url?: string;
  expiresAt?: string;
}

const HOUR_MS = 60 * 60 * 1000;

/** Polls GET /api/me/export/{id} until it is no longer preparing. */
async function settled(testApp: TestApp, user: SignedInUser, id: string): Promise<ExportBody> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { body } = await request(testApp.server).get(`/api/me/export/${id}`).set(user.authorization).expect(200);
    if (body.status !== 'preparing' || Date.now() > deadline) return body as ExportBody;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function downloadZip(testApp: TestApp, user: SignedInUser, url: string): Promise<JSZip> {
  const response = await request(testApp.server)
    .get(url)
    .set(user.authorization)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="mis-datos-\d{4}-\d{2}-\d{2}\.zip"$/);
  return JSZip.loadAsync(response.body as Buffer);
}

async function text(zip: JSZip, pattern: RegExp): Promise<string> {
  const names = Object.keys(zip.files).filter((name) => pattern.test(name));
  expect(names).not.toHaveLength(0);
  return (await Promise.all(names.map((name) => zip.file(name)!.async('string')))).join('\n');
}

describe("'Descargar mis datos' (issue 37): POST /api/me/export, GET /api/me/export/{id}", () => {
  let testApp: TestApp;
  let ana: SignedInUser;
  let bea: SignedInUser;
  let zip: JSZip;
  let ready: ExportBody;
  let agentId: string;
  let keyId: string;
  let beaSubscription: string;
  const http = () => request(testApp.server);

  beforeAll(async () => {
    testApp = await createTestApp();
    ana = await signUpAndSignIn(testApp, 'ana.export@example.com', undefined, 'Ana Exporta');
    bea = await signUpAndSignIn(testApp, 'bea.export@example.com', undefined, 'Bea Ajena');

    // Ana: a conversation with two messages, a published agent with a test case, a knowledge
    // document and an API key, and a subscription to Bea's agent.
    const conversation = (await http().post('/api/conversations').set(ana.authorization).send({ title: 'Plan de empresa' }).expect(201)).body.id as string;
    await http().post(`/api/conversations/${conversation}/messages`).set(ana.authorization).send({ id: 'q-1', role: 'user', content: '¿Cómo hago un plan de empresa?' }).expect(201);
    await http()
      .post(`/api/conversations/${conversation}/messages`)
      .set(ana.authorization)
      .send({ id: 'a-1', role: 'assistant', content: 'Empieza por el resumen ejecutivo.', metadata: { agentId: 'x', agentName: 'Asesora' } })
      .expect(201);
    agentId = await createPublicAgent(testApp, ana, 'Asesora Fiscal de Ana', 0);
    await http().post(`/api/agent-prompts/${agentId}/test-cases`).set(ana.authorization).send({ question: '¿Qué es el IVA?' }).expect(201);
    await addReadyDocument(testApp, ana, agentId, 'Guía del IVA trimestral para autónomos.', 'guia-iva.txt');
    const publication = (await http().post(`/api/agent/${agentId}/publication`).set(ana.authorization).send({}).expect(201)).body;
    const key = (await http().post(`/api/publication/${publication.apiId}/keys`).set(ana.authorization).send({ name: 'Clave de la web', rateLimitPerMinute: 7 }).expect(201)).body;
    keyId = key.keyId as string;
    const beaAgent = await createPublicAgent(testApp, bea, 'Agente de Bea', 9.99);
    const subscriptions = testApp.app.get(DataSource).getRepository(Subscription);
    await subscriptions.save(subscriptionRow(subscriptions, ana.sub, { agentId: beaAgent, status: 'active', subscriptionId: 'sub_ana_export' }));
    // Bea's own data, which must never appear in Ana's export.
    beaSubscription = 'sub_bea_private';
    await subscriptions.save(subscriptionRow(subscriptions, bea.sub, { agentId, status: 'active', subscriptionId: beaSubscription }));
    await http().post('/api/conversations').set(bea.authorization).send({ title: 'Secreto de Bea' }).expect(201);
    // Each sells her agent's API and buys a key for the other's: Ana's bought key is hers, Bea's is not.
    const payments = paymentsClient(testApp);
    const forSale = { available: true, per1000Calls: 1_000, perMillionInputTokens: 0, perMillionOutputTokens: 0 };
    await http().post(`/api/agent/${beaAgent}/publication`).set(bea.authorization).send({}).expect(201);
    for (const [seller, sellersAgent, buyer, keyName] of [[bea, beaAgent, ana, 'Clave comprada por Ana'], [ana, agentId, bea, 'Clave comprada por Bea']] as const) {
      await http().put(`/api/publication/${sellersAgent}/pricing`).set(seller.authorization).send(forSale).expect(200);
      await payments.addCard(buyer, await payments.createCustomer(buyer), 'pm_card_visa').expect(201);
      await http().post('/api/me/api-keys').set(buyer.authorization).send({ agentId: sellersAgent, name: keyName }).expect(201);
    }
    // Each has a month's API invoice (written as the billing module writes them at the month's end).
    for (const [buyer, total] of [[ana, 345], [bea, 777]] as const) {
      await testApp.app.get(DataSource).createQueryBuilder().insert().into('api_invoices').values({
        id: randomUUID(), buyerSub: buyer.sub, month: '2026-10', status: 'paid', total, currency: 'eur', provider: 'demo',
        gatewayInvoiceId: null, hostedInvoiceUrl: null, lines: [{ keyName: `Línea de ${buyer.email}`, calls: 3 }], chargeAttempts: 1, paidAt: new Date(), updatedAt: new Date(),
      }).execute();
    }

    const { body: requested } = await http().post('/api/me/export').set(ana.authorization).expect(202);
    expect(requested).toEqual({ id: expect.any(String), status: 'preparing' });
    ready = await settled(testApp, ana, requested.id);
    zip = await downloadZip(testApp, ana, ready.url!);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('answers ready with a signed link valid 24 hours', () => {
    expect(ready).toEqual({ id: expect.any(String), status: 'ready', url: `/api/me/export/${ready.id}/download?signature=${new URL(ready.url!, 'http://x').searchParams.get('signature')}`, expiresAt: expect.any(String) });
    const hours = (Date.parse(ready.expiresAt!) - Date.now()) / HOUR_MS;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('announces it by e-mail with the way to the profile', async () => {
    const outbox = join(testApp.config.dataDir, 'outbox');
    const announced = () =>
      readdirSync(outbox)
        .filter((name) => name.endsWith(`-${ana.email}.eml`))
        .some((name) => readFileSync(join(outbox, name), 'utf8').includes('Ya hemos preparado la copia de tus datos que pediste'));
    const deadline = Date.now() + 10_000;
    while (!announced() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const mail = readdirSync(outbox)
      .filter((name) => name.endsWith(`-${ana.email}.eml`))
      .map((name) => readFileSync(join(outbox, name), 'utf8'))
      .find((text) => text.includes('Ya hemos preparado'));
    expect(mail).toContain(`${testApp.config.publicUrl}/mi-perfil`);
    expect(mail).toContain('solo con tu sesión iniciada');
  });

  it('holds a Spanish README, the profile, the conversation (JSON and Markdown), the agent with its prompt versions, test case and original document', async () => {
    expect(await text(zip, /^LEEME\.md$/)).toContain('Esta es la exportación de todos tus datos');
    const profile = JSON.parse(await text(zip, /^perfil\.json$/));
    expect(profile).toMatchObject({ id: ana.sub, profile: { email: ana.email, contactName: 'Ana Exporta' }, account: { name: 'Ana Exporta' } });
    expect(JSON.stringify(profile)).not.toMatch(/password|srp|totpSecret/i);
    const conversation = JSON.parse(await text(zip, /^conversaciones\/.*Plan de empresa\.json$/));
    expect(conversation.messages.map((message: { content: string }) => message.content)).toEqual(['¿Cómo hago un plan de empresa?', 'Empieza por el resumen ejecutivo.']);
    const markdown = await text(zip, /^conversaciones\/.*Plan de empresa\.md$/);
    expect(markdown).toContain('## Tú');
    expect(markdown).toContain('## Asesora');
    const agent = JSON.parse(await text(zip, /^agentes\/.*\/agente\.json$/));
    expect(agent).toMatchObject({ id: agentId, name: 'Asesora Fiscal de Ana', isPublic: true });
    expect(agent.promptVersions).toEqual([expect.objectContaining({ version: 1, prompt: 'Eres Asesora Fiscal de Ana.' })]);
    expect(agent.testCases).toEqual([expect.objectContaining({ question: '¿Qué es el IVA?' })]);
    expect(agent.knowledgeDocuments).toEqual([expect.objectContaining({ name: 'guia-iva.txt', status: 'ready' })]);
    expect(await text(zip, /^agentes\/.*\/conocimiento\/.*guia-iva\.txt$/)).toBe('Guía del IVA trimestral para autónomos.');
  });

  it('holds the subscription and the API key with its limits, never its secret or digest, and nothing of another user', async () => {
    const payments = JSON.parse(await text(zip, /^suscripciones-y-pagos\.json$/));
    expect(payments.subscriptions).toEqual([expect.objectContaining({ subscriptionId: 'sub_ana_export', status: 'active' })]);
    const keys = JSON.parse(await text(zip, /^claves-api\.json$/));
    expect(keys.keys).toEqual(expect.arrayContaining([expect.objectContaining({ id: keyId, name: 'Clave de la web', rateLimitPerMinute: 7 })]));
    // The key she bought for Bea's agent is hers; the one Bea bought for hers is Bea's.
    expect(keys.keys).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Clave comprada por Ana', monthlySpendCap: null })]));
    // Her invoices for API use, not Bea's.
    expect(keys.invoices).toEqual([expect.objectContaining({ month: '2026-10', status: 'paid', total: 345, lines: [{ keyName: `Línea de ${ana.email}`, calls: 3 }] })]);
    expect(Object.keys(keys.keys[0]).some((name) => /secret|digest|prefix|hash/i.test(name))).toBe(false);
    for (const name of ['equipo.json', 'ecosistemas.json', 'valoraciones-y-denuncias.json', 'uso.json']) expect(zip.file(name)).not.toBeNull();
    const everything = (await Promise.all(Object.values(zip.files).map((file) => file.async('string')))).join('\n');
    expect(everything).not.toContain(bea.sub);
    expect(everything).not.toContain(bea.email);
    expect(everything).not.toContain(beaSubscription);
    expect(everything).not.toContain('Secreto de Bea');
    expect(everything).not.toContain('Clave comprada por Bea');
  });

  it('keeps the ZIP as a file of the owner in the file storage', async () => {
    const row = await testApp.app.get(DataSource).getRepository(DataExport).findOneByOrFail({ id: ready.id });
    const file = await testApp.app.get(DataSource).getRepository(StoredFile).findOneByOrFail({ id: row.fileId! });
    expect(file).toMatchObject({ ownerSub: ana.sub, contentType: 'application/zip' });
  });

  it("answers another user's export as not found, and its link refused to them", async () => {
    await http().get(`/api/me/export/${ready.id}`).set(bea.authorization).expect(404, { statusCode: 404, message: 'Exportación no encontrada', error: 'Not Found' });
    await http().get(ready.url!).set(bea.authorization).expect(404);
    await http().get(ready.url!).expect(401);
    await http().get(`/api/me/export/${ready.id}/download?signature=${'0'.repeat(64)}`).set(ana.authorization).expect(403);
    await http().get('/api/me/export/no-es-un-id').set(ana.authorization).expect(404);
  });

  it('allows one export a day: a second is refused with 429, a Spanish message and Retry-After', async () => {
    const response = await http().post('/api/me/export').set(ana.authorization).expect(429);
    expect(response.body).toMatchObject({ statusCode: 429, code: 'ExportLimit' });
    expect(response.body.message).toMatch(/^Ya pediste una exportación de tus datos en las últimas 24 horas\. Podrás pedir otra dentro de 2[34] horas\.$/);
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
  });

  it('expires the link after 24 hours and then removes the export and its ZIP', async () => {
    const dataSource = testApp.app.get(DataSource);
    const row = await dataSource.getRepository(DataExport).findOneByOrFail({ id: ready.id });
    await dataSource.getRepository(DataExport).update({ id: ready.id }, { expiresAt: new Date(Date.now() - 1000) });
    await http().get(ready.url!).set(ana.authorization).expect(410);
    await http().get(`/api/me/export/${ready.id}`).set(ana.authorization).expect(410);
    await testApp.app.get(DataExportJob).runIfLeader(new Date(Date.now() + 3 * HOUR_MS));
    await http().get(`/api/me/export/${ready.id}`).set(ana.authorization).expect(404);
    expect(await dataSource.getRepository(StoredFile).findOneBy({ id: row.fileId! })).toBeNull();
  });
});

describe('an export whose instance stopped while preparing it', () => {
  it('is prepared by the next instance on the same database, once', async () => {
    const first = await createTestApp();
    const user = await signUpAndSignIn(first, 'reinicio@example.com');
    await request(first.server).post('/api/conversations').set(user.authorization).send({ title: 'Antes del reinicio' }).expect(201);
    const { body: requested } = await request(first.server).post('/api/me/export').set(user.authorization).expect(202);
    await settled(first, user, requested.id);
    // As an instance leaves it when it stops mid-way: still preparing, its lease held. The lease
    // first, so that this instance's own job, which may run meanwhile, cannot take it; written over
    // the preparation's own, which the export shows ready a moment before it gives it back.
    await first.app.get(DataSource).getRepository(Lease).upsert({ name: `data-export:${requested.id}`, holder: 'instancia-parada', expiresAt: new Date(Date.now() + PREPARE_LEASE_MS) }, ['name']);
    const exports = first.app.get(DataSource).getRepository(DataExport);
    await exports.update({ id: requested.id }, { status: 'preparing', fileId: null, token: null, expiresAt: null });
    await first.app.close();

    const database = first.config.database as { schema?: string };
    const second = await createTestApp({ DATA_DIR: first.config.dataDir, ...(database.schema ? { DATABASE_SCHEMA: database.schema } : {}) });
    try {
      const job = second.app.get(DataExportJob);
      // While the stopped instance's lease lasts, nobody takes it; after it, one run prepares it.
      expect(await job.runIfLeader(new Date(Date.now() + 5 * 60 * 1000))).toEqual({ prepared: 0, removed: 0 });
      expect((await request(second.server).get(`/api/me/export/${requested.id}`).set(user.authorization).expect(200)).body.status).toBe('preparing');
      expect(await job.runIfLeader(new Date(Date.now() + PREPARE_LEASE_MS + 60 * 60 * 1000))).toEqual({ prepared: 1, removed: 0 });
      const done = (await request(second.server).get(`/api/me/export/${requested.id}`).set(user.authorization).expect(200)).body as ExportBody;
      expect(done.status).toBe('ready');
      const zip = await downloadZip(second, user, done.url!);
      expect(Object.keys(zip.files).some((name) => name.endsWith('Antes del reinicio.json'))).toBe(true);
    } finally {
      await second.close();
      rmSync(first.config.dataDir, { recursive: true, force: true });
      const url = process.env.TEST_DATABASE_URL;
      if (url && database.schema) await withPostgres(url, (client) => client.query(`DROP SCHEMA IF EXISTS "${database.schema}" CASCADE`));
    }
  });
});
