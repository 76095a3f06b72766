import request from 'supertest';
import { DataSource } from 'typeorm';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { makeImageOnlyPdf, makePdf } from './parsing/fixtures';
import { PNG } from '../support/images';

jest.setTimeout(120_000);

const LIMITS = { KNOWLEDGE_MAX_FILE_MB: '1', KNOWLEDGE_MAX_DOCUMENTS: '3', RATE_LIMIT_UPLOADS_PER_HOUR: '1000', RATE_LIMIT_AGENTS_PER_HOUR: '1000' };

const TENANCY_MD = `# Ley de arrendamientos

## La fianza

El arrendatario entrega al arrendador una fianza de una mensualidad de renta en las viviendas.

## Las obras

El arrendatario no puede hacer obras que modifiquen la configuración de la vivienda sin el consentimiento escrito del arrendador.
`;

const RECIPES_TXT = `Receta de gazpacho andaluz con tomates maduros, pepino y pimiento.

La paella valenciana lleva arroz, pollo, conejo y judías verdes.
`;

interface DocumentBody {
  id: string;
  name: string;
  mimeType: string;
  size: number;
  status: 'processing' | 'ready' | 'failed';
  pages: number;
  chunks: number;
  error: string | null;
  createdAt: string;
}

describe('an agent\'s knowledge (/agents/{agentId}/knowledge)', () => {
  let testApp: TestApp;
  let ana: SignedInUser;
  let bob: SignedInUser;
  let admin: SignedInUser;
  const http = () => request(testApp.server);

  beforeAll(async () => {
    testApp = await createTestApp({ ...LIMITS, ADMIN_EMAILS: 'jefa@example.com' });
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
    bob = await signUpAndSignIn(testApp, 'bob@example.com');
    admin = await signUpAndSignIn(testApp, 'jefa@example.com');
  });
  afterAll(() => testApp.close());

  const newAgent = async (owner: SignedInUser, isPublic = false) =>
    (
      await http()
        .post('/api/agents')
        .set(owner.authorization)
        .send({ name: 'Asesor de alquileres', category: 'legal', description: 'Responde sobre alquileres', isPublic })
        .expect(201)
    ).body.id as string;

  const upload = (user: SignedInUser, agentId: string, bytes: Buffer | Uint8Array, filename: string) =>
    http().post(`/api/agents/${agentId}/knowledge`).set(user.authorization).attach('file', Buffer.from(bytes), { filename, contentType: 'application/octet-stream' });

  const waitUntilDone = async (user: SignedInUser, agentId: string, documentId: string): Promise<DocumentBody> => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { body } = await http().get(`/api/agents/${agentId}/knowledge/${documentId}`).set(user.authorization).expect(200);
      if (body.status !== 'processing') return body as DocumentBody;
      if (Date.now() > deadline) throw new Error(`still processing: ${JSON.stringify(body)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const search = (user: SignedInUser, agentId: string, query: string, limit?: number) =>
    http().post(`/api/agents/${agentId}/knowledge/search`).set(user.authorization).send({ query, limit });

  it('takes a Markdown file, answers 201 processing at once, and it becomes ready with its passages', async () => {
    const agentId = await newAgent(ana);
    const { body } = await upload(ana, agentId, Buffer.from(TENANCY_MD), 'Ley de arrendamientos – 2024.md').expect(201);
    expect(body).toEqual({
      id: expect.any(String),
      name: 'Ley de arrendamientos – 2024.md',
      mimeType: 'text/markdown',
      size: Buffer.byteLength(TENANCY_MD),
      status: 'processing',
      pages: 0,
      pagesDone: 0,
      chunks: 0,
      error: null,
      createdAt: expect.any(String),
    });
    const done = await waitUntilDone(ana, agentId, body.id);
    expect(done).toMatchObject({ status: 'ready', pages: 1, error: null });
    expect(done.chunks).toBeGreaterThan(0);

    const list = await http().get(`/api/agents/${agentId}/knowledge`).set(ana.authorization).expect(200);
    expect(list.body.items.map((item: DocumentBody) => [item.name, item.status])).toEqual([['Ley de arrendamientos – 2024.md', 'ready']]);
  });

  it('searches the agent\'s passages by full text (accents and capitals aside) and names their document', async () => {
    const agentId = await newAgent(ana);
    const law = (await upload(ana, agentId, Buffer.from(TENANCY_MD), 'ley.md').expect(201)).body as DocumentBody;
    const recipes = (await upload(ana, agentId, Buffer.from(RECIPES_TXT), 'recetas.txt').expect(201)).body as DocumentBody;
    await waitUntilDone(ana, agentId, law.id);
    expect((await waitUntilDone(ana, agentId, recipes.id)).mimeType).toBe('text/plain');

    const { body } = await search(ana, agentId, '¿Cuánta FIANZA pide el arrendador?').expect(200);
    expect(body.items[0]).toEqual({ documentId: law.id, documentName: 'ley.md', page: null, text: expect.stringContaining('fianza de una mensualidad'), score: expect.any(Number) });
    expect(body.items.every((item: { documentId: string }) => item.documentId === law.id)).toBe(true);

    const paella = await search(ana, agentId, 'judias de la paella', 1).expect(200);
    expect(paella.body.items).toHaveLength(1);
    expect(paella.body.items[0]).toMatchObject({ documentId: recipes.id, documentName: 'recetas.txt', text: expect.stringContaining('paella valenciana') });

    // Only this agent's passages: another agent's search finds nothing of them.
    const otherAgent = await newAgent(ana);
    expect((await search(ana, otherAgent, 'fianza arrendador').expect(200)).body.items).toEqual([]);
    // Words only the engines' syntax would read as orders are plain words.
    expect((await search(ana, agentId, 'fianza OR "NEAR(* ^:').expect(200)).body.items[0].documentId).toBe(law.id);
  });

  it('finds the passage on page 37 of a 60-page PDF among the first three, with its page', async () => {
    const agentId = await newAgent(ana);
    const pdf = await makePdf(60, (page) =>
      page === 37
        ? 'Página 37. El plazo de preaviso para desistir del contrato de arrendamiento es de treinta días.'
        : `Página ${page}. Disposiciones generales del contrato de arrendamiento de vivienda, apartado ${page}, sobre la renta y su actualización anual.`,
    );
    const { body } = await upload(ana, agentId, pdf, 'ley-60.pdf').expect(201);
    const done = await waitUntilDone(ana, agentId, body.id);
    expect(done).toMatchObject({ status: 'ready', mimeType: 'application/pdf', pages: 60 });

    const { body: result } = await search(ana, agentId, '¿Cuál es el plazo de preaviso para desistir del contrato?', 3).expect(200);
    expect(result.items.map((item: { page: number }) => item.page)).toContain(37);
    expect(result.items[0]).toMatchObject({ documentName: 'ley-60.pdf', page: 37 });
  });

  it('fails a PDF without a text layer with its Spanish reason, and the agent\'s other documents are untouched', async () => {
    const agentId = await newAgent(ana);
    const good = (await upload(ana, agentId, Buffer.from(TENANCY_MD), 'ley.md').expect(201)).body as DocumentBody;
    const scanned = (await upload(ana, agentId, await makeImageOnlyPdf(2), 'escaneado.pdf').expect(201)).body as DocumentBody;
    expect(await waitUntilDone(ana, agentId, scanned.id)).toMatchObject({ status: 'failed', error: 'El PDF no contiene texto seleccionable', chunks: 0 });
    expect(await waitUntilDone(ana, agentId, good.id)).toMatchObject({ status: 'ready' });
  });

  it('deletes a document: 204, it leaves the list, and its passages leave the search at once', async () => {
    const agentId = await newAgent(ana);
    const law = (await upload(ana, agentId, Buffer.from(TENANCY_MD), 'ley.md').expect(201)).body as DocumentBody;
    await waitUntilDone(ana, agentId, law.id);
    expect((await search(ana, agentId, 'fianza').expect(200)).body.items).toHaveLength(1);

    await http().delete(`/api/agents/${agentId}/knowledge/${law.id}`).set(ana.authorization).expect(204);
    expect((await search(ana, agentId, 'fianza').expect(200)).body.items).toEqual([]);
    expect((await http().get(`/api/agents/${agentId}/knowledge`).set(ana.authorization).expect(200)).body.items).toEqual([]);
    const gone = await http().get(`/api/agents/${agentId}/knowledge/${law.id}`).set(ana.authorization).expect(404);
    expect(gone.body.message).toBe('Documento no encontrado');
  });

  it('deleting the agent deletes its documents and their passages, out of the full-text index too', async () => {
    const agentId = await newAgent(ana);
    const law = (await upload(ana, agentId, Buffer.from(`${TENANCY_MD}\nEl ornitorrinco no paga fianza.\n`), 'ley-borrada.md').expect(201)).body as DocumentBody;
    await waitUntilDone(ana, agentId, law.id);
    expect((await search(ana, agentId, 'ornitorrinco').expect(200)).body.items).toHaveLength(1);
    await http().delete(`/api/agents/${agentId}`).set(ana.authorization).expect(200);

    const dataSource = testApp.app.get(DataSource);
    const postgres = dataSource.driver.options.type === 'postgres';
    const schema = (dataSource.driver.options as { schema?: string }).schema;
    const table = (name: string) => (postgres ? `"${schema}"."${name}"` : `"${name}"`);
    const count = async (sql: string, parameters: unknown[]) => Number((await dataSource.query(sql, parameters))[0].count);
    expect(await count(`SELECT COUNT(*) AS count FROM ${table('knowledge_documents')} WHERE id = ${postgres ? '$1' : '?'}`, [law.id])).toBe(0);
    expect(await count(`SELECT COUNT(*) AS count FROM ${table('knowledge_passages')} WHERE document_id = ${postgres ? '$1' : '?'}`, [law.id])).toBe(0);
    // On SQLite the external-content index must have let go of them as well: a MATCH finds nothing stale.
    if (!postgres) expect(await count(`SELECT COUNT(*) AS count FROM knowledge_passages_fts WHERE knowledge_passages_fts MATCH ?`, ['"ornitorrinco"'])).toBe(0);
  });

  it('refuses what is not a document, an empty one, none at all and a bad search, in Spanish', async () => {
    const agentId = await newAgent(ana);
    const png = await upload(ana, agentId, PNG, 'notas.txt').expect(415);
    expect(png.body.message).toBe('El documento debe ser un PDF, DOCX, TXT, Markdown, HTML o CSV.');
    expect((await upload(ana, agentId, Buffer.alloc(0), 'vacio.txt').expect(400)).body.message).toMatch(/vac[ií]o|Adjunta/);
    const none = await http().post(`/api/agents/${agentId}/knowledge`).set(ana.authorization).send({}).expect(400);
    expect(none.body.message).toMatch(/^Adjunta un documento/);
    const badFile = await http().post(`/api/agents/${agentId}/knowledge`).set(ana.authorization).send({ fileId: 'no-es-un-id' }).expect(400);
    expect(JSON.stringify(badFile.body.message)).toContain('fileId debe ser un identificador de archivo válido');
    const missingFile = await http().post(`/api/agents/${agentId}/knowledge`).set(ana.authorization).send({ fileId: '00000000-0000-4000-8000-000000000000' }).expect(404);
    expect(missingFile.body.message).toBe('Archivo no encontrado.');
    expect(JSON.stringify((await search(ana, agentId, '').expect(400)).body.message)).toContain('Escribe qué quieres buscar');
    expect(JSON.stringify((await search(ana, agentId, 'fianza', 500).expect(400)).body.message)).toContain('limit debe ser un número entero entre 1 y 50');
    expect((await http().get(`/api/agents/${agentId}/knowledge/no-es-un-id`).set(ana.authorization).expect(404)).body.message).toBe('Documento no encontrado');
  });

  it('holds to KNOWLEDGE_MAX_FILE_MB and KNOWLEDGE_MAX_DOCUMENTS, in Spanish', async () => {
    const agentId = await newAgent(ana);
    const big = Buffer.from('palabra '.repeat(Math.ceil((1024 * 1024 + 10) / 8)));
    const tooLarge = await upload(ana, agentId, big, 'grande.txt').expect(413);
    expect(tooLarge.body.message).toBe('El documento no puede superar los 1 MB.');

    for (const name of ['uno.txt', 'dos.txt', 'tres.txt']) await upload(ana, agentId, Buffer.from(`Documento ${name}`), name).expect(201);
    const fourth = await upload(ana, agentId, Buffer.from('Documento cuatro'), 'cuatro.txt').expect(409);
    expect(fourth.body.message).toBe('Un agente puede tener como mucho 3 documentos. Borra alguno para añadir otro.');
    expect((await http().get(`/api/agents/${agentId}/knowledge`).set(ana.authorization).expect(200)).body.items).toHaveLength(3);
  });

  it('lets in no more than KNOWLEDGE_MAX_DOCUMENTS of uploads sent at the same time', async () => {
    const agentId = await newAgent(ana);
    const statuses = await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map(async (name) => (await upload(ana, agentId, Buffer.from(`Documento ${name}`), `${name}.txt`)).status));
    expect(statuses.sort()).toEqual([201, 201, 201, 409, 409, 409]);
    expect((await http().get(`/api/agents/${agentId}/knowledge`).set(ana.authorization).expect(200)).body.items).toHaveLength(3);
  });

  it('serves the limits in force to the renderer (GET /api/config)', async () => {
    const { limits } = (await http().get('/api/config').expect(200)).body;
    expect(limits.knowledge).toEqual({
      fileBytes: { min: 1, max: 1024 * 1024 },
      documents: { min: 0, max: 3 },
      searchQuery: { min: 1, max: 1000 },
      searchLimit: { min: 1, max: 50 },
    });
  });

  it('takes { fileId } of the caller\'s own upload, read by its content; another user\'s file is not found', async () => {
    const agentId = await newAgent(ana);
    const { body: uploaded } = await http().post('/api/files').set(ana.authorization).attach('file', PNG, { filename: 'a.png', contentType: 'image/png' }).expect(201);
    // /api/files keeps images only, which are no document.
    const image = await http().post(`/api/agents/${agentId}/knowledge`).set(ana.authorization).send({ fileId: uploaded.fileId }).expect(415);
    expect(image.body.message).toBe('El documento debe ser un PDF, DOCX, TXT, Markdown, HTML o CSV.');
    const { body: bobs } = await http().post('/api/files').set(bob.authorization).attach('file', PNG, { filename: 'b.png', contentType: 'image/png' }).expect(201);
    const foreign = await http().post(`/api/agents/${agentId}/knowledge`).set(ana.authorization).send({ fileId: bobs.fileId }).expect(404);
    expect(foreign.body.message).toBe('Archivo no encontrado.');
  });

  describe('who may', () => {
    let privateAgent: string;
    let publicAgent: string;
    let documents: Record<string, string>;

    beforeAll(async () => {
      privateAgent = await newAgent(ana);
      publicAgent = await newAgent(ana, true);
      documents = {};
      for (const agentId of [privateAgent, publicAgent]) {
        const { body } = await upload(ana, agentId, Buffer.from(TENANCY_MD), 'secreto-ñandú.md').expect(201);
        documents[agentId] = body.id;
        await waitUntilDone(ana, agentId, body.id);
      }
    });

    /** Every route, as a request on the agent's (and its document's) behalf. */
    const routes = (agentId: string) => {
      const base = `/api/agents/${agentId}/knowledge`;
      return [
        ['POST multipart', (user?: SignedInUser) => withUser(http().post(base), user).attach('file', Buffer.from('Texto de otro'), 'otro.txt')],
        ['GET list', (user?: SignedInUser) => withUser(http().get(base), user)],
        ['GET one', (user?: SignedInUser) => withUser(http().get(`${base}/${documents[agentId]}`), user)],
        ['POST search', (user?: SignedInUser) => withUser(http().post(`${base}/search`), user).send({ query: 'fianza' })],
        ['DELETE', (user?: SignedInUser) => withUser(http().delete(`${base}/${documents[agentId]}`), user)],
      ] as const;
    };
    const withUser = (call: request.Test, user?: SignedInUser) => (user ? call.set(user.authorization) : call);

    it('another user gets 404 on every route of a private agent, and 403 on every route of a public one; nothing of the documents shows', async () => {
      for (const [agentId, status] of [
        [privateAgent, 404],
        [publicAgent, 403],
      ] as const) {
        for (const [name, call] of routes(agentId)) {
          const response = await call(bob);
          expect([name, response.status]).toEqual([name, status]);
          expect(JSON.stringify(response.body)).not.toContain('ñandú');
          expect(JSON.stringify(response.body)).not.toContain('fianza de una');
        }
      }
      // Nothing was added or removed by them.
      const list = await http().get(`/api/agents/${privateAgent}/knowledge`).set(ana.authorization).expect(200);
      expect(list.body.items.map((item: DocumentBody) => item.id)).toEqual([documents[privateAgent]]);
    });

    it('a visitor gets 401 on every route', async () => {
      for (const [name, call] of routes(privateAgent)) expect([name, (await call()).status]).toEqual([name, 401]);
    });

    it('an admin may do everything on another user\'s agent', async () => {
      const [add, list, one, find, remove] = routes(privateAgent);
      expect((await add[1](admin)).status).toBe(201);
      expect((await list[1](admin)).body.items).toHaveLength(2);
      expect((await one[1](admin)).body).toMatchObject({ id: documents[privateAgent], name: 'secreto-ñandú.md' });
      expect((await find[1](admin)).body.items[0]).toMatchObject({ documentId: documents[privateAgent] });
      expect((await remove[1](admin)).status).toBe(204);
      expect((await list[1](ana)).body.items.map((item: DocumentBody) => item.name)).toEqual(['otro.txt']);
    });

    it('a document is reached only through its own agent', async () => {
      const otherAgent = await newAgent(ana);
      await http().get(`/api/agents/${otherAgent}/knowledge/${documents[publicAgent]}`).set(ana.authorization).expect(404);
      await http().delete(`/api/agents/${otherAgent}/knowledge/${documents[publicAgent]}`).set(ana.authorization).expect(404);
    });
  });
});
