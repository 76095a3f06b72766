import { getRepositoryToken } from '@nestjs/typeorm';
import request from 'supertest';
import { DataSource, type Repository } from 'typeorm';
import { AgentCategorySlugs1795360012000 } from '../../src/database/migrations/1795360012000-agent-category-slugs';
import { Agent } from '../../src/modules/agents/entities/agent.entity';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';

const ALLOWED =
  'category debe ser una de: legal (Legal), finance (Finanzas), marketing (Marketing), tech (Tecnología), hr (Recursos humanos), operations (Operaciones), general (General)';

describe('agent categories (one closed list)', () => {
  let testApp: TestApp;
  let ana: SignedInUser;
  const http = () => request(testApp.server);
  const tag = `cat${Date.now().toString(36)}`;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_AGENTS_PER_HOUR: '1000' });
    ana = await signUpAndSignIn(testApp, 'ana@example.com');
  });

  afterAll(() => testApp.close());

  const save = (body: object) =>
    http()
      .post('/api/agents')
      .set(ana.authorization)
      .send({ name: `Agente ${tag}`, description: 'Un agente de prueba para las categorías', isPublic: true, ...body });

  it.each([
    ['finance', 'finance'],
    ['Finanzas', 'finance'],
    ['tecnologia', 'tech'],
    [' TECNOLOGÍA ', 'tech'],
    ['RRHH', 'hr'],
    ['Recursos Humanos', 'hr'],
    ['operaciones', 'operations'],
    ['Legal', 'legal'],
    ['Marketing', 'marketing'],
    ['general', 'general'],
  ])('stores %j as the slug %s', async (given, slug) => {
    const { body } = await save({ category: given }).expect(201);
    expect(body.category).toBe(slug);
  });

  it.each([['astrologia'], [''], [42], [null]])('refuses %j with 400 listing the allowed categories in Spanish', async (category) => {
    const { body } = await save({ category }).expect(400);
    expect(body.message).toContain(ALLOWED);
  });

  it('maps a Spanish name on update, and refuses an unknown one', async () => {
    const { body: created } = await save({ category: 'legal' }).expect(201);
    const { body: updated } = await save({ id: created.id, category: 'Operaciones' }).expect(200);
    expect(updated.category).toBe('operations');
    const { body: refused } = await save({ id: created.id, category: 'cocina' }).expect(400);
    expect(refused.message).toContain(ALLOWED);
  });

  it("filters the marketplace and GET /agents by the slug or its Spanish name; other text finds nothing", async () => {
    await save({ name: `Cuentas ${tag}`, category: 'Finanzas' }).expect(201);
    const names = async (path: string, query: object) =>
      ((await http().get(path).query({ search: `Cuentas ${tag}`, ...query }).expect(200)).body as { items?: Array<{ name: string }> } & Array<{ name: string }>);
    for (const category of ['finance', 'Finanzas', 'FINANZAS']) {
      expect((await names('/api/marketplace/agents', { category })).items?.map((agent) => agent.name)).toEqual([`Cuentas ${tag}`]);
      expect((await names('/api/agents', { category })).map((agent) => agent.name)).toEqual([`Cuentas ${tag}`]);
    }
    expect((await names('/api/marketplace/agents', { category: 'tech' })).items).toEqual([]);
    expect((await names('/api/marketplace/agents', { category: 'cuentas' })).items).toEqual([]);
    // Names of Object.prototype's members are text like any other, not a lookup into it.
    for (const category of ['constructor', '__proto__', 'toString']) {
      expect((await names('/api/marketplace/agents', { category })).items).toEqual([]);
      await http().get(`/api/agents/agents-category/${category}`).expect(200);
    }
    await save({ category: 'constructor' }).expect(400);
    expect((await http().get('/api/agents/category/finanzas').expect(200)).body.map((agent: { category: string }) => agent.category)).toContain('finance');
  });

  it("described=true lists only agents whose description says what they do (the landing's showcase)", async () => {
    await save({ name: `Corto ${tag}`, category: 'tech', description: 'x' }).expect(201);
    await save({ name: `Largo ${tag}`, category: 'tech', description: 'Traduce manuales técnicos del inglés al español con precisión' }).expect(201);
    const listed = async (query: object) =>
      (await http().get('/api/marketplace/agents').query({ search: tag, category: 'tech', ...query }).expect(200)).body.items.map(
        (agent: { name: string }) => agent.name,
      );
    expect(await listed({})).toEqual(expect.arrayContaining([`Corto ${tag}`, `Largo ${tag}`]));
    expect(await listed({ described: 'true' })).toEqual([`Largo ${tag}`]);
    await http().get('/api/marketplace/agents').query({ described: 'quizá' }).expect(400);
  });

  it('shows the closed list in the OpenAPI document', async () => {
    const { body } = await http().get('/api/docs-json').expect(200);
    const slugs = ['legal', 'finance', 'marketing', 'tech', 'hr', 'operations', 'general'];
    expect(body.components.schemas.SaveAgentDto.properties.category.enum).toEqual(slugs);
    const parameters: Array<{ name: string; schema: { enum?: string[] } }> = body.paths['/api/marketplace/agents'].get.parameters;
    expect(parameters.find((parameter) => parameter.name === 'category')?.schema.enum).toEqual(['all', ...slugs]);
    expect(parameters.map((parameter) => parameter.name)).toContain('described');
    const listParameters: Array<{ name: string; schema: { enum?: string[] } }> = body.paths['/api/agents'].get.parameters;
    expect(listParameters.find((parameter) => parameter.name === 'category')?.schema.enum).toEqual(['all', ...slugs]);
  });

  it('the migration turns stored free-text categories into slugs (unknown ones into general)', async () => {
    const agents = testApp.app.get<Repository<Agent>>(getRepositoryToken(Agent));
    const old = { finanzas: 'finanzas', tecnologia: 'Tecnología', rrhh: 'rrhh', astro: 'astrologia', legal: 'legal' };
    await agents.insert(
      Object.entries(old).map(([id, category]) =>
        agents.create({
          id: `${tag}-${id}`,
          name: id,
          category,
          description: 'Antiguo',
          skills: [],
          capabilities: [],
          useCases: [],
          avatar: null,
          modelId: null,
          createdBy: 'ana',
          ownerSub: ana.sub,
          isPublic: true,
        }),
      ),
    );
    const queryRunner = testApp.app.get(DataSource).createQueryRunner();
    try {
      await new AgentCategorySlugs1795360012000().up(queryRunner);
    } finally {
      await queryRunner.release();
    }
    const stored = Object.fromEntries(
      (await agents.findBy(Object.keys(old).map((id) => ({ id: `${tag}-${id}` })))).map((agent) => [agent.id.slice(tag.length + 1), agent.category]),
    );
    expect(stored).toEqual({ finanzas: 'finance', tecnologia: 'tech', rrhh: 'hr', astro: 'general', legal: 'legal' });
  });
});
