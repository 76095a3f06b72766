import { getRepositoryToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { Repository } from 'typeorm';
import { Agent } from '../../src/modules/agents/entities/agent.entity';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 18: the marketplace's search with the database's full-text engine (FTS5 on SQLite, the
 * 'spanish' configuration with unaccent on PostgreSQL), its capped totals and the bounded list.
 * Runs on both databases (TEST_DATABASE_URL).
 */
const AGENTS: Array<Partial<Agent>> = [
  { id: 's-fiscal', name: 'Asesor Fiscal', category: 'finance', description: 'Declaraciones de la renta y sociedades', popularity: 10 },
  { id: 's-tecno', name: 'Consultor de Tecnología', category: 'tech', description: 'Arquitectura de sistemas en la nube', popularity: 20 },
  { id: 's-tecno-desc', name: 'Analista de Procesos', category: 'operations', description: 'Mejora procesos con tecnologia y datos', popularity: 90 },
  { id: 's-camion', name: 'Planificador de Camión', category: 'operations', description: 'Rutas de reparto para pymes', popularity: 5 },
  { id: 's-contratos', name: 'Revisor de Contratos', category: 'legal', description: 'Cláusulas abusivas', price: 50, popularity: 30 },
  { id: 's-contratos-desc', name: 'Gestor Laboral', category: 'hr', description: 'Nóminas, despidos y contratos de trabajo', price: 10, popularity: 80 },
];

/** How many filler agents the capped-total tests add: more than the count's cap of 1,000. */
const FILLER = 1_050;

describe('agent search (full-text, both databases)', () => {
  let testApp: TestApp;
  let ana: SignedInUser;
  let agents: Repository<Agent>;
  const http = () => request(testApp.server);
  const ids = (body: { items: Array<{ id: string }> }) => body.items.map((item) => item.id);
  const search = async (text: string, query: object = {}) =>
    ids((await http().get('/api/marketplace/agents').query({ search: text, ...query }).expect(200)).body);

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_AGENTS_PER_HOUR: '1000' });
    ana = await signUpAndSignIn(testApp, 'ana-busca@example.com');
    agents = testApp.app.get<Repository<Agent>>(getRepositoryToken(Agent));
    await agents.delete({ createdBy: 'system' });
    await agents.insert(
      AGENTS.map((agent) =>
        agents.create({ skills: [], capabilities: [], useCases: [], avatar: null, modelId: null, createdBy: 'ana', ownerSub: 'sub-ana', isPublic: true, price: 0, rating: 0, ...agent }),
      ),
    );
  });

  afterAll(() => testApp.close());

  describe('matching', () => {
    it("finds a word by its beginning while it is typed: 'fisc' finds 'Asesor Fiscal'", async () => {
      expect(await search('fisc')).toEqual(['s-fiscal']);
      expect(await search('asesor fisc')).toEqual(['s-fiscal']);
      expect(await search('ASESOR')).toEqual(['s-fiscal']);
    });

    it("ignores accents both ways: 'tecnologia' finds 'Tecnología' and 'camión' finds 'Camión'", async () => {
      expect((await search('tecnologia')).sort()).toEqual(['s-tecno', 's-tecno-desc']);
      expect((await search('TECNOLOGÍA')).sort()).toEqual(['s-tecno', 's-tecno-desc']);
      expect(await search('camion')).toEqual(['s-camion']);
      expect(await search('clausulas')).toEqual(['s-contratos']);
      expect(await search('nominas')).toEqual(['s-contratos-desc']);
    });

    it('needs every word, and finds nothing for a word no agent has', async () => {
      expect(await search('tecnologia nube')).toEqual(['s-tecno']);
      expect(await search('zzzinexistente')).toEqual([]);
      expect(await search('fiscal nube')).toEqual([]);
    });

    it('ranks a match in the name above one in the description, whatever their popularity', async () => {
      // 's-tecno-desc' (popularity 90) mentions it in its description only; 's-tecno' (20) in its name.
      expect(await search('tecnologia')).toEqual(['s-tecno', 's-tecno-desc']);
      expect(await search('contratos')).toEqual(['s-contratos', 's-contratos-desc']);
    });

    it('keeps the chosen sort when it is not the default one', async () => {
      expect(await search('contratos', { sortBy: 'price-low' })).toEqual(['s-contratos-desc', 's-contratos']);
      expect(await search('contratos', { sortBy: 'price-high' })).toEqual(['s-contratos', 's-contratos-desc']);
    });

    it('searches the same way in GET /agents', async () => {
      const { body } = await http().get('/api/agents').query({ search: 'tecnolog', public: 'true' }).expect(200);
      expect(body.map((agent: { id: string }) => agent.id)).toEqual(['s-tecno', 's-tecno-desc']);
    });
  });

  describe('hostile search text', () => {
    const HOSTILE = [
      '"',
      '""',
      "'",
      "''; DROP TABLE agents; --",
      'fiscal"',
      '"fiscal',
      'fisc*',
      '*',
      '^fiscal',
      'name:fiscal',
      'description : fiscal',
      'fiscal AND',
      'AND OR NOT',
      'NEAR(fiscal asesor)',
      'fiscal OR (',
      '(((',
      ')',
      'fiscal & !',
      '!!!',
      '<->',
      'fiscal:*',
      ':*',
      '\\',
      '\\"',
      '%_%',
      '-fiscal',
      '+fiscal',
      '{fiscal}',
      '[fiscal]',
      '¿¡?!',
      '🙂',
      'ǅ ß æ ﬁ',
      'a'.repeat(200),
      Array.from({ length: 60 }, (_, index) => `w${index}`).join(' ').slice(0, 200),
      'Ⅻ ½ ²',
    ];

    it.each(HOSTILE)('answers %j with 200, on the marketplace and on GET /agents', async (text) => {
      await http().get('/api/marketplace/agents').query({ search: text }).expect(200);
      await http().get('/api/agents').query({ search: text }).expect(200);
      await http().get('/api/agents').query({ search: text, page: 1 }).expect(200);
    });

    it('still finds the words among the operators', async () => {
      expect(await search('"fiscal')).toEqual(['s-fiscal']);
      expect(await search('asesor* (^fiscal)')).toEqual(['s-fiscal']);
      // Operators are words like any other: no agent has 'near' or 'name'.
      expect(await search('NEAR(fiscal asesor)')).toEqual([]);
      expect(await search('name:fiscal')).toEqual([]);
      expect(await search('fiscal:*')).toEqual(['s-fiscal']);
    });

    it('refuses a search longer than 200 characters with 400', async () => {
      const { body } = await http().get('/api/marketplace/agents').query({ search: 'a'.repeat(201) }).expect(400);
      expect(body.message).toContain('search no puede superar los 200 caracteres');
    });
  });

  describe('changes', () => {
    it('finds an agent by its new name once it is renamed, and no longer once it is deleted', async () => {
      const { body: created } = await http()
        .post('/api/agents')
        .set(ana.authorization)
        .send({ name: 'Traductor Jurídico', category: 'legal', description: 'Traduce sentencias', isPublic: true })
        .expect(201);
      expect(await search('juridico')).toEqual([created.id]);

      await http()
        .post('/api/agents')
        .set(ana.authorization)
        .send({ id: created.id, name: 'Intérprete Notarial', category: 'legal', description: 'Interpreta escrituras', isPublic: true })
        .expect(200);
      expect(await search('juridico')).toEqual([]);
      expect(await search('sentencias')).toEqual([]);
      expect(await search('notarial')).toEqual([created.id]);
      expect(await search('escrituras')).toEqual([created.id]);

      await http().delete(`/api/agents/${created.id}`).set(ana.authorization).expect(200);
      expect(await search('notarial')).toEqual([]);
    });
  });

  describe('more agents than the count goes to', () => {
    beforeAll(async () => {
      const rows = Array.from({ length: FILLER }, (_, index) =>
        agents.create({
          id: `s-relleno-${String(index).padStart(4, '0')}`,
          name: `Relleno ${index}`,
          category: 'general',
          description: 'Agente de relleno para contar',
          skills: [],
          capabilities: [],
          useCases: [],
          avatar: null,
          modelId: null,
          createdBy: 'ana',
          ownerSub: 'sub-ana',
          isPublic: true,
          price: 1,
          rating: 0,
          popularity: 1,
        }),
      );
      for (let start = 0; start < rows.length; start += 100) await agents.insert(rows.slice(start, start + 100));
    });

    it("counts up to 1,000 and says the total is not exact beyond that ('más de 1.000')", async () => {
      const all = await http().get('/api/marketplace/agents').expect(200);
      expect(all.body).toMatchObject({ total: 1000, totalIsExact: false, page: 1, limit: 24 });
      const searched = await http().get('/api/marketplace/agents').query({ search: 'relleno' }).expect(200);
      expect(searched.body).toMatchObject({ total: 1000, totalIsExact: false });
      expect(searched.body.items).toHaveLength(24);
      const narrow = await http().get('/api/marketplace/agents').query({ search: 'relleno 104' }).expect(200);
      // 'Relleno 104' and, as a prefix, 'Relleno 1040'…'1049'.
      expect(narrow.body).toMatchObject({ total: 11, totalIsExact: true });
    });

    it('still serves the pages past the count', async () => {
      const { body } = await http().get('/api/marketplace/agents').query({ search: 'relleno', page: 44, limit: 24 }).expect(200);
      // 1,050 matches: page 44 holds the last 18.
      expect(body.items).toHaveLength(18);
      expect(body).toMatchObject({ total: 1000, totalIsExact: false, page: 44 });
    });

    it('answers GET /agents?public=true without paging with at most 100 agents and the total in headers', async () => {
      const response = await http().get('/api/agents').query({ public: 'true' }).expect(200);
      expect(response.body).toHaveLength(100);
      expect(response.headers['x-total-count']).toBe('1000');
      expect(response.headers['x-total-count-exact']).toBe('false');
      // The first page of the popularity order: the named agents (popularity 5–90) before the filler (1).
      expect(response.body.slice(0, 6).map((agent: { id: string }) => agent.id)).toEqual([
        's-tecno-desc',
        's-contratos-desc',
        's-contratos',
        's-tecno',
        's-fiscal',
        's-camion',
      ]);
      const small = await http().get('/api/agents').query({ public: 'true', category: 'finance' }).expect(200);
      expect(small.body.map((agent: { id: string }) => agent.id)).toEqual(['s-fiscal']);
      expect(small.headers['x-total-count']).toBe('1');
      expect(small.headers['x-total-count-exact']).toBe('true');
      const byCategory = await http().get('/api/agents/category/general').expect(200);
      expect(byCategory.body).toHaveLength(100);
      expect(byCategory.headers['x-total-count']).toBe('1000');
    });

    it('documents the bound and the headers in the OpenAPI document', async () => {
      const { body } = await http().get('/api/docs-json').expect(200);
      const listing = body.paths['/api/agents'].get;
      expect(listing.description).toContain('como mucho 100 agentes');
      expect(Object.keys(listing.responses['200'].headers)).toEqual(['X-Total-Count', 'X-Total-Count-Exact']);
      expect(body.components.schemas.AgentPageDto.required).toContain('totalIsExact');
    });
  });
});
