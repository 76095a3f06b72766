import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { EntityAvatar } from '../../../shared/ui';
import { loadView, useCreator, type Agent, type Ecosystem } from '../api/marketplaceQueries';
import { marketplaceStrings as strings } from '../strings';
import { AgentCard } from './AgentCard';
import { CardGrid } from './CardGrid';
import { BackLink, Fact } from './DetailParts';
import { EcosystemCard } from './EcosystemCard';
import { EmptyView, LoadErrorView, LoadingView } from './StatusViews';

const monthYear = new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric' });

export interface CreatorPageProps {
  username: string | undefined;
  /** Buttons from other features (team, cart) on each agent's card, composed by the app. */
  renderAgentActions?: (agent: Agent) => ReactNode;
  renderEcosystemActions?: (ecosystem: Ecosystem) => ReactNode;
}

/** /creadores/{username} (issue 34): a creator's name, since when, rating, and public agents and ecosystems as marketplace cards. */
export function CreatorPage({ username, renderAgentActions, renderEcosystemActions }: CreatorPageProps) {
  const creator = useCreator(username);
  const view = username ? loadView(creator) : 'not-found';
  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }} maw={1400}>
      <BackLink to="/marketplace" label={strings.detail.back} />
      {view === 'loading' && <LoadingView />}
      {view === 'error' && <LoadErrorView onRetry={() => void creator.refetch()} />}
      {view === 'not-found' && (
        <Stack gap="xs">
          <Title order={1}>{strings.creator.notFound}</Title>
          <EmptyView text={strings.creator.notFoundText} />
        </Stack>
      )}
      {view === 'ready' && creator.data && (
        <>
          <Group gap="md" align="center" wrap="nowrap">
            <EntityAvatar name={creator.data.name} src={creator.data.avatar} size={72} radius="xl" />
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Title order={1} fz={{ base: 26, sm: 32 }}>
                {creator.data.name}
              </Title>
              <Text size="sm" c="dimmed">
                {strings.creator.memberSince(monthYear.format(new Date(creator.data.memberSince)))}
              </Text>
            </Stack>
          </Group>
          <Group gap="xl">
            <Fact
              label={strings.creator.ratingTitle}
              value={creator.data.ratingCount > 0 ? `★ ${strings.ratingWithCount(creator.data.rating, creator.data.ratingCount)}` : strings.noRatings}
            />
          </Group>
          <Stack gap="sm" component="section" aria-labelledby="creator-agents">
            <Title order={2} fz="xl" id="creator-agents">
              {strings.creator.agents}
            </Title>
            {creator.data.agents.length === 0 ? (
              <EmptyView text={strings.creator.noAgents} />
            ) : (
              <CardGrid label={strings.creator.agents}>
                {creator.data.agents.map((agent) => (
                  <AgentCard key={agent.id} agent={agent} actions={renderAgentActions?.(agent)} />
                ))}
              </CardGrid>
            )}
          </Stack>
          <Stack gap="sm" component="section" aria-labelledby="creator-ecosystems">
            <Title order={2} fz="xl" id="creator-ecosystems">
              {strings.creator.ecosystems}
            </Title>
            {creator.data.ecosystems.length === 0 ? (
              <EmptyView text={strings.creator.noEcosystems} />
            ) : (
              <CardGrid label={strings.creator.ecosystems}>
                {creator.data.ecosystems.map((ecosystem) => (
                  <EcosystemCard key={ecosystem.id} ecosystem={ecosystem} actions={renderEcosystemActions?.(ecosystem)} />
                ))}
              </CardGrid>
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
