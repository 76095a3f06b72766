import { Badge, Box, Drawer } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useAtomValue } from 'jotai';
import { AppButton } from '../../../shared/ui';
import { activeFilterCount, filtersAtom } from '../state/filters';
import { marketplaceStrings as strings } from '../strings';
import type { MarketplaceKind } from '../types';
import { MarketplaceFiltersBar } from './MarketplaceFiltersBar';

/**
 * The filters above the grid on wider screens; on a phone a 'Filtros' button (with how many are
 * in use) opens them in a drawer, so that the first screen shows agents rather than fields.
 */
export function MarketplaceFilters({ kind }: { kind: MarketplaceKind }) {
  const [opened, { open, close }] = useDisclosure(false);
  const count = activeFilterCount(useAtomValue(filtersAtom), kind);
  return (
    <>
      <Box visibleFrom="sm">
        <MarketplaceFiltersBar kind={kind} />
      </Box>
      <Box hiddenFrom="sm">
        <AppButton
          variant="outline"
          onClick={open}
          aria-haspopup="dialog"
          aria-expanded={opened}
          rightSection={
            count > 0 ? (
              <Badge size="sm" circle color="indigo" variant="filled" data-testid="active-filters">
                {count}
              </Badge>
            ) : null
          }
        >
          {strings.filters.label}
        </AppButton>
      </Box>
      <Drawer opened={opened} onClose={close} title={strings.filters.label} position="bottom" size="auto" padding="md">
        <MarketplaceFiltersBar kind={kind} layout="drawer" />
        <AppButton fullWidth mt="md" onClick={close}>
          {strings.filters.showResults}
        </AppButton>
      </Drawer>
    </>
  );
}
