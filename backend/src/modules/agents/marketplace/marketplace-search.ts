import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { type AgentSort, containsPattern, type MarketplaceFilters } from './marketplace-query.dto';
import { InvalidPriceRangeError } from './marketplace.errors';

/**
 * The filters that narrow a listing; any left out do not narrow it. `purpose`: whether the query
 * reads a page (the default) or counts the matches, which SQLite is best told apart (see priceTerm).
 */
export type ListingFilters = Partial<Pick<MarketplaceFilters, 'category' | 'search' | 'minPrice' | 'maxPrice' | 'sortBy'>> & {
  purpose?: 'page' | 'count';
};

/**
 * Adds the marketplace's filters to a query on `alias` (a table with name, description, category,
 * price and popularity columns). Done in SQL with portable LOWER(...) LIKE so that SQLite and
 * PostgreSQL give the same rows.
 */
export function applyListingFilters<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  alias: string,
  filters: ListingFilters,
): SelectQueryBuilder<T> {
  if (filters.minPrice !== undefined && filters.maxPrice !== undefined && filters.maxPrice < filters.minPrice) {
    throw new InvalidPriceRangeError();
  }
  if (filters.category !== undefined) {
    // An exact match, so that the (category) index serves it.
    query.andWhere(`${alias}.category = :category`, { category: filters.category });
  }
  if (filters.search !== undefined) {
    query.andWhere(
      `(LOWER(${alias}.name) LIKE :pattern ESCAPE '\\' OR LOWER(${alias}.description) LIKE :pattern ESCAPE '\\')`,
      { pattern: containsPattern(filters.search) },
    );
  }
  const price = priceTerm(query, alias, filters);
  if (filters.minPrice !== undefined && filters.maxPrice !== undefined) {
    // One BETWEEN rather than two comparisons: SQLite, without statistics, then prefers an index
    // that also matches the category (IDX_agents_public_category_price_*) to the price index alone.
    query.andWhere(`${price} BETWEEN :minPrice AND :maxPrice`, { minPrice: filters.minPrice, maxPrice: filters.maxPrice });
  } else if (filters.minPrice !== undefined) {
    query.andWhere(`${price} >= :minPrice`, { minPrice: filters.minPrice });
  } else if (filters.maxPrice !== undefined) {
    query.andWhere(`${price} <= :maxPrice`, { maxPrice: filters.maxPrice });
  }
  return query;
}

/**
 * SQLite has no statistics unless ANALYZE has run, and then guesses that a price range is
 * selective: for the default 0–1000 it read almost every row through the price index and sorted
 * them all to return one page. Unless the page is sorted by price, `+price` (SQLite's documented
 * way to keep a term off an index) makes it walk the sort index instead and stop after one page;
 * the price is in that index, so it is still checked without reading the rows. A count has no
 * order: within a category it reads that category's index (a price range through the price index
 * read every agent of the range, and its row for the category: 15–23 ms at 100,000 agents against
 * 0.1–0.4 ms), and without one the price index itself. PostgreSQL keeps statistics and chooses
 * well by itself.
 */
function priceTerm<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, alias: string, filters: ListingFilters): string {
  const isSqlite = query.connection.driver.options.type !== 'postgres';
  const indexed = filters.purpose === 'count' ? filters.category === undefined : isPriceSort(filters.sortBy);
  return isSqlite && !indexed ? `+${alias}.price` : `${alias}.price`;
}

const isPriceSort = (sortBy: AgentSort | undefined): boolean => sortBy === 'price-low' || sortBy === 'price-high';

/**
 * Orders by the chosen sort, with stable tie-breakers so that pages never overlap. With `after`,
 * the sort follows an order already set (a search's relevance) instead of replacing it.
 */
export function applySort<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  alias: string,
  sortBy: AgentSort,
  after = false,
): SelectQueryBuilder<T> {
  const first = (column: string, order: 'ASC' | 'DESC') => (after ? query.addOrderBy(column, order) : query.orderBy(column, order));
  switch (sortBy) {
    case 'rating':
      // The Bayesian weighted mean (a column kept with the reviews), not the plain mean.
      first(`${alias}.ratingScore`, 'DESC').addOrderBy(`${alias}.popularity`, 'DESC');
      break;
    case 'price-low':
      first(`${alias}.price`, 'ASC').addOrderBy(`${alias}.popularity`, 'DESC');
      break;
    case 'price-high':
      first(`${alias}.price`, 'DESC').addOrderBy(`${alias}.popularity`, 'DESC');
      break;
    default:
      first(`${alias}.popularity`, 'DESC');
  }
  return query.addOrderBy(`${alias}.createdAt`, 'DESC').addOrderBy(`${alias}.id`, 'ASC');
}

export function applyPage<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  page: number,
  limit: number,
): SelectQueryBuilder<T> {
  // offset/limit rather than skip/take: the same SQL, without TypeORM's two-query paging when the
  // query joins a table (the agents' full-text index).
  return query.offset((page - 1) * limit).limit(limit);
}
