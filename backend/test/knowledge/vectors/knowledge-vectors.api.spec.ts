import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { VectorReembedder } from '../../../src/modules/knowledge/vectors/vector-reembedder';
import { signUpAndSignIn, type SignedInUser } from '../../support/identity-client';
import { createTestApp, type TestApp, withPostgres } from '../../support/test-app';
import { makePdf } from '../parsing/fixtures';
import { downUrl, type EmbeddingsServer, startOpenAiCompatibleFake } from './embeddings-fakes';

jest.setTimeout(180_000);

const LIMITS = { RATE_LIMIT_UPLOADS_PER_HOUR: '1000', RATE_LIMIT_AGENTS_PER_HOUR: '1000' };

/** Asked in other words than page 37's: not one word of it is in the PDF. */
const PARAPHRASE = '¿Con cuánta antelación hay que avisar para dejar el alquiler?';

const PAGE_37 = 'Página 37. El plazo de preaviso para desistir del contrato de arrendamiento es de treinta días.';
const pdfPage = (page: number) =>
  page === 37 ? PAGE_37 : `Página ${page}. Disposiciones generales del contrato de arrendamiento de vivienda, apartado ${page}, sobre la renta y su actualización anual.`;

const RULES_MD = `# Normas del piso

## Preaviso

El plazo de preaviso para desistir del contrato de arrendamiento es de treinta días.

## Mascotas

Se admiten perros y gatos inscritos con la referencia ZX9147 del registro municipal.
`;

const RECIPES_TXT = `Receta de gazpacho andaluz con tomates maduros, pepino y pimiento.

La paella valenciana lleva arroz, pollo, conejo y judías verdes.
`;

interface SearchItem {
  documentId: string;
  documentName: string;
  page: number | null;
  text: string;
  score: number;
}

/** The app's table name for raw SQL (the test's schema on PostgreSQL). */
function table(testApp: TestApp, name: string): string {
  const options = testApp.app.get(DataSource).driver.options as { type: string; schema?: string };
  return options.type === 'postgres' ? `"${options.schema ?? 'public'}"."${name}"` : `"${name}"`;
}

/** The models of the document's passages' vectors, one entry per passage (null: it has none). */
async function vectorModels(testApp: TestApp, documentId: string): Promise<Array<string | null>> {
  const dataSource = testApp.app.get(DataSource);
  const postgres = dataSource.driver.options.type === 'postgres';
  const rows: Array<{ model: string | null }> = await dataSource.query(
    `SELECT v.model FROM ${table(testApp, 'knowledge_passages')} p LEFT JOIN ${table(testApp, 'knowledge_passage_vectors')} v ON v.passage_id = p.id
     WHERE p.document_id = ${postgres ? '$1' : '?'} ORDER BY p.id`,
    [documentId],
  );
  return rows.map((row) => row.model);
}

async function vectorCount(testApp: TestApp, agentId: string): Promise<number> {
  const dataSource = testApp.app.get(DataSource);
  const postgres = dataSource.driver.options.type === 'postgres';
  const rows: Array<{ n: number | string }> = await dataSource.query(
    `SELECT COUNT(*) AS n FROM ${table(testApp, 'knowledge_passage_vectors')} WHERE agent_id = ${postgres ? '$1' : '?'}`,
    [agentId],
  );
  return Number(rows[0].n);
}

const http = (testApp: TestApp) => request(testApp.server);

async function newAgent(testApp: TestApp, owner: SignedInUser): Promise<string> {
  const { body } = await http(testApp)
    .post('/api/agents')
    .set(owner.authorization)
    .send({ name: 'Asesor de alquileres', category: 'legal', description: 'Responde sobre alquileres' })
    .expect(201);
  return body.id as string;
}

