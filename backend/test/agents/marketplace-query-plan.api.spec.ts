import { getRepositoryToken } from '@nestjs/typeorm';
import { DataSource, type Repository } from 'typeorm';
import { Agent } from '../../src/modules/agents/entities/agent.entity';
import { marketplaceFilters, type MarketplaceQueryDto } from '../../src/modules/agents/marketplace/marketplace-query.dto';
import { applyListingFilters, applyPage, applySort } from '../../src/modules/agents/marketplace/marketplace-search';
import { Ecosystem } from '../../src/modules/ecosystems/entities/ecosystem.entity';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * SQLite plans without statistics; these pin the plans that keep a marketplace page from sorting
 * every public row (bench/marketplace.bench.mjs measures the difference).
 */
const sqliteOnly = process.env.TEST_DATABASE_URL ? describe.skip : describe;

sqliteOnly('marketplace query plans (SQLite only: skipped on PostgreSQL, which plans from statistics)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });

  afterAll(() => testApp.close());

  async function planFor(entity: typeof Agent | typeof Ecosystem, query: MarketplaceQueryDto): Promise<string> {
    const alias = entity === Agent ? 'agent' : 'ecosystem';
    const repository = testApp.app.get<Repository<Agent | Ecosystem>>(getRepositoryToken(entity));
    const filters = marketplaceFilters(query);
    const builder = repository.createQueryBuilder(alias).where(`${alias}.isPublic = :isPublic`, { isPublic: true });
    applyListingFilters(builder, alias, filters);
    applySort(builder, alias, filters.sortBy);
    const [sql, parameters] = applyPage(builder, 1, 24).getQueryAndParameters();
    const rows: Array<{ detail: string }> = await testApp.app.get(DataSource).query(`EXPLAIN QUERY PLAN ${sql}`, parameters);
    return rows.map((row) => row.detail).join(' | ');
  }

  it.each([
    ['agents by popularity', Agent, {}, 'IDX_agents_public_popularity'],
    ['agents by rating', Agent, { sortBy: 'rating' as const }, 'IDX_agents_public_rating'],
    ['agents of a category', Agent, { category: 'legal' }, 'IDX_agents_public_popularity'],
    ['ecosystems by popularity', Ecosystem, {}, 'IDX_ecosystems_public_popularity'],
  ])('reads %s in index order instead of sorting every row', async (_what, entity, query, index) => {
    const plan = await planFor(entity, query);
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  });

  it('uses the price index when sorting by price', async () => {
    const plan = await planFor(Agent, { minPrice: 10, maxPrice: 200, sortBy: 'price-low' });
    expect(plan).toContain('IDX_agents_public_price');
    expect(plan).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  });
});
