import { ActionIcon, Badge, Card, Group, SimpleGrid, Stack, Table, Tabs, Text, TextInput, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CategoryOption } from '../../../shared/config';
import { AppButton, ConfirmModal, useToast } from '../../../shared/ui';
import { adminKeys, failureOf, useAdminAgents, useAgentMetrics, useDeleteAgent, type AdminAgent } from '../api/adminQueries';
import { adminStrings } from '../strings';
import { formatNumber } from '../utils/format';
import { AgentEditModal } from './AgentEditModal';
import { ErrorAlert, LoadingText, PageHeader } from './parts';

const strings = adminStrings.agents;
/** 'Añadir Agente' opens the advanced creator (issue 17). */
export const ADD_AGENT_PATH = '/create-advanced-agent';

export interface AdminAgentsPageProps {
  categories: CategoryOption[];
}

/** Spec section 2, 'Panel de Administración': the agents as cards, and a dashboard of their figures. */
export function AdminAgentsPage({ categories }: AdminAgentsPageProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<string>('admin');
  const agents = useAdminAgents();

  const refresh = () => {
    void agents.refetch();
    // As if the dashboard opened afresh: a load still waiting is dropped, not waited for.
    void queryClient.resetQueries({ queryKey: adminKeys.metrics('agents') });
  };

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }}>
      <PageHeader
        title={strings.title}
        actions={
          <>
            <AppButton onClick={() => navigate(ADD_AGENT_PATH)}>{strings.add}</AppButton>
            <AppButton variant="outline" onClick={refresh}>
              {strings.refresh}
            </AppButton>
          </>
        }
      />
      <Tabs value={tab} onChange={(value) => setTab(value ?? 'admin')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="admin">{strings.tabs.admin}</Tabs.Tab>
          <Tabs.Tab value="dashboard">{strings.tabs.dashboard}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="admin" pt="md">
          <AgentsAdministration
            agents={agents.data ?? null}
            loading={agents.isFetching}
            error={failureOf(agents)}
            reload={() => void agents.refetch()}
            categories={categories}
          />
        </Tabs.Panel>
        <Tabs.Panel value="dashboard" pt="md">
          <AgentsDashboard categories={categories} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

interface AdministrationProps {
  agents: AdminAgent[] | null;
  loading: boolean;
  error: string | null;
  reload(): void;
  categories: CategoryOption[];
}

function AgentsAdministration({ agents, loading, error, reload, categories }: AdministrationProps) {
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AdminAgent | null>(null);
  const [deleting, setDeleting] = useState<AdminAgent | null>(null);
  const deleteAgent = useDeleteAgent();
  const label = useCategoryLabel(categories);

  const all = agents ?? [];
  const needle = search.trim().toLowerCase();
  const shown = needle ? all.filter((agent) => agent.name.toLowerCase().includes(needle)) : all;

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteAgent.mutateAsync(deleting.id);
      toast.success(strings.deleted(deleting.name));
    } catch {
      toast.error(strings.deleteFailed);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Stack gap="md">
      <TextInput
        aria-label={strings.search}
        placeholder={strings.search}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      {loading && agents === null ? (
        <LoadingText>{strings.loading}</LoadingText>
      ) : error ? (
        <ErrorAlert message={error} onRetry={reload} />
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {strings.count(shown.length, all.length)}
          </Text>
          {shown.length === 0 ? (
            <Text>{needle ? strings.empty : strings.none}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {shown.map((agent) => (
                <Card component="li" key={agent.id} aria-label={agent.name} withBorder padding="md" radius="md">
                  <Stack gap="xs" h="100%">
                    <Group justify="space-between" align="flex-start" wrap="nowrap">
                      <Text fw={700} style={{ overflowWrap: 'anywhere' }} component="h2" fz="md" m={0}>
                        {agent.name}
                      </Text>
                      <Badge color={agent.isPublic ? 'teal' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
                        {agent.isPublic ? strings.publicBadge : strings.privateBadge}
                      </Badge>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {label(agent.category)}
                    </Text>
                    <Text size="sm" lineClamp={3}>
                      {agent.description}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {strings.createdBy(agent.createdBy)} · {strings.cardAssignments(agent.assignments)} ·{' '}
                      {strings.cardConversations(agent.conversations)}
                    </Text>
                    <Group gap="xs" mt="auto" justify="flex-end">
                      <Tooltip label={strings.reload(agent.name)}>
                        <ActionIcon variant="subtle" color="indigo" aria-label={strings.reload(agent.name)} onClick={reload}>
                          <span aria-hidden>↻</span>
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={strings.edit(agent.name)}>
                        <ActionIcon variant="subtle" color="indigo" aria-label={strings.edit(agent.name)} onClick={() => setEditing(agent)}>
                          <span aria-hidden>✎</span>
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={strings.remove(agent.name)}>
                        <ActionIcon variant="subtle" color="red" aria-label={strings.remove(agent.name)} onClick={() => setDeleting(agent)}>
                          <TrashIcon />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          )}
        </>
      )}
      <AgentEditModal agent={editing} categories={categories} onClose={() => setEditing(null)} />
      <ConfirmModal
        cancelLabel={adminStrings.cancel}
        opened={deleting !== null}
        title={strings.deleteTitle}
        message={deleting ? strings.deleteConfirm(deleting.name) : ''}
        confirmLabel={strings.confirmDelete}
        busyLabel={strings.deleting}
        busy={deleteAgent.isPending}
        danger
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}

function useCategoryLabel(categories: CategoryOption[]) {
  const labels = useMemo(() => new Map(categories.map((option) => [option.value, option.label])), [categories]);
  return useCallback((category: string) => labels.get(category) ?? category, [labels]);
}

function AgentsDashboard({ categories }: { categories: CategoryOption[] }) {
  const metrics = useAgentMetrics();
  const label = useCategoryLabel(categories);

  if (metrics.isFetching && !metrics.data) return <LoadingText>{strings.loadingMetrics}</LoadingText>;
  const failure = failureOf(metrics);
  if (failure || !metrics.data) return <ErrorAlert message={failure ?? adminStrings.genericError} onRetry={() => void metrics.refetch()} />;
  const data = metrics.data;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <FigureCard label={strings.total} value={data.totalAgents} />
        <FigureCard label={strings.public} value={data.publicAgentsCount} />
        <FigureCard label={strings.private} value={data.privateAgentsCount} />
      </SimpleGrid>
      <Text component="h2" fw={700} fz="lg" m={0} id="admin-agents-detail">
        {strings.detail}
      </Text>
      <Table.ScrollContainer minWidth={640} type="native" tabIndex={0} role="region" aria-labelledby="admin-agents-detail">
        <Table striped aria-labelledby="admin-agents-detail">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{strings.columns.agent}</Table.Th>
              <Table.Th scope="col">{strings.columns.category}</Table.Th>
              <Table.Th scope="col">{strings.columns.assignments}</Table.Th>
              <Table.Th scope="col">{strings.columns.conversations}</Table.Th>
              <Table.Th scope="col">{strings.columns.createdBy}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.agents.map((agent) => (
              <Table.Tr key={agent.id}>
                <Table.Td>{agent.name}</Table.Td>
                <Table.Td>{label(agent.category)}</Table.Td>
                <Table.Td>{formatNumber(agent.assignments)}</Table.Td>
                <Table.Td>{formatNumber(agent.conversations)}</Table.Td>
                <Table.Td>{agent.createdBy}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

export function FigureCard({ label, value, detail }: { label: string; value: string | number; detail?: string }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={800} fz={28}>
        {typeof value === 'number' ? formatNumber(value) : value}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Card>
  );
}

/** Drawn rather than an emoji: not every system has a font with the wastebasket. */
function TrashIcon() {
  return (
    <svg aria-hidden width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </svg>
  );
}
