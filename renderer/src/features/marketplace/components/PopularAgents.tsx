import { Anchor, Group, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { isApiError } from '../../../shared/api';
import { fetchPopularAgents } from '../api/marketplaceApi';
import { marketplaceStrings as strings } from '../strings';
import type { Agent } from '../types';
import { AgentCard } from './AgentCard';
import { CardGrid } from './CardGrid';
import { LoadErrorView, LoadingView } from './StatusViews';

export const POPULAR_AGENTS_LIMIT = 4;

/** The landing page's showcase: the most popular public agents with a description, linking into the marketplace. */
export function PopularAgents() {
  const [state, setState] = useState<{ status: 'loading' | 'error' } | { status: 'ready'; agents: Agent[] }>({
    status: 'loading',
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchPopularAgents(POPULAR_AGENTS_LIMIT, controller.signal).then(
      (page) => setState({ status: 'ready', agents: page.items }),
      (error: unknown) => {
        if (!(isApiError(error) && error.kind === 'aborted')) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  if (state.status === 'ready' && state.agents.length === 0) return null;
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
      {state.status === 'loading' && <LoadingView />}
      {state.status === 'error' && <LoadErrorView onRetry={() => setAttempt((value) => value + 1)} />}
      {state.status === 'ready' && (
        <CardGrid label={strings.popular.title}>
          {state.agents.map((agent) => (
            <AgentCard key={agent.id} agent={agent} />
          ))}
        </CardGrid>
      )}
    </Stack>
  );
}
