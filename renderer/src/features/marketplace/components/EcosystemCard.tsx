import './marketplace.css';
import { Badge, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { CardFooter, CardFrame, CardHeading } from './CardParts';
import { useCategories } from '../../../shared/config';
import { EntityAvatar } from '../../../shared/ui';
import { marketplaceStrings as strings, priceLabel } from '../strings';
import type { Ecosystem } from '../api/marketplaceQueries';

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
  const { label: categoryLabel } = useCategories();
  return (
    <CardFrame name={ecosystem.name}>
      <CardHeading avatar={<EntityAvatar name={ecosystem.name} src={ecosystem.avatar} size={48} radius="md" />} href={href} name={ecosystem.name}>
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
      </CardHeading>
      <p className="marketplace-card-description">{ecosystem.description}</p>
      <div className="marketplace-card-row" data-align="baseline">
        <span className="marketplace-card-price">{priceLabel(ecosystem.monthlyPrice)}</span>
        {ecosystem.discount > 0 && (
          <>
            <s className="marketplace-card-old-price">{priceLabel(ecosystem.price)}</s>
            <Badge color="red" variant="light" size="sm">
              {strings.detail.discountValue(ecosystem.discount)}
            </Badge>
          </>
        )}
      </div>
      <CardFooter href={href} name={ecosystem.name} actions={actions} />
    </CardFrame>
  );
}
