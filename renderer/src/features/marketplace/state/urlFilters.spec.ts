import { filtersFromUrl, urlWithFilters } from './urlFilters';
import { defaultFilters } from './filters';

const read = (query: string) => filtersFromUrl(new URLSearchParams(query));

describe('the marketplace filters in the address', () => {
  it('read an address with none as the defaults, on the agents tab', () => {
    expect(read('')).toEqual({ tab: 'agents', pages: 1, filters: defaultFilters });
  });

  it('read each filter, and normalise what spec section 5 normalises', () => {
    expect(read('tab=ecosystems&category=finance&search=%20contratos%20&sortBy=price-low&minPrice=10&maxPrice=50.5&page=3')).toEqual({
      tab: 'ecosystems',
      pages: 3,
      filters: { category: 'finance', searchQuery: ' contratos ', priceRange: [10, 50.5], sortBy: 'price-low' },
    });
    expect(read('tab=otra&category=%20&sortBy=newest&minPrice=-5&maxPrice=abc&page=0')).toEqual({ tab: 'agents', pages: 1, filters: { ...defaultFilters, priceRange: [0, 1000] } });
    expect(read('page=2.5').pages).toBe(1);
    expect(read('page=500').pages).toBe(20);
  });

  it('write only what differs from the defaults, and keep other entries of the query', () => {
    const written = urlWithFilters(new URLSearchParams('ref=landing&search=viejo'), {
      tab: 'agents',
      pages: 1,
      filters: { ...defaultFilters, category: 'tech', priceRange: [0, 200] },
    });
    expect(written.toString()).toBe('ref=landing&category=tech&maxPrice=200');
    expect(urlWithFilters(new URLSearchParams(), { tab: 'agents', pages: 1, filters: defaultFilters }).toString()).toBe('');
  });

  it('read back what they write', () => {
    const state = { tab: 'ecosystems' as const, pages: 2, filters: { category: 'hr', searchQuery: 'nóminas & altas', priceRange: [5, 90] as [number, number], sortBy: 'price-high' as const } };
    expect(filtersFromUrl(urlWithFilters(new URLSearchParams(), state))).toEqual(state);
  });
});
