import { Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import type { ReactNode } from 'react';
import { AppButton } from '../../../shared/ui';
import { useFiltersInUrl } from '../hooks/useFiltersInUrl';
import { useMarketplaceList } from '../hooks/useMarketplaceList';
import { marketplaceTabAtom, resetFiltersAtom, setMarketplaceTabAtom } from '../state/filters';
import { marketplaceStrings as strings } from '../strings';
import type { Agent, Ecosystem } from '../api/marketplaceQueries';
import type { MarketplaceKind } from '../types';
import { AgentCard } from './AgentCard';
import { CardGrid } from './CardGrid';
import { EcosystemCard } from './EcosystemCard';
import { MarketplaceFilters } from './MarketplaceFilters';
import { EmptyView, LoadErrorView, LoadingView } from './StatusViews';

export interface MarketplacePageProps {
  /** Per-card buttons from other features (add to the team, to the cart). */
  renderAgentActions?: (agent: Agent) => ReactNode;
  renderEcosystemActions?: (ecosystem: Ecosystem) => ReactNode;
  /** Shown beside the title (the cart link). */
  headerActions?: ReactNode;
}

export function MarketplacePage({ renderAgentActions, renderEcosystemActions, headerActions }: MarketplacePageProps) {
  // First: the address's filters and tab are in the atoms before anything below reads them.
  useFiltersInUrl();
  const tab = useAtomValue(marketplaceTabAtom);
  const setTab = useSetAtom(setMarketplaceTabAtom);
  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }} className="marketplace-page">
      {/* Actions under the title, not at its right: the assistant's opener floats at the top right. */}
      <Stack gap={6}>
        <Title order={1}>{strings.title}</Title>
        <Text c="dimmed">{strings.lead}</Text>
        {headerActions && <Group gap="sm">{headerActions}</Group>}
      </Stack>
      <Tabs value={tab} onChange={(value) => setTab((value as MarketplaceKind | null) ?? 'agents')} keepMounted={false}>
        <Tabs.List aria-label={strings.tabs.label}>
          <Tabs.Tab value="agents">{strings.tabs.agents}</Tabs.Tab>
          <Tabs.Tab value="ecosystems">{strings.tabs.ecosystems}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="agents" pt="md">
          <MarketplaceFilters kind="agents" />
          <AgentResults renderActions={renderAgentActions} />
        </Tabs.Panel>
        <Tabs.Panel value="ecosystems" pt="md">
          <MarketplaceFilters kind="ecosystems" />
          <EcosystemResults renderActions={renderEcosystemActions} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function ResultsFrame({
  list,
  empty,
  children,
  label,
}: {
  list: ReturnType<typeof useMarketplaceList>;
  /** What an empty grid says with filters set, and with none. */
  empty: { filtered: string; none: string };
  children: ReactNode;
  label: string;
}) {
  const reset = useSetAtom(resetFiltersAtom);
  if (list.status === 'loading') return <LoadingView />;
  if (list.status === 'error') return <LoadErrorView onRetry={list.retry} />;
  if (list.items.length === 0) return list.narrowed ? <EmptyView text={empty.filtered} onReset={reset} /> : <EmptyView text={empty.none} />;
  return (
    <Stack gap="md" mt="md">
      <Text size="sm" c="dimmed" aria-live="polite">
        {strings.results(list.items.length, list.total, list.totalIsExact)}
      </Text>
      <CardGrid label={label}>{children}</CardGrid>
      {list.hasMore && (
        <Group justify="center">
          <AppButton variant="outline" onClick={list.loadMore} loading={list.loadingMore}>
            {strings.loadMore}
          </AppButton>
        </Group>
      )}
    </Stack>
  );
}

function AgentResults({ renderActions }: { renderActions?: (agent: Agent) => ReactNode }) {
  const list = useMarketplaceList('agents');
  return (
    <ResultsFrame list={list} empty={{ filtered: strings.emptyAgents, none: strings.noAgentsYet }} label={strings.tabs.agents}>
      {list.items.map((agent) => (
        <AgentCard key={agent.id} agent={agent} actions={renderActions?.(agent)} />
      ))}
    </ResultsFrame>
  );
}

function EcosystemResults({ renderActions }: { renderActions?: (ecosystem: Ecosystem) => ReactNode }) {
  const list = useMarketplaceList('ecosystems');
  return (
    <ResultsFrame list={list} empty={{ filtered: strings.emptyEcosystems, none: strings.noEcosystemsYet }} label={strings.tabs.ecosystems}>
      {list.items.map((ecosystem) => (
        <EcosystemCard key={ecosystem.id} ecosystem={ecosystem} actions={renderActions?.(ecosystem)} />
      ))}
    </ResultsFrame>
  );
}
