import { Group, NumberInput, RangeSlider, Select, Stack, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { DEFAULT_PRICE_RANGE, useCategories } from '../../../shared/config';
import { AppButton } from '../../../shared/ui';
import {
  filtersAtom,
  isDefaultFilters,
  isPriceRangeValid,
  normalisePriceRange,
  normaliseSort,
  resetFiltersAtom,
  setFilterAtom,
} from '../state/filters';
import { marketplaceStrings as strings } from '../strings';
import { ECOSYSTEM_SORT_OPTIONS, SORT_OPTIONS, type MarketplaceKind } from '../types';

const [PRICE_MIN, PRICE_MAX] = DEFAULT_PRICE_RANGE;

/** Where the filters show: in a row above the grid, or one under another in the phone's drawer. */
export type FiltersLayout = 'bar' | 'drawer';

/** Search, category, price range and sort (spec sections 3 and 5); the state lives in atoms. */
export function MarketplaceFiltersBar({ kind, layout = 'bar' }: { kind: MarketplaceKind; layout?: FiltersLayout }) {
  const filters = useAtomValue(filtersAtom);
  const setFilter = useSetAtom(setFilterAtom);
  const reset = useSetAtom(resetFiltersAtom);
  const ids = useId();
  const categories = useCategories();
  const sorts = kind === 'ecosystems' ? ECOSYSTEM_SORT_OPTIONS : SORT_OPTIONS;
  // The rating sort chosen on the agents tab shows as popularity on the ecosystems tab.
  const sortValue = normaliseSort(filters.sortBy, kind);
  const [low, high] = filters.priceRange;
  const priceError = isPriceRangeValid(filters.priceRange) ? undefined : strings.filters.invalidPriceRange;
  const inDrawer = layout === 'drawer';
  const field = (width: string) => (inDrawer ? undefined : { flex: width });

  // Kept as typed (only clamped at 0) so that typing '250' into the maximum does not swap the bounds
  // at '2'; a minimum left above the maximum shows an error and is not queried.
  const setPrice = (next: [number, number]) => setFilter({ priceRange: [Math.max(0, next[0]), Math.max(0, next[1])] });
  const toNumber = (value: string | number, fallback: number) => {
    const number = typeof value === 'number' ? value : Number.parseFloat(value);
    return Number.isFinite(number) ? number : fallback;
  };

  const resetButton = (
    <AppButton variant="outline" onClick={reset} disabled={isDefaultFilters(filters)}>
      {strings.filters.reset}
    </AppButton>
  );

  return (
    <Stack gap="sm" component="section" aria-label={strings.filters.label} className="marketplace-filters">
      <Group gap="sm" align="flex-end" wrap="wrap" style={inDrawer ? { flexDirection: 'column', alignItems: 'stretch' } : undefined}>
        <TextInput
          label={strings.filters.search}
          placeholder={strings.filters.searchPlaceholder}
          value={filters.searchQuery}
          onChange={(event) => setFilter({ searchQuery: event.currentTarget.value })}
          type="search"
          style={field('2 1 16rem')}
        />
        <Select
          label={strings.filters.category}
          data={[{ value: 'all', label: strings.categories.all }, ...categories.options]}
          value={filters.category}
          onChange={(value) => setFilter({ category: value ?? 'all' })}
          allowDeselect={false}
          comboboxProps={CLOSED_LIST_UNMOUNTED}
          style={field('1 1 12rem')}
        />
        <Select
          label={strings.filters.sort}
          data={sorts.map((sort) => ({ value: sort, label: strings.sorts[sort] }))}
          value={sortValue}
          onChange={(value) => setFilter({ sortBy: normaliseSort(value, kind) })}
          allowDeselect={false}
          comboboxProps={CLOSED_LIST_UNMOUNTED}
          style={field('1 1 12rem')}
        />
      </Group>
      {/* The error under the minimum is laid over the space kept below the row, so that showing it moves no field. */}
      <Group gap="md" align="flex-end" wrap="wrap" pb={priceError ? 28 : 0}>
        <Stack gap={4} style={{ flex: '2 1 16rem' }}>
          <Group justify="space-between">
            <Text size="sm" fw={500} id={`${ids}-price-label`}>
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
        <Group gap="md" align="flex-end" wrap="nowrap">
          <NumberInput
            label={strings.filters.minPrice}
            value={low}
            min={0}
            onChange={(value) => setPrice([toNumber(value, PRICE_MIN), high])}
            error={priceError}
            errorProps={{ id: `${ids}-price-error` }}
            styles={PRICE_ERROR_STYLES}
            w={130}
            suffix=" €"
            decimalSeparator=","
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
            decimalSeparator=","
            allowNegative={false}
          />
        </Group>
        {!inDrawer && resetButton}
      </Group>
      {inDrawer && resetButton}
    </Stack>
  );
}

/**
 * A closed list stays out of the page: Mantine keeps it mounted (hidden) by default, and placing
 * it beside its field forced a style and layout pass over the whole marketplace on its first render.
 */
const CLOSED_LIST_UNMOUNTED = { keepMounted: false } as const;

/**
 * The error spans both price fields, below them, without growing the minimum's box or giving its
 * input the margin Mantine keeps for an error (which lifted it above the maximum).
 */
const PRICE_ERROR_STYLES = {
  root: { position: 'relative' },
  wrapper: { marginBottom: 0 },
  error: { position: 'absolute', top: '100%', left: 0, marginTop: 4, width: 'max-content', maxWidth: 'min(22rem, 80vw)' },
} as const;
