import { getRepositoryToken } from '@nestjs/typeorm';
import request from 'supertest';
import { DataSource, type Repository } from 'typeorm';
import { Agent } from '../../src/modules/agents/entities/agent.entity';
import { Ecosystem } from '../../src/modules/ecosystems/entities/ecosystem.entity';
import { ratingStats } from '../../src/modules/reviews/rating-formula';
import { createTestApp, type TestApp } from '../support/test-app';

/** Ten reviews of `rating` on average: the stored count and the weighted score the rating sort reads (issue 34). */
const reviewed = (rating: number) => ({ rating, ratingCount: 10, ratingScore: ratingStats(10, rating * 10).ratingScore });

/** Rows written straight to the database, so that every filter and sort is checked on known data. */
const AGENTS: Array<Partial<Agent>> = [
  { id: 'a-contratos', name: 'Revisor de Contratos', category: 'legal', description: 'Revisa CLÁUSULAS y contratos', price: 50, ...reviewed(4.5), popularity: 30 },
  { id: 'a-impuestos', name: 'Gestor de Impuestos', category: 'finance', description: 'Declaraciones y planificación fiscal', price: 120, ...reviewed(3.9), popularity: 80 },
  { id: 'a-descuentos', name: 'Cupones 100% gratis', category: 'marketing', description: 'Promociones con descuento', price: 0, ...reviewed(4.9), popularity: 5 },
  { id: 'a-guion', name: 'Redactor_SEO', category: 'marketing', description: 'Textos para buscadores', price: 999.99, ...reviewed(2), popularity: 55 },
  { id: 'a-caro', name: 'Consultor Premium', category: 'finance', description: 'Estrategia corporativa', price: 1500, ...reviewed(5), popularity: 100 },
  { id: 'a-privado', name: 'Contratos privados', category: 'legal', description: 'No debe aparecer', price: 10, ...reviewed(5), popularity: 1000, isPublic: false },
];

const ECOSYSTEMS: Array<Partial<Ecosystem>> = [
  { id: 'e-legal', name: 'Despacho completo', description: 'Equipo legal', category: 'legal', price: 300, popularity: 10 },
  { id: 'e-growth', name: 'Crecimiento', description: 'Marketing y ventas', category: 'marketing', price: 80, popularity: 40 },
  { id: 'e-oculto', name: 'Oculto', description: 'Privado', category: 'legal', price: 5, popularity: 99, isPublic: false },
];

