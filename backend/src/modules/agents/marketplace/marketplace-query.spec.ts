import { ValidationPipe } from '@nestjs/common';
import {
  containsPattern,
  ECOSYSTEM_SORTS,
  MarketplaceQueryDto,
  marketplaceFilters,
  normaliseCategory,
  normaliseSearch,
  normaliseSort,
} from './marketplace-query.dto';

const pipe = new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true });
const parse = (query: Record<string, unknown>) =>
  pipe.transform(query, { type: 'query', metatype: MarketplaceQueryDto }) as Promise<MarketplaceQueryDto>;
const messageOf = async (query: Record<string, unknown>) => {
  try {
    await parse(query);
  } catch (error) {
    return JSON.stringify((error as { getResponse(): unknown }).getResponse());
  }
  throw new Error('expected a validation error');
};

describe('marketplace filter rules (spec section 5)', () => {
  it("treats a missing, non-string or 'all' category as every category", () => {
    expect(normaliseCategory(undefined)).toBeUndefined();
    expect(normaliseCategory(['legal', 'finance'])).toBeUndefined();
    expect(normaliseCategory(42)).toBeUndefined();
    expect(normaliseCategory('all')).toBeUndefined();
    expect(normaliseCategory('ALL')).toBeUndefined();
    expect(normaliseCategory(' legal ')).toBe('legal');
  });

  it('trims the search text and ignores an empty one', () => {
    expect(normaliseSearch('  contrato  ')).toBe('contrato');
    expect(normaliseSearch('   ')).toBeUndefined();
    expect(normaliseSearch(undefined)).toBeUndefined();
  });

  it('falls back to popularity for an unknown sort, and for rating on ecosystems', () => {
    expect(normaliseSort('rating')).toBe('rating');
    expect(normaliseSort('price-low')).toBe('price-low');
    expect(normaliseSort('price-high')).toBe('price-high');
    expect(normaliseSort('newest')).toBe('popularity');
    expect(normaliseSort(undefined)).toBe('popularity');
    expect(normaliseSort('rating', ECOSYSTEM_SORTS)).toBe('popularity');
    expect(normaliseSort('price-high', ECOSYSTEM_SORTS)).toBe('price-high');
  });

  it('escapes LIKE wildcards so that they match literally, lower-cased', () => {
    expect(containsPattern('100%')).toBe('%100\\%%');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(containsPattern('C:\\x')).toBe('%c:\\\\x%');
    expect(containsPattern('Jurídico')).toBe('%jurídico%');
  });

  it('applies the defaults: price 0–1000, popularity, page 1 of 24', async () => {
    expect(marketplaceFilters(await parse({}))).toEqual({
      category: undefined,
      search: undefined,
      minPrice: 0,
      maxPrice: 1000,
      sortBy: 'popularity',
      page: 1,
      limit: 24,
    });
  });

  it('reads query strings as numbers and normalises the rest', async () => {
    const filters = marketplaceFilters(
      await parse({ category: 'all', search: '  ley ', minPrice: '5', maxPrice: '20.5', sortBy: 'bogus', page: '2', limit: '10' }),
    );
    expect(filters).toEqual({ category: undefined, search: 'ley', minPrice: 5, maxPrice: 20.5, sortBy: 'popularity', page: 2, limit: 10 });
  });

  it.each([
    [{ minPrice: '-1' }, 'minPrice debe ser mayor o igual que 0'],
    [{ minPrice: 'barato' }, 'minPrice debe ser un número'],
    [{ maxPrice: '-3' }, 'maxPrice debe ser mayor o igual que 0'],
    [{ page: '0' }, 'page debe ser mayor o igual que 1'],
    [{ page: 'uno' }, 'page debe ser un número entero'],
    [{ limit: '101' }, 'limit debe estar entre 1 y 100'],
    [{ limit: '0' }, 'limit debe estar entre 1 y 100'],
    [{ color: 'rojo' }, 'color'],
  ])('refuses %j', async (query, message) => {
    expect(await messageOf(query)).toContain(message);
  });
});
