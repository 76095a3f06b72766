import './marketplace.css';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CardFooter } from './CardFooter';
import { Link } from 'react-router-dom';
import { EntityAvatar } from '../../../shared/ui';
import { categoryLabel } from '../categories';
import { marketplaceStrings as strings, priceLabel } from '../strings';
import type { Agent } from '../types';

export interface AgentCardProps {
  agent: Agent;
  /** Where the name links to; the marketplace detail page by default. */
  href?: string;
  /** Buttons from other features (team, cart), composed by the app. */
  actions?: ReactNode;
}

export function AgentCard({ agent, href = `/marketplace/agent/${encodeURIComponent(agent.id)}`, actions }: AgentCardProps) {
  return (
    <Card withBorder radius="md" padding="md" role="listitem" aria-label={agent.name} className="marketplace-card">
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <EntityAvatar name={agent.name} src={agent.avatar} size={48} radius="md" />
          <div style={{ minWidth: 0, flex: 1 }}>
            <Text component={Link} to={href} fw={700} className="marketplace-card-title" lineClamp={2}>
              {agent.name}
            </Text>
            <Badge variant="light" color="indigo" size="sm" mt={4}>
              {categoryLabel(agent.category)}
            </Badge>
          </div>
        </Group>
        <div style={{ flex: 1 }}>
          <Text size="sm" c="dimmed" lineClamp={3}>
            {agent.description}
          </Text>
        </div>
        <Group justify="space-between" gap="xs">
          <Text fw={700} data-testid="agent-price">
            {priceLabel(agent.price)}
          </Text>
          <Text size="sm" c="yellow.4" aria-label={`${strings.rating}: ${strings.ratingValue(agent.rating)}`}>
            ★ {strings.ratingValue(agent.rating)}
          </Text>
        </Group>
        <CardFooter href={href} name={agent.name} actions={actions} />
      </Stack>
    </Card>
  );
}
