import { Group, NumberInput, RangeSlider, Select, Stack, Text, TextInput } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { DEFAULT_PRICE_RANGE } from '../../../shared/config';
import { AppButton } from '../../../shared/ui';
import {
  CATEGORIES,
  filtersAtom,
  isDefaultFilters,
  isPriceRangeValid,
  normalisePriceRange,
  normaliseSort,
  resetFiltersAtom,
  setFilterAtom,
} from '../state/filters';
import { categoryLabel, marketplaceStrings as strings } from '../strings';
import { ECOSYSTEM_SORT_OPTIONS, SORT_OPTIONS, type MarketplaceKind } from '../types';

const [PRICE_MIN, PRICE_MAX] = DEFAULT_PRICE_RANGE;

/** Search, category, price range and sort (spec sections 3 and 5); the state lives in atoms. */
export function MarketplaceFiltersBar({ kind }: { kind: MarketplaceKind }) {
  const filters = useAtomValue(filtersAtom);
  const setFilter = useSetAtom(setFilterAtom);
  const reset = useSetAtom(resetFiltersAtom);
  const sorts = kind === 'ecosystems' ? ECOSYSTEM_SORT_OPTIONS : SORT_OPTIONS;
  // The rating sort chosen on the agents tab shows as popularity on the ecosystems tab.
  const sortValue = normaliseSort(filters.sortBy, kind);
  const [low, high] = filters.priceRange;
  const priceError = isPriceRangeValid(filters.priceRange) ? undefined : strings.filters.invalidPriceRange;

  // Kept as typed (only clamped at 0) so that typing '250' into the maximum does not swap the bounds
  // at '2'; a minimum left above the maximum shows an error and is not queried.
  const setPrice = (next: [number, number]) => setFilter({ priceRange: [Math.max(0, next[0]), Math.max(0, next[1])] });
  const toNumber = (value: string | number, fallback: number) => {
    const number = typeof value === 'number' ? value : Number.parseFloat(value);
    return Number.isFinite(number) ? number : fallback;
  };

  return (
    <Stack gap="sm" component="section" aria-label={strings.filters.label} className="marketplace-filters">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={strings.filters.search}
          placeholder={strings.filters.searchPlaceholder}
          value={filters.searchQuery}
          onChange={(event) => setFilter({ searchQuery: event.currentTarget.value })}
          type="search"
          style={{ flex: '2 1 16rem' }}
        />
        <Select
          label={strings.filters.category}
          data={[
            { value: 'all', label: strings.categories.all! },
            ...CATEGORIES.map((category) => ({ value: category, label: categoryLabel(category) })),
          ]}
          value={filters.category}
          onChange={(value) => setFilter({ category: value ?? 'all' })}
          allowDeselect={false}
          style={{ flex: '1 1 12rem' }}
        />
        <Select
          label={strings.filters.sort}
          data={sorts.map((sort) => ({ value: sort, label: strings.sorts[sort] }))}
          value={sortValue}
          onChange={(value) => setFilter({ sortBy: normaliseSort(value, kind) })}
          allowDeselect={false}
          style={{ flex: '1 1 12rem' }}
        />
      </Group>
      <Group gap="md" align="flex-end" wrap="wrap">
        <Stack gap={4} style={{ flex: '2 1 16rem' }}>
          <Group justify="space-between">
            <Text size="sm" fw={500} id="marketplace-price-label">
              {strings.filters.price}
            </Text>
            <Text size="sm" c="dimmed">
              {strings.filters.priceValue(low, high)}
            </Text>
          </Group>
          <RangeSlider
            min={PRICE_MIN}
            max={PRICE_MAX}
            step={10}
            minRange={0}
            value={normalisePriceRange([Math.min(low, PRICE_MAX), Math.min(high, PRICE_MAX)])}
            onChange={setPrice}
            label={null}
            color="indigo"
            thumbFromLabel={strings.filters.minPrice}
            thumbToLabel={strings.filters.maxPrice}
          />
        </Stack>
        <NumberInput
          label={strings.filters.minPrice}
          value={low}
          min={0}
          onChange={(value) => setPrice([toNumber(value, PRICE_MIN), high])}
          error={priceError}
          w={130}
          suffix=" €"
          allowNegative={false}
        />
        <NumberInput
          label={strings.filters.maxPrice}
          value={high}
          min={0}
          onChange={(value) => setPrice([low, toNumber(value, PRICE_MAX)])}
          error={priceError !== undefined}
          w={130}
          suffix=" €"
          allowNegative={false}
        />
        <AppButton variant="outline" onClick={reset} disabled={isDefaultFilters(filters)}>
          {strings.filters.reset}
        </AppButton>
      </Group>
    </Stack>
  );
}
