import { Loader, type MantineSize } from '@mantine/core';

/**
 * A spinner that says what is loading: a status named `label`. Mantine's Loader is a plain span,
 * and a span named with aria-label but without a role is an ARIA error (axe: aria-prohibited-attr).
 */
export function Spinner({ label, size }: { label: string; size?: MantineSize }) {
  return <Loader role="status" aria-label={label} size={size} />;
}
