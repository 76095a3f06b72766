import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { marketplaceStrings as strings } from '../strings';

/** The end of an agent or ecosystem card: the link to its page and the caller's actions. */
export function CardFooter({ href, name, actions }: { href: string; name: string; actions?: ReactNode }) {
  return (
    <>
      <Text component={Link} to={href} size="sm" c="indigo.3" aria-label={`${strings.viewDetails}: ${name}`}>
        {strings.viewDetails}
      </Text>
      {actions && (
        <Group gap="xs" wrap="wrap">
          {actions}
        </Group>
      )}
    </>
  );
}
