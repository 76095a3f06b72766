import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Spec section 9: grids show 1 to 4 columns. Measured on the grid's own width (container query),
 * not the window's, because the fixed sidebar takes 18rem from the content at desktop widths.
 */
export const GRID_COLUMNS = { base: 1, '500px': 2, '760px': 3, '1020px': 4 } as const;

export function CardGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div className="marketplace-grid" role="list" aria-label={label}>
      <SimpleGrid type="container" cols={GRID_COLUMNS} spacing="md" verticalSpacing="md">
        {children}
      </SimpleGrid>
    </div>
  );
}
