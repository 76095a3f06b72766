import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCategories } from '../../../shared/config';
import { EntityAvatar } from '../../../shared/ui';
import { type Agent, type Ecosystem, isGone, loadView, type LoadView, useAgents, useEcosystem } from '../api/marketplaceQueries';
import { marketplaceStrings as strings, priceLabel } from '../strings';
import { AgentCard } from './AgentCard';
import { CardGrid } from './CardGrid';
import { BackLink, Fact, TagList } from './DetailParts';
import { EmptyView, LoadErrorView, LoadingView } from './StatusViews';

/**
 * The ecosystem, then each of its agents. An agent that is gone or private (404) is left out; any
 * other failure is the page's, with 'Reintentar' for what failed.
 */
function useEcosystemWithAgents(id: string | undefined) {
  const ecosystem = useEcosystem(id);
  const agents = useAgents(ecosystem.data?.agentIds ?? []);
  const shown = agents.filter((agent) => !isGone(agent.error));
  const agentViews = shown.map(loadView);
  const ecosystemView = id ? loadView(ecosystem) : 'not-found';
  const view: LoadView =
    ecosystemView !== 'ready' ? ecosystemView : agentViews.includes('error') ? 'error' : agentViews.includes('loading') ? 'loading' : 'ready';
  return {
    view,
    ecosystem: ecosystem.data,
    agents: shown.flatMap((agent) => (agent.data ? [agent.data] : [])),
    retry: () => {
      for (const load of [ecosystem, ...shown]) if (load.isError) void load.refetch();
    },
  };
}

export interface EcosystemDetailPageProps {
  ecosystemId: string | undefined;
  renderActions?: (ecosystem: Ecosystem) => ReactNode;
  renderAgentActions?: (agent: Agent) => ReactNode;
  /** Where an agent card links to (the marketplace detail page by default). */
  agentHref?: (agent: Agent) => string;
  backTo?: string;
  backLabel?: string;
}

/** /marketplace/ecosystem/{id} and /my-office/ecosystem/{id}: the ecosystem, its agents and discount. */
export function EcosystemDetailPage({
  ecosystemId,
  renderActions,
  renderAgentActions,
  agentHref,
  backTo = '/marketplace',
  backLabel = strings.detail.back,
}: EcosystemDetailPageProps) {
  const { view, ecosystem, agents, retry } = useEcosystemWithAgents(ecosystemId);
  return (
    <Stack gap="md" p={{ base: 'md', sm: 'xl' }} maw={1300}>
      <BackLink to={backTo} label={backLabel} />
      {view === 'loading' && <LoadingView />}
      {view === 'error' && <LoadErrorView onRetry={retry} />}
      {view === 'not-found' && (
        <Stack gap="xs">
          <Title order={1}>{strings.detail.ecosystemNotFound}</Title>
          <EmptyView text={strings.detail.ecosystemNotFoundText} />
        </Stack>
      )}
      {view === 'ready' && ecosystem && (
        <EcosystemDetailView
          ecosystem={ecosystem}
          agents={agents}
          actions={renderActions?.(ecosystem)}
          renderAgentActions={renderAgentActions}
          agentHref={agentHref}
        />
      )}
    </Stack>
  );
}

export function EcosystemDetailView({
  ecosystem,
  agents,
  actions,
  renderAgentActions,
  agentHref,
}: {
  ecosystem: Ecosystem;
  agents: Agent[];
  actions?: ReactNode;
  renderAgentActions?: (agent: Agent) => ReactNode;
  agentHref?: (agent: Agent) => string;
}) {
  const { label: categoryLabel } = useCategories();
  const separate = agents.reduce((sum, agent) => sum + agent.price, 0);
  return (
    <Stack gap="lg">
      <Group gap="md" align="flex-start" wrap="nowrap">
        <EntityAvatar name={ecosystem.name} src={ecosystem.avatar} size={72} radius="md" />
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {ecosystem.name}
          </Title>
          <Group gap={6}>
            <Badge variant="light" color="teal">
              {categoryLabel(ecosystem.category)}
            </Badge>
            {ecosystem.featured && <Badge color="yellow">{strings.detail.featured}</Badge>}
            <Text size="sm" c="dimmed">
              {strings.createdBy(ecosystem.createdBy)}
            </Text>
          </Group>
          <TagList tags={ecosystem.tags} />
        </Stack>
      </Group>
      <Text>{ecosystem.description}</Text>
      <Group gap="xl">
        <Fact label={strings.price} value={priceLabel(ecosystem.price)} />
        {/* Without a discount the price is the final price: no '-0 %' and no second copy of it. */}
        {ecosystem.discount > 0 && (
          <>
            <Fact label={strings.detail.discount} value={strings.detail.discountValue(ecosystem.discount)} testId="ecosystem-discount" />
            <Fact label={strings.detail.finalPrice} value={priceLabel(ecosystem.monthlyPrice)} testId="ecosystem-final-price" />
          </>
        )}
        {agents.length > 0 && <Fact label={strings.detail.separatePrice} value={priceLabel(separate)} />}
      </Group>
      {actions && <Group gap="sm">{actions}</Group>}
      <Stack gap="sm" component="section" aria-labelledby="ecosystem-agents-title">
        <Title order={2} fz="xl" id="ecosystem-agents-title">
          {strings.detail.ecosystemAgents} ({agents.length})
        </Title>
        {agents.length === 0 ? (
          <EmptyView text={strings.detail.ecosystemNoAgents} />
        ) : (
          <CardGrid label={strings.detail.ecosystemAgents}>
            {agents.map((agent) => (
              <AgentCard key={agent.id} agent={agent} href={agentHref?.(agent)} actions={renderAgentActions?.(agent)} />
            ))}
          </CardGrid>
        )}
      </Stack>
    </Stack>
  );
}
