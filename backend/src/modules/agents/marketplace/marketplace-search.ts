import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { type AgentSort, containsPattern, type MarketplaceFilters } from './marketplace-query.dto';
import { InvalidPriceRangeError } from './marketplace.errors';

/** The filters that narrow a listing; any left out do not narrow it. */
export type ListingFilters = Partial<Pick<MarketplaceFilters, 'category' | 'search' | 'minPrice' | 'maxPrice'>>;

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
  if (filters.minPrice !== undefined) query.andWhere(`${alias}.price >= :minPrice`, { minPrice: filters.minPrice });
  if (filters.maxPrice !== undefined) query.andWhere(`${alias}.price <= :maxPrice`, { maxPrice: filters.maxPrice });
  return query;
}

/** Orders by the chosen sort, with stable tie-breakers so that pages never overlap. */
export function applySort<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  alias: string,
  sortBy: AgentSort,
): SelectQueryBuilder<T> {
  switch (sortBy) {
    case 'rating':
      query.orderBy(`${alias}.rating`, 'DESC').addOrderBy(`${alias}.popularity`, 'DESC');
      break;
    case 'price-low':
      query.orderBy(`${alias}.price`, 'ASC').addOrderBy(`${alias}.popularity`, 'DESC');
      break;
    case 'price-high':
      query.orderBy(`${alias}.price`, 'DESC').addOrderBy(`${alias}.popularity`, 'DESC');
      break;
    default:
      query.orderBy(`${alias}.popularity`, 'DESC');
  }
  return query.addOrderBy(`${alias}.createdAt`, 'DESC').addOrderBy(`${alias}.id`, 'ASC');
}

export function applyPage<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  page: number,
  limit: number,
): SelectQueryBuilder<T> {
  return query.skip((page - 1) * limit).take(limit);
}
