import { DEFAULT_PRICE_RANGE } from '../../../shared/config';
import { defaultFilters, marketplaceQuery, normaliseCategory, normalisePriceRange, normaliseSort } from './filters';

describe('marketplace filters', () => {
  it('start with all categories, no search, 0 to 1000 and popularity', () => {
    expect(defaultFilters).toEqual({ category: 'all', searchQuery: '', priceRange: [0, 1000], sortBy: 'popularity' });
    expect(DEFAULT_PRICE_RANGE).toEqual([0, 1000]);
  });

  it('fall back to popularity for an unknown sort, and for rating on ecosystems', () => {
    expect(normaliseSort('rating')).toBe('rating');
    expect(normaliseSort('price-high')).toBe('price-high');
    expect(normaliseSort('newest')).toBe('popularity');
    expect(normaliseSort(undefined)).toBe('popularity');
    expect(normaliseSort('rating', 'ecosystems')).toBe('popularity');
    expect(normaliseSort('price-low', 'ecosystems')).toBe('price-low');
  });

  it('treat a category that is not a string as all', () => {
    expect(normaliseCategory(42)).toBe('all');
    expect(normaliseCategory('  ')).toBe('all');
    expect(normaliseCategory('legal')).toBe('legal');
  });

  it('keep the lower price at least 0 and order the bounds', () => {
    expect(normalisePriceRange([-5, 200])).toEqual([0, 200]);
    expect(normalisePriceRange([300, 100])).toEqual([100, 300]);
    expect(normalisePriceRange([Number.NaN, undefined])).toEqual([0, 1000]);
  });

  it('send a trimmed search and leave out the all category', () => {
    const query = marketplaceQuery(
      { category: 'all', searchQuery: '  contratos ', priceRange: [10, 500], sortBy: 'rating' },
      'agents',
      24,
    );
    expect(query).toEqual({ category: undefined, search: 'contratos', minPrice: 10, maxPrice: 500, sortBy: 'rating', limit: 24 });
    expect(
      marketplaceQuery({ ...defaultFilters, category: 'finance', searchQuery: '   ', sortBy: 'rating' }, 'ecosystems', 24),
    ).toMatchObject({ category: 'finance', search: undefined, sortBy: 'popularity' });
  });
});