async function addDocument(testApp: TestApp, owner: SignedInUser, agentId: string, bytes: Uint8Array | Buffer, filename: string): Promise<string> {
  const { body } = await http(testApp)
    .post(`/api/agents/${agentId}/knowledge`)
    .set(owner.authorization)
    .attach('file', Buffer.from(bytes), { filename, contentType: 'application/octet-stream' })
    .expect(201);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { body: document } = await http(testApp).get(`/api/agents/${agentId}/knowledge/${body.id}`).set(owner.authorization).expect(200);
    if (document.status === 'ready') return body.id as string;
    if (document.status !== 'processing') throw new Error(`ingestion failed: ${JSON.stringify(document)}`);
    if (Date.now() > deadline) throw new Error(`still processing: ${JSON.stringify(document)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function search(testApp: TestApp, owner: SignedInUser, agentId: string, query: string, limit = 3): Promise<SearchItem[]> {
  const { body } = await http(testApp).post(`/api/agents/${agentId}/knowledge/search`).set(owner.authorization).send({ query, limit }).expect(200);
  return body.items as SearchItem[];
}

describe('vector search in an agent\'s knowledge (EMBEDDINGS_PROVIDER)', () => {
  let fake: EmbeddingsServer;
  const embeddingsEnv = (model: string, url = fake.url) => ({ EMBEDDINGS_PROVIDER: 'openai-compatible', OPENAI_BASE_URL: url, EMBEDDINGS_MODEL: model });

  beforeAll(async () => {
    Logger.overrideLogger(false);
    fake = await startOpenAiCompatibleFake();
  });
  afterAll(() => fake.close());

  describe('with and without an embeddings model', () => {
    let withVectors: TestApp;
    let fullTextOnly: TestApp;
    let ana: SignedInUser;
    let bea: SignedInUser;

    beforeAll(async () => {
      withVectors = await createTestApp({ ...LIMITS, ...embeddingsEnv('nomic-embed-text') });
      fullTextOnly = await createTestApp(LIMITS);
      ana = await signUpAndSignIn(withVectors, 'ana@example.com');
      bea = await signUpAndSignIn(fullTextOnly, 'bea@example.com');
    });
    afterAll(async () => {
      await withVectors.close();
      await fullTextOnly.close();
    });

    it('finds page 37 of a 60-page PDF for a question in other words with vectors, and not with full text alone', async () => {
      const pdf = await makePdf(60, pdfPage);
      const agentWith = await newAgent(withVectors, ana);
      const documentWith = await addDocument(withVectors, ana, agentWith, pdf, 'ley-60.pdf');
      const agentWithout = await newAgent(fullTextOnly, bea);
      await addDocument(fullTextOnly, bea, agentWithout, pdf, 'ley-60.pdf');

      // Every passage was stored with its vector, of the configured model.
      const models = await vectorModels(withVectors, documentWith);
      expect(models.length).toBeGreaterThanOrEqual(60);
      expect(new Set(models)).toEqual(new Set(['openai-compatible:nomic-embed-text']));

      const found = await search(withVectors, ana, agentWith, PARAPHRASE, 3);
      expect(found[0]).toMatchObject({ documentId: documentWith, documentName: 'ley-60.pdf', page: 37, text: expect.stringContaining('treinta días') });

      const notFound = await search(fullTextOnly, bea, agentWithout, PARAPHRASE, 3);
      expect(notFound.map((item) => item.page)).not.toContain(37);
    });

    it('fuses full text and vectors: an exact reference and a paraphrase in one question both come first', async () => {
      const agentWith = await newAgent(withVectors, ana);
      await addDocument(withVectors, ana, agentWith, Buffer.from(RULES_MD), 'normas.md');
      await addDocument(withVectors, ana, agentWith, Buffer.from(RECIPES_TXT), 'recetas.txt');
      const agentWithout = await newAgent(fullTextOnly, bea);
      await addDocument(fullTextOnly, bea, agentWithout, Buffer.from(RULES_MD), 'normas.md');
      await addDocument(fullTextOnly, bea, agentWithout, Buffer.from(RECIPES_TXT), 'recetas.txt');
      const question = `ZX9147 ${PARAPHRASE}`;

      const hybrid = await search(withVectors, ana, agentWith, question, 2);
      expect(hybrid.map((item) => item.text).sort()).toEqual([expect.stringContaining('ZX9147'), expect.stringContaining('treinta días')].sort());
      expect(hybrid.every((item) => item.documentName === 'normas.md')).toBe(true);

      const fullText = await search(fullTextOnly, bea, agentWithout, question, 2);
      expect(fullText).toEqual([expect.objectContaining({ documentName: 'normas.md', text: expect.stringContaining('ZX9147') })]);

      // A question full text answers well is still answered first with vectors fused in.
      const keyword = await search(withVectors, ana, agentWith, 'paella valenciana', 1);
      expect(keyword[0]).toMatchObject({ documentName: 'recetas.txt', text: expect.stringContaining('paella valenciana') });
    });

    it('deletes a document\'s vectors with it, and a search no longer finds it by meaning', async () => {
      const agentId = await newAgent(withVectors, ana);
      const rules = await addDocument(withVectors, ana, agentId, Buffer.from(RULES_MD), 'normas.md');
      const recipes = await addDocument(withVectors, ana, agentId, Buffer.from(RECIPES_TXT), 'recetas.txt');
      const rulesVectors = (await vectorModels(withVectors, rules)).length;
      const recipesVectors = (await vectorModels(withVectors, recipes)).length;
      expect(await vectorCount(withVectors, agentId)).toBe(rulesVectors + recipesVectors);
      expect((await search(withVectors, ana, agentId, PARAPHRASE, 1))[0]).toMatchObject({ documentId: rules });

      await http(withVectors).delete(`/api/agents/${agentId}/knowledge/${rules}`).set(ana.authorization).expect(204);

      expect(await vectorCount(withVectors, agentId)).toBe(recipesVectors);
      const after = await search(withVectors, ana, agentId, PARAPHRASE, 3);
      expect(after.every((item) => item.documentId === recipes)).toBe(true);
    });
  });

  it('answers a search with full text when the provider stops answering, without waiting for the model timeout', async () => {
    // In front of the fake: forwards until told to hang, then accepts requests and never answers.
    let hang = false;
    const proxy: Server = createServer((req, res) => {
      const parts: Buffer[] = [];
      req.on('data', (part: Buffer) => parts.push(part));
      req.on('end', () => {
        if (hang) return;
        void fetch(`${fake.url}${req.url!.replace(/^\/v1/, '')}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(parts) })
          .then(async (answer) => {
            res.writeHead(answer.status, { 'content-type': 'application/json' });
            res.end(Buffer.from(await answer.arrayBuffer()));
          });
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v1`;
    const testApp = await createTestApp({ ...LIMITS, ...embeddingsEnv('nomic-embed-text', proxyUrl) });
    try {
      const ana = await signUpAndSignIn(testApp, 'ana@example.com');
      const agentId = await newAgent(testApp, ana);
      const rules = await addDocument(testApp, ana, agentId, Buffer.from(RULES_MD), 'normas.md');
      expect(new Set(await vectorModels(testApp, rules))).toEqual(new Set(['openai-compatible:nomic-embed-text']));

      hang = true;
      const started = Date.now();
      const items = await search(testApp, ana, agentId, 'ZX9147', 1);
      expect(items[0]).toMatchObject({ documentId: rules, text: expect.stringContaining('ZX9147') });
      // The question's vector is given up after 3 s (MODEL_TIMEOUT_MS is a minute).
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await testApp.close();
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  describe('on a database shared by instances over time', () => {
    const postgresUrl = process.env.TEST_DATABASE_URL;
    const schema = `knowledge_vectors_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'nova-knowledge-vectors-'));
    const sharedDatabase: Record<string, string> = postgresUrl ? { DATABASE_SCHEMA: schema } : { SQLITE_PATH: join(dataDir, 'shared.sqlite') };

    beforeAll(async () => {
      if (postgresUrl) await withPostgres(postgresUrl, (client) => client.query(`CREATE SCHEMA "${schema}"`));
    });
    afterAll(async () => {
      if (postgresUrl) await withPostgres(postgresUrl, (client) => client.query(`DROP SCHEMA "${schema}" CASCADE`));
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('keeps a document whose vectors failed usable by full text, and re-embeds everything in the background when the model changes', async () => {
      // Model A, working: the law gets vectors of model A.
      const first = await createTestApp({ ...LIMITS, ...sharedDatabase, ...embeddingsEnv('modelo-a') });
      let ana: SignedInUser;
      let agentId: string;
      let law: string;
      try {
        ana = await signUpAndSignIn(first, 'ana@example.com');
        agentId = await newAgent(first, ana);
        law = await addDocument(first, ana, agentId, Buffer.from(RULES_MD), 'normas.md');
        expect(new Set(await vectorModels(first, law))).toEqual(new Set(['openai-compatible:modelo-a']));
      } finally {
        await first.close();
      }

      // The provider is down: the recipes are ready all the same, found by full text, without vectors.
      const second = await createTestApp({ ...LIMITS, ...sharedDatabase, ...embeddingsEnv('modelo-a', await downUrl()) });
      let recipes: string;
      try {
        recipes = await addDocument(second, ana, agentId, Buffer.from(RECIPES_TXT), 'recetas.txt');
        expect(new Set(await vectorModels(second, recipes))).toEqual(new Set([null]));
        expect((await search(second, ana, agentId, 'paella valenciana', 1))[0]).toMatchObject({ documentId: recipes });
        // The question cannot be embedded either: the search answers with full text alone.
        expect((await search(second, ana, agentId, 'ZX9147', 1))[0]).toMatchObject({ documentId: law, text: expect.stringContaining('ZX9147') });
      } finally {
        await second.close();
      }

      // Model B: at start, every passage of both documents gets a vector of model B, in the background.
      const third = await createTestApp({ ...LIMITS, ...sharedDatabase, ...embeddingsEnv('modelo-b') });
      try {
        const deadline = Date.now() + 60_000;
        const allOfB = async () => [...(await vectorModels(third, law)), ...(await vectorModels(third, recipes))].every((model) => model === 'openai-compatible:modelo-b');
        while (!(await allOfB())) {
          if (Date.now() > deadline) throw new Error('the passages were not re-embedded');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        // Nothing is left to do: once the pass of the start is over (runOnce joins it), another embeds nothing.
        const reembedder = third.app.get(VectorReembedder);
        await reembedder.runOnce();
        expect(await reembedder.runOnce()).toBe(0);
        expect((await search(third, ana, agentId, PARAPHRASE, 1))[0]).toMatchObject({ documentId: law, text: expect.stringContaining('treinta días') });
        expect((await search(third, ana, agentId, 'un arroz con pollo y conejo', 1))[0]).toMatchObject({ documentId: recipes });
      } finally {
        await third.close();
      }
    });
  });
});
