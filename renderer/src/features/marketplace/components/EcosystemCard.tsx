import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CardFooter } from './CardFooter';
import { Link } from 'react-router-dom';
import { EntityAvatar } from '../../../shared/ui';
import { discountedPrice } from '../utils/pricing';
import { categoryLabel } from '../categories';
import { marketplaceStrings as strings, priceLabel } from '../strings';
import type { Ecosystem } from '../types';

export interface EcosystemCardProps {
  ecosystem: Ecosystem;
  href?: string;
  actions?: ReactNode;
}

export function EcosystemCard({
  ecosystem,
  href = `/marketplace/ecosystem/${encodeURIComponent(ecosystem.id)}`,
  actions,
}: EcosystemCardProps) {
  const final = discountedPrice(ecosystem.price, ecosystem.discount);
  return (
    <Card withBorder radius="md" padding="md" role="listitem" aria-label={ecosystem.name} className="marketplace-card">
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <EntityAvatar name={ecosystem.name} src={ecosystem.avatar} size={48} radius="md" />
          <div style={{ minWidth: 0, flex: 1 }}>
            <Text component={Link} to={href} fw={700} className="marketplace-card-title" lineClamp={2}>
              {ecosystem.name}
            </Text>
            <Group gap={6} mt={4}>
              <Badge variant="light" color="teal" size="sm">
                {categoryLabel(ecosystem.category)}
              </Badge>
              <Badge variant="outline" color="gray" size="sm">
                {strings.agentCount(ecosystem.agentIds.length)}
              </Badge>
              {ecosystem.featured && (
                <Badge color="yellow" size="sm">
                  {strings.detail.featured}
                </Badge>
              )}
            </Group>
          </div>
        </Group>
        <div style={{ flex: 1 }}>
          <Text size="sm" c="dimmed" lineClamp={3}>
            {ecosystem.description}
          </Text>
        </div>
        <Group gap="xs" align="baseline">
          <Text fw={700}>{priceLabel(final)}</Text>
          {ecosystem.discount > 0 && (
            <>
              <Text size="sm" c="dimmed" td="line-through">
                {priceLabel(ecosystem.price)}
              </Text>
              <Badge color="red" variant="light" size="sm">
                {strings.detail.discountValue(ecosystem.discount)}
              </Badge>
            </>
          )}
        </Group>
        <CardFooter href={href} name={ecosystem.name} actions={actions} />
      </Stack>
    </Card>
  );
}
