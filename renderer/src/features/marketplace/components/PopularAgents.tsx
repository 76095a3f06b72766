import { Anchor, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { usePopularAgents } from '../api/marketplaceQueries';
import { marketplaceStrings as strings } from '../strings';
import { AgentCard } from './AgentCard';
import { CardGrid } from './CardGrid';
import { LoadErrorView, LoadingView } from './StatusViews';

export const POPULAR_AGENTS_LIMIT = 4;

/** The landing page's showcase: the most popular public agents with a description, linking into the marketplace. */
export function PopularAgents() {
  const popular = usePopularAgents(POPULAR_AGENTS_LIMIT);
  if (popular.data?.length === 0) return null;
  // While 'Reintentar' loads again, the spinner replaces the error.
  const view = popular.error && !popular.isFetching ? 'error' : popular.data ? 'ready' : 'loading';
  return (
    <Stack gap="md" component="section" aria-labelledby="popular-agents-title">
      <Group justify="space-between" align="baseline">
        <Title order={2} id="popular-agents-title">
          {strings.popular.title}
        </Title>
        <Anchor component={Link} to="/marketplace" c="indigo.3">
          {strings.popular.seeAll}
        </Anchor>
      </Group>
      {view === 'loading' && <LoadingView />}
      {view === 'error' && <LoadErrorView onRetry={() => void popular.refetch()} />}
      {view === 'ready' && (
        <CardGrid label={strings.popular.title}>
          {popular.data?.map((agent) => (
            <AgentCard key={agent.id} agent={agent} />
          ))}
        </CardGrid>
      )}
    </Stack>
  );
}
