import './marketplace.css';
import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { CardFooter, CardFrame, CardHeading } from './CardParts';
import { CreatorLink } from './DetailParts';
import { useCategories } from '../../../shared/config';
import { EntityAvatar } from '../../../shared/ui';
import { marketplaceStrings as strings, priceLabel } from '../strings';
import type { Agent } from '../api/marketplaceQueries';

export interface AgentCardProps {
  agent: Agent;
  /** Where the name links to; the marketplace detail page by default. */
  href?: string;
  /** Buttons from other features (team, cart), composed by the app. */
  actions?: ReactNode;
}

export function AgentCard({ agent, href = `/marketplace/agent/${encodeURIComponent(agent.id)}`, actions }: AgentCardProps) {
  const { label: categoryLabel } = useCategories();
  return (
    <CardFrame name={agent.name}>
      <CardHeading avatar={<EntityAvatar name={agent.name} src={agent.avatar} size={48} radius="md" />} href={href} name={agent.name}>
        <Badge variant="light" color="indigo" size="sm" mt={4}>
          {categoryLabel(agent.category)}
        </Badge>
        <CreatorLink agent={agent} size="xs" />
      </CardHeading>
      <p className="marketplace-card-description">{agent.description}</p>
      <div className="marketplace-card-row">
        <span className="marketplace-card-price" data-testid="agent-price">
          {priceLabel(agent.price)}
        </span>
        {agent.ratingCount > 0 ? (
          <span className="marketplace-card-rating" role="img" aria-label={`${strings.rating}: ${strings.ratingWithCount(agent.rating, agent.ratingCount)}`}>
            ★ {strings.ratingValue(agent.rating)} ({agent.ratingCount.toLocaleString('es-ES')})
          </span>
        ) : (
          <span className="marketplace-card-rating">{strings.noRatings}</span>
        )}
      </div>
      <CardFooter href={href} name={agent.name} actions={actions} />
    </CardFrame>
  );
}
