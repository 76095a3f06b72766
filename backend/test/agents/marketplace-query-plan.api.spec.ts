import { getRepositoryToken } from '@nestjs/typeorm';
import { DataSource, type Repository } from 'typeorm';
import { readableBy } from '../../src/common/access/access-policy';
import { Agent } from '../../src/modules/agents/entities/agent.entity';
import { marketplaceFilters, type MarketplaceQueryDto } from '../../src/modules/agents/marketplace/marketplace-query.dto';
import { applyListingFilters, applyPage, applySort } from '../../src/modules/agents/marketplace/marketplace-search';
import { applyAgentSearch, cappedCount } from '../../src/modules/agents/marketplace/agent-search';
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

  /** A visitor's listing, as the access policy narrows it; `approvedOnly` adds the moderation condition of agents. */
  async function planFor(entity: typeof Agent | typeof Ecosystem, query: MarketplaceQueryDto, approvedOnly = false): Promise<string> {
    const alias = entity === Agent ? 'agent' : 'ecosystem';
    const repository = testApp.app.get<Repository<Agent | Ecosystem>>(getRepositoryToken(entity));
    const filters = marketplaceFilters(query);
    const builder = readableBy(repository.createQueryBuilder(alias), alias, undefined, { moderated: approvedOnly });
    const search = entity === Agent ? filters.search : undefined;
    applyListingFilters(builder, alias, { ...filters, search: entity === Agent ? undefined : filters.search });
    const byRelevance = search !== undefined && applyAgentSearch(builder, alias, search, query.sortBy === undefined ? 'ranked' : 'filter');
    applySort(builder, alias, filters.sortBy, byRelevance);
    const [sql, parameters] = applyPage(builder, 1, 24).getQueryAndParameters();
    const rows: Array<{ detail: string }> = await testApp.app.get(DataSource).query(`EXPLAIN QUERY PLAN ${sql}`, parameters);
    return rows.map((row) => row.detail).join(' | ');
  }

  it.each([
    ['agents by popularity', Agent, {}, 'IDX_agents_public_popularity'],
    ['agents by rating', Agent, { sortBy: 'rating' as const }, 'IDX_agents_public_rating'],
    ['agents of a category', Agent, { category: 'legal' }, 'IDX_agents_public_category_popularity'],
    ['agents of a category by rating', Agent, { category: 'legal', sortBy: 'rating' as const }, 'IDX_agents_public_category_rating'],
    ['agents of a category, cheapest first', Agent, { category: 'legal', sortBy: 'price-low' as const }, 'IDX_agents_public_category_price_low'],
    ['agents of a category in a price range, dearest first', Agent, { category: 'legal', minPrice: 10, maxPrice: 200, sortBy: 'price-high' as const }, 'IDX_agents_public_category_price_high'],
    ['ecosystems by popularity', Ecosystem, {}, 'IDX_ecosystems_public_popularity'],
  ])('reads %s in index order instead of sorting every row', async (_what, entity, query, index) => {
    const plan = await planFor(entity, query);
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  });

  it('searches through the full-text index, reading only the matching agents by rowid', async () => {
    const plan = await planFor(Agent, { search: 'asesor fisc', category: 'finance', minPrice: 10, maxPrice: 200 });
    expect(plan).toMatch(/SCAN agents_fts VIRTUAL TABLE INDEX/);
    expect(plan).toMatch(/SEARCH agent USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(plan).not.toMatch(/SCAN agent\b/);
  });

  // The marketplace always sends its price range: with it, SQLite preferred reading the agents from
  // the price index and asking the full-text index about each one, 4 to 7 s at 100,000 agents.
  it.each([
    ['a search in the price range the marketplace sends', { search: 'asesor', minPrice: 0, maxPrice: 1000 }],
    ['a search of two words in a price range', { search: 'asesor fisc', minPrice: 10, maxPrice: 200 }],
  ])('ranks %s from the full-text matches, never matching the text once per agent', async (_what, query) => {
    const plan = await planFor(Agent, query, true);
    expect(plan).toMatch(/^SCAN agents_fts VIRTUAL TABLE INDEX \d+:M/);
    expect(plan).not.toMatch(/VIRTUAL TABLE INDEX \d+:=/);
  });

  it('counts the matches of a search in a price range from the full-text matches, never matching the text once per agent', async () => {
    const plan = await countPlanFor({ minPrice: 0, maxPrice: 1000 }, 'asesor');
    expect(plan).toMatch(/SCAN agents_fts VIRTUAL TABLE INDEX \d+:M/);
    expect(plan).not.toMatch(/VIRTUAL TABLE INDEX \d+:=/);
  });

  it('filters a very common word against the sort index instead of ranking every match', async () => {
    const plan = await planFor(Agent, { search: 'asesor', sortBy: 'popularity' });
    expect(plan).toContain('IDX_agents_public_popularity');
    expect(plan).toMatch(/LIST SUBQUERY/);
    expect(plan).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  });

  it('counts at most 1,001 rows for a total', async () => {
    const repository = testApp.app.get<Repository<Agent>>(getRepositoryToken(Agent));
    const logged: string[] = [];
    const dataSource = testApp.app.get(DataSource);
    const query = jest.spyOn(dataSource, 'query').mockImplementation(async (sql: string) => {
      logged.push(sql);
      return [{ count: 0 }];
    });
    try {
      await cappedCount(repository.createQueryBuilder('agent').where('agent.isPublic = :isPublic', { isPublic: true }));
    } finally {
      query.mockRestore();
    }
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^SELECT COUNT\(\*\) AS count FROM \(SELECT 1 AS "one" FROM "agents" "agent" WHERE .* LIMIT 1001\) capped$/);
  });

  /** The plan of the capped count the service runs for a listing's total (purpose 'count'). */
  async function countPlanFor(query: MarketplaceQueryDto, search?: string): Promise<string> {
    const repository = testApp.app.get<Repository<Agent>>(getRepositoryToken(Agent));
    const dataSource = testApp.app.get(DataSource);
    const builder = repository.createQueryBuilder('agent').where('agent.isPublic = :isPublic', { isPublic: true });
    if (search !== undefined) builder.andWhere('agent.moderationStatus = :approved', { approved: 'approved' });
    applyListingFilters(builder, 'agent', { ...marketplaceFilters(query), search: undefined, purpose: 'count' });
    if (search !== undefined) applyAgentSearch(builder, 'agent', search, 'ranked');
    let counted: [string, unknown[]] | undefined;
    const spy = jest.spyOn(dataSource, 'query').mockImplementation(async (sql: string, parameters?: unknown[]) => {
      counted = [sql, parameters ?? []];
      return [{ count: 0 }];
    });
    try {
      await cappedCount(builder);
    } finally {
      spy.mockRestore();
    }
    const rows: Array<{ detail: string }> = await dataSource.query(`EXPLAIN QUERY PLAN ${counted![0]}`, counted![1]);
    return rows.map((row) => row.detail).join(' | ');
  }

  it.each([
    ['a category in a price range, whatever the sort', { category: 'tech', minPrice: 10, maxPrice: 200, sortBy: 'price-low' as const }, 'IDX_agents_public_category_'],
    ['a price range without a category', { minPrice: 0, maxPrice: 20, sortBy: 'popularity' as const }, 'IDX_agents_public_price'],
  ])('counts %s from a covering index, reading no agent row', async (_what, query, index) => {
    const plan = await countPlanFor(query);
    expect(plan).toContain(`COVERING INDEX ${index}`);
    expect(plan).not.toMatch(/SCAN agent\b/);
  });

  it.each([
    ['price-low' as const, 'IDX_agents_public_price_low'],
    ['price-high' as const, 'IDX_agents_public_price_high'],
  ])('reads a %s page in the order of its own index, without sorting the agents of one price', async (sortBy, index) => {
    for (const query of [{ minPrice: 10, maxPrice: 200, sortBy }, { sortBy }]) {
      const plan = await planFor(Agent, query);
      expect(plan).toContain(index);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });
});

const postgresOnly = process.env.TEST_DATABASE_URL ? describe : describe.skip;

postgresOnly('marketplace search plan (PostgreSQL only: skipped on SQLite, whose plans are checked above)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });

  afterAll(() => testApp.close());

  it('can answer a search from the GIN index on the agents’ search vector', async () => {
    const repository = testApp.app.get<Repository<Agent>>(getRepositoryToken(Agent));
    // The search alone, so that no other index could serve the query instead.
    const builder = repository.createQueryBuilder('agent');
    applyAgentSearch(builder, 'agent', 'asesor fisc', 'ranked');
    const [sql, parameters] = applyPage(builder, 1, 24).getQueryAndParameters();
    const queryRunner = testApp.app.get(DataSource).createQueryRunner();
    try {
      await queryRunner.startTransaction();
      // A handful of rows would be read whole; this asks whether the index can serve the search.
      await queryRunner.query('SET LOCAL enable_seqscan = off');
      const rows: Array<{ 'QUERY PLAN': string }> = await queryRunner.query(`EXPLAIN ${sql}`, parameters);
      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Bitmap Index Scan on "IDX_agents_search"/);
    } finally {
      await queryRunner.rollbackTransaction();
      await queryRunner.release();
    }
  });
});