describe('marketplace search (in the database)', () => {
  let testApp: TestApp;
  const http = () => request(testApp.server);
  const ids = (body: { items: Array<{ id: string }> }) => body.items.map((item) => item.id);

  beforeAll(async () => {
    testApp = await createTestApp();
    const agents = testApp.app.get<Repository<Agent>>(getRepositoryToken(Agent));
    // The migration's sample agents are public with popularity 0; they stay out of these assertions.
    await agents.delete({ createdBy: 'system' });
    await agents.insert(
      AGENTS.map((agent) =>
        agents.create({
          skills: [],
          capabilities: [],
          useCases: [],
          avatar: null,
          modelId: null,
          createdBy: 'ana',
          ownerSub: 'sub-ana',
          isPublic: true,
          ...agent,
        }),
      ),
    );
    const ecosystems = testApp.app.get<Repository<Ecosystem>>(getRepositoryToken(Ecosystem));
    await ecosystems.insert(
      ECOSYSTEMS.map((ecosystem) =>
        ecosystems.create({
          agentIds: [],
          tags: [],
          avatar: null,
          discount: 0,
          createdBy: 'admin',
          ownerSub: 'sub-ana',
          featured: false,
          isPublic: true,
          ...ecosystem,
        }),
      ),
    );
  });

  afterAll(() => testApp.close());

  it("has the indexes for the marketplace's filters and sorts", async () => {
    const queryRunner = testApp.app.get(DataSource).createQueryRunner();
    try {
      const indexes = async (table: string) => (await queryRunner.getTable(table))?.indices.map((index) => index.name);
      expect(await indexes('agents')).toEqual(
        expect.arrayContaining([
          'IDX_agents_public_popularity',
          'IDX_agents_public_rating',
          'IDX_agents_public_price',
          'IDX_agents_category',
        ]),
      );
      expect(await indexes('ecosystems')).toEqual(
        expect.arrayContaining(['IDX_ecosystems_public_popularity', 'IDX_ecosystems_public_price', 'IDX_ecosystems_category']),
      );
    } finally {
      await queryRunner.release();
    }
  });

  describe('GET /marketplace/agents', () => {
    it('lists public agents by popularity within 0–1000 by default, with paging data', async () => {
      const { body } = await http().get('/api/marketplace/agents').expect(200);
      expect(body).toEqual({ items: expect.any(Array), total: 4, totalIsExact: true, page: 1, limit: 24 });
      expect(ids(body)).toEqual(['a-impuestos', 'a-guion', 'a-contratos', 'a-descuentos']);
      expect(body.items[0]).toEqual({
        id: 'a-impuestos',
        name: 'Gestor de Impuestos',
        category: 'finance',
        description: 'Declaraciones y planificación fiscal',
        avatar: null,
        skills: [],
        capabilities: [],
        useCases: [],
        price: 120,
        priceId: null,
        rating: 3.9,
        ratingCount: 10,
        popularity: 80,
        modelConfig: { modelId: null },
        conversationStarters: [],
        temperature: null,
        maxAnswerTokens: null,
        createdBy: 'ana',
        creatorId: 'sub-ana',
        ecosystemInclusionAllowed: false,
        ecosystemMinimumPrice: 0,
        isPublic: true,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
    });

    it.each([
      ['rating', ['a-descuentos', 'a-contratos', 'a-impuestos', 'a-guion']],
      ['price-low', ['a-descuentos', 'a-contratos', 'a-impuestos', 'a-guion']],
      ['price-high', ['a-guion', 'a-impuestos', 'a-contratos', 'a-descuentos']],
      ['popularity', ['a-impuestos', 'a-guion', 'a-contratos', 'a-descuentos']],
      ['lo-que-sea', ['a-impuestos', 'a-guion', 'a-contratos', 'a-descuentos']],
    ])('sorts by %s (an unknown sort is popularity)', async (sortBy, expected) => {
      const { body } = await http().get('/api/marketplace/agents').query({ sortBy }).expect(200);
      expect(ids(body)).toEqual(expected);
    });

    it("filters by category; 'all' means every category", async () => {
      const legal = await http().get('/api/marketplace/agents').query({ category: 'legal' }).expect(200);
      expect(ids(legal.body)).toEqual(['a-contratos']);
      const all = await http().get('/api/marketplace/agents').query({ category: 'all' }).expect(200);
      expect(all.body.total).toBe(4);
    });

    it('searches the trimmed text in name and description, ignoring case', async () => {
      const byName = await http().get('/api/marketplace/agents').query({ search: '  CONTRATOS ' }).expect(200);
      expect(ids(byName.body)).toEqual(['a-contratos']);
      const byDescription = await http().get('/api/marketplace/agents').query({ search: 'fiscal' }).expect(200);
      expect(ids(byDescription.body)).toEqual(['a-impuestos']);
    });

    it('searches words: % and _ separate them, and a search of punctuation alone is matched literally', async () => {
      const percent = await http().get('/api/marketplace/agents').query({ search: '100%' }).expect(200);
      expect(ids(percent.body)).toEqual(['a-descuentos']);
      // 'revisor' and a word starting with 'c' ('Contratos', 'CLÁUSULAS'), not the text 'de_c'.
      const underscore = await http().get('/api/marketplace/agents').query({ search: 'revisor_c' }).expect(200);
      expect(ids(underscore.body)).toEqual(['a-contratos']);
      const literal = await http().get('/api/marketplace/agents').query({ search: 'redactor_seo' }).expect(200);
      expect(ids(literal.body)).toEqual(['a-guion']);
      const wildcardOnly = await http().get('/api/marketplace/agents').query({ search: '%' }).expect(200);
      expect(ids(wildcardOnly.body)).toEqual(['a-descuentos']);
    });

    it('filters by price range, bounds included', async () => {
      const { body } = await http().get('/api/marketplace/agents').query({ minPrice: 50, maxPrice: 120 }).expect(200);
      expect(ids(body)).toEqual(['a-impuestos', 'a-contratos']);
      const above = await http().get('/api/marketplace/agents').query({ minPrice: 1000, maxPrice: 2000 }).expect(200);
      expect(ids(above.body)).toEqual(['a-caro']);
    });

    it('pages through the results without overlap', async () => {
      const first = await http().get('/api/marketplace/agents').query({ limit: 3, page: 1 }).expect(200);
      const second = await http().get('/api/marketplace/agents').query({ limit: 3, page: 2 }).expect(200);
      expect(first.body).toMatchObject({ total: 4, page: 1, limit: 3 });
      expect(ids(first.body)).toEqual(['a-impuestos', 'a-guion', 'a-contratos']);
      expect(ids(second.body)).toEqual(['a-descuentos']);
    });

    it.each([
      [{ minPrice: -1 }, 'minPrice debe ser mayor o igual que 0'],
      [{ minPrice: 'gratis' }, 'minPrice debe ser un número'],
      [{ minPrice: 10, maxPrice: 5 }, 'maxPrice debe ser mayor o igual que minPrice'],
      [{ limit: 500 }, 'limit debe estar entre 1 y 100'],
      [{ page: 0 }, 'page debe ser mayor o igual que 1'],
      [{ orden: 'x' }, 'orden'],
    ])('answers %j with 400 and a clear message', async (query, message) => {
      const { body } = await http().get('/api/marketplace/agents').query(query).expect(400);
      expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(body.message).toContain(message);
    });
  });

  describe('GET /marketplace/ecosystems', () => {
    it('lists public ecosystems by popularity with paging data', async () => {
      const { body } = await http().get('/api/marketplace/ecosystems').expect(200);
      expect(body).toMatchObject({ total: 2, page: 1, limit: 24 });
      expect(ids(body)).toEqual(['e-growth', 'e-legal']);
      expect(body.items[1]).toEqual({
        id: 'e-legal',
        name: 'Despacho completo',
        description: 'Equipo legal',
        category: 'legal',
        agentIds: [],
        avatar: null,
        price: 300,
        discount: 0,
        monthlyPrice: 300,
        priceId: null,
        createdBy: 'admin',
        creatorId: 'sub-ana',
        isPublic: true,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        tags: [],
        featured: false,
        popularity: 10,
        rating: 0,
        ratingCount: 0,
      });
    });

    it('has no rating sort: it falls back to popularity', async () => {
      const { body } = await http().get('/api/marketplace/ecosystems').query({ sortBy: 'rating' }).expect(200);
      expect(ids(body)).toEqual(['e-growth', 'e-legal']);
    });

    it('sorts by price and filters by category, search and price', async () => {
      const low = await http().get('/api/marketplace/ecosystems').query({ sortBy: 'price-low' }).expect(200);
      expect(ids(low.body)).toEqual(['e-growth', 'e-legal']);
      const legal = await http().get('/api/marketplace/ecosystems').query({ category: 'legal' }).expect(200);
      expect(ids(legal.body)).toEqual(['e-legal']);
      const search = await http().get('/api/marketplace/ecosystems').query({ search: 'VENTAS' }).expect(200);
      expect(ids(search.body)).toEqual(['e-growth']);
      const cheap = await http().get('/api/marketplace/ecosystems').query({ maxPrice: 100 }).expect(200);
      expect(ids(cheap.body)).toEqual(['e-growth']);
    });

    it('refuses a negative minimum price', async () => {
      const { body } = await http().get('/api/marketplace/ecosystems').query({ minPrice: -5 }).expect(400);
      expect(body.message).toBe('minPrice debe ser mayor o igual que 0');
    });
  });

  describe('GET /agents for a visitor', () => {
    it('is a plain array of the public agents, every price included', async () => {
      const { body } = await http().get('/api/agents').expect(200);
      expect(Array.isArray(body)).toBe(true);
      expect(body.map((agent: { id: string }) => agent.id)).toEqual(['a-caro', 'a-impuestos', 'a-guion', 'a-contratos', 'a-descuentos']);
    });

    it('pages when page or limit is given', async () => {
      const { body } = await http().get('/api/agents').query({ limit: 2 }).expect(200);
      expect(body).toMatchObject({ total: 5, page: 1, limit: 2 });
      expect(ids(body)).toEqual(['a-caro', 'a-impuestos']);
    });

    it('filters by creator, category paths and public=true', async () => {
      const byCreator = await http().get('/api/agents').query({ creator: 'ANA' }).expect(200);
      expect(byCreator.body).toHaveLength(5);
      const byCategory = await http().get('/api/agents/category/finance').expect(200);
      expect(byCategory.body.map((agent: { id: string }) => agent.id)).toEqual(['a-caro', 'a-impuestos']);
      const alias = await http().get('/api/agents/agents-category/legal').expect(200);
      expect(alias.body.map((agent: { id: string }) => agent.id)).toEqual(['a-contratos']);
      const onlyPublic = await http().get('/api/agents?public=true').expect(200);
      expect(onlyPublic.body).toHaveLength(5);
    });

    it('never shows a private agent, not even by id', async () => {
      const { body } = await http().get('/api/agents/a-privado').expect(404);
      expect(body).toEqual({ statusCode: 404, message: 'Agente no encontrado', error: 'Not Found' });
      await http().get('/api/ecosystems/e-oculto').expect(404);
      const ecosystems = await http().get('/api/ecosystems').expect(200);
      expect(ecosystems.body.map((ecosystem: { id: string }) => ecosystem.id)).toEqual(['e-growth', 'e-legal']);
    });
  });
});
