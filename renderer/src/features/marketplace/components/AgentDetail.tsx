import { Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCategories } from '../../../shared/config';
import { EntityAvatar } from '../../../shared/ui';
import { type Agent, loadView, useAgent } from '../api/marketplaceQueries';
import { marketplaceStrings as strings, priceLabel } from '../strings';
import { BackLink, CreatorLink, Fact, ItemList } from './DetailParts';
import { AgentReviews, type ReviewViewer } from './AgentReviews';
import { ShareAgentButton } from './ShareAgentButton';
import { EmptyView, LoadErrorView, LoadingView } from './StatusViews';

export interface AgentDetailViewProps {
  agent: Agent;
  actions?: ReactNode;
  /** With it, the agent's reviews show under its details (the marketplace's page); null: a visitor. */
  viewer?: ReviewViewer | null;
}

/** One agent: description, skills, capabilities, use cases, price and rating. */
export function AgentDetailView({ agent, actions, viewer }: AgentDetailViewProps) {
  const { label: categoryLabel } = useCategories();
  return (
    <Stack gap="lg">
      <Group gap="md" align="flex-start" wrap="nowrap">
        <EntityAvatar name={agent.name} src={agent.avatar} size={72} radius="md" />
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 26, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
            {agent.name}
          </Title>
          <Group gap={6}>
            <Badge variant="light" color="indigo">
              {categoryLabel(agent.category)}
            </Badge>
            <CreatorLink agent={agent} />
          </Group>
        </Stack>
      </Group>
      <Text>{agent.description}</Text>
      <Group gap="xl">
        <Fact label={strings.price} value={priceLabel(agent.price)} testId="agent-detail-price" />
        <Fact label={strings.rating} value={agent.ratingCount > 0 ? `★ ${strings.ratingWithCount(agent.rating, agent.ratingCount)}` : strings.noRatings} />
        <Fact label={strings.popularity} value={agent.popularity.toLocaleString('es-ES')} />
      </Group>
      {(actions || agent.isPublic) && (
        <Group gap="sm">
          {actions}
          <ShareAgentButton agent={agent} />
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <ItemList title={strings.detail.skills} items={agent.skills} />
        <ItemList title={strings.detail.capabilities} items={agent.capabilities} />
        <ItemList title={strings.detail.useCases} items={agent.useCases} />
      </SimpleGrid>
      {viewer !== undefined && <AgentReviews agent={agent} viewer={viewer} />}
    </Stack>
  );
}

export interface AgentDetailPageProps {
  agentId: string | undefined;
  renderActions?: (agent: Agent) => ReactNode;
  backTo?: string;
  backLabel?: string;
  /** Who is looking, for the reviews (see AgentDetailViewProps.viewer). */
  viewer?: ReviewViewer | null;
}

/** /marketplace/agent/{id} and /agentes/{agentId}: loads the agent (10 s time-out) and shows it. */
export function AgentDetailPage({
  agentId,
  renderActions,
  backTo = '/marketplace',
  backLabel = strings.detail.back,
  viewer,
}: AgentDetailPageProps) {
  const agent = useAgent(agentId);
  const view = agentId ? loadView(agent) : 'not-found';
  return (
    <Stack gap="md" p={{ base: 'md', sm: 'xl' }} maw={1100}>
      <BackLink to={backTo} label={backLabel} />
      {view === 'loading' && <LoadingView />}
      {view === 'error' && <LoadErrorView onRetry={() => void agent.refetch()} />}
      {view === 'not-found' && (
        <Stack gap="xs">
          <Title order={1}>{strings.detail.agentNotFound}</Title>
          <EmptyView text={strings.detail.agentNotFoundText} />
        </Stack>
      )}
      {view === 'ready' && agent.data && <AgentDetailView agent={agent.data} actions={renderActions?.(agent.data)} viewer={viewer} />}
    </Stack>
  );
}
