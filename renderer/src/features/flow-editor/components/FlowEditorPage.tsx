import './flowEditor.css';
import { Alert, Checkbox, Group, List, Paper, Select, Stack, Text, Textarea, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { isApiError } from '../../../shared/api';
import { useFormLimits } from '../../../shared/config';
import { AppButton, Spinner, useToast } from '../../../shared/ui';
import {
  useAgentChoices,
  useDeleteFlow,
  useFlowAgents,
  useRetryFlowAgents,
  useRunFlow,
  useSavedFlows,
  useSaveFlow,
  type FlowAgent,
  type SavedFlow,
} from '../api/flowQueries';
import type { FlowDraft } from '../draft';
import { flowEditorStrings } from '../strings';
import { addAgentNode, connect, disconnect, emptyFlow, moveNode, nodeLabel, normaliseForSave, removeNode, stages, validateFlow } from '../utils/graph';

const FlowCanvas = lazy(() => import('./FlowCanvas'));

const strings = flowEditorStrings;
const errorText = (error: unknown, fallback: string) => (isApiError(error) && error.message ? error.message : fallback);

export interface FlowEditorPageProps {
  /** Follows a run's session (the collaboration feature's view, supplied by the app). */
  renderSession?: (sessionId: string) => ReactNode;
}

/** A load that failed (not while it is tried again): the screen's title over the server's message, with 'Reintentar'. */
function LoadFailure({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <Alert color="red" role="alert" p="xs" title={title}>
      {message && (
        <Text size="sm" mb="xs">
          {message}
        </Text>
      )}
      <AppButton size="xs" variant="outline" onClick={onRetry}>
        {strings.list.retry}
      </AppButton>
    </Alert>
  );
}

function SavedFlowList({ onLoad, onNew, activeId }: { onLoad: (flow: SavedFlow) => void; onNew: () => void; activeId?: string }) {
  const saved = useSavedFlows();
  const flows = saved.data ?? [];
  const failed = saved.error !== null && !saved.isFetching;

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="saved-flows-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="md" id="saved-flows-title">
          {strings.list.title}
        </Title>
        <AppButton size="xs" variant="outline" onClick={onNew}>
          {strings.list.newFlow}
        </AppButton>
      </Group>
      {saved.isLoading && <Spinner size="xs" label={strings.list.title} />}
      {failed && <LoadFailure title={strings.list.loadError} message={errorText(saved.error, '')} onRetry={() => void saved.refetch()} />}
      {saved.data && !failed && flows.length === 0 && (
        <Text size="sm" c="dimmed">
          {strings.list.empty}
        </Text>
      )}
      <Stack gap={4}>
        {flows.map((flow) => (
          <UnstyledButton
            key={flow.id}
            className="flow-list-item"
            aria-label={strings.list.load(flow.isTemplate ? `${flow.name} · ${strings.list.template}` : flow.name)}
            aria-current={flow.id === activeId ? 'true' : undefined}
            onClick={() => onLoad(flow)}
          >
            <Text size="sm" fw={flow.id === activeId ? 700 : 400}>
              {flow.name}
              {flow.isTemplate ? ` · ${strings.list.template}` : ''}
            </Text>
          </UnstyledButton>
        ))}
      </Stack>
    </Paper>
  );
}

const SEARCH_DELAY_MS = 250;

/**
 * The agents the picker offers (the server's best matches for what the admin types) and those the
 * flow's nodes are named after: as the picker offered them when they were added or the flow was
 * loaded, else looked up one by one.
 */
function useNodeAgents(flow: FlowDraft) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DELAY_MS);
  const choices = useAgentChoices(debouncedSearch);
  const offered = useMemo(() => choices.data ?? [], [choices.data]);
  const [named, setNamed] = useState<FlowAgent[]>([]);

  /** Keeps the names the picker offers now for these agents. */
  const remember = (agentIds: (string | undefined)[]) => {
    const found = offered.filter((agent) => agentIds.includes(agent.id));
    setNamed((current) => [...current.filter((agent) => !found.some((item) => item.id === agent.id)), ...found]);
  };

  const unnamed = [
    ...new Set(flow.nodes.flatMap((node) => (node.agentId && !named.some((agent) => agent.id === node.agentId) ? [node.agentId] : []))),
  ].sort();
  const lookups = useFlowAgents(unnamed);
  const retryLookups = useRetryFlowAgents();
  const agents = useMemo(() => [...named, ...lookups.agents], [named, lookups.agents]);

  const choicesFailed = choices.error !== null && !choices.isFetching;
  const agentsError = choicesFailed ? errorText(choices.error, '') : lookups.failed.length > 0 ? lookups.failed[0]!.message : null;
  const retryAgents = () => {
    if (choicesFailed) void choices.refetch();
    retryLookups(lookups.failed.map((failure) => failure.id));
  };

  return { choices: offered, agents, agentsError, retryAgents, remember, search, setSearch };
}

/** /agent-flow (admins): compose, save, load and run saved flows. */
export function FlowEditorPage({ renderSession }: FlowEditorPageProps) {
  const toast = useToast();
  // The server's bounds of a flow's texts (GET /api/config); until they arrive, the server alone checks them.
  const limits = useFormLimits()?.flow ?? null;
  const saveFlow = useSaveFlow();
  const deleteFlow = useDeleteFlow();
  const runFlow = useRunFlow();
  const [flow, setFlow] = useState<FlowDraft>(emptyFlow);
  const { choices, agents, agentsError, retryAgents, remember, search, setSearch } = useNodeAgents(flow);
  const [pick, setPick] = useState<string | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [edgeError, setEdgeError] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [query, setQuery] = useState('');
  const [runError, setRunError] = useState<string | null>(null);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const saving = saveFlow.isPending;
  const running = runFlow.isPending;

  const label = (id: string) => {
    const node = flow.nodes.find((item) => item.id === id);
    return node ? nodeLabel(node, agents) : id;
  };
  const nodeOptions = flow.nodes.map((node) => ({ value: node.id, label: nodeLabel(node, agents) }));
  const plan = stages(flow);

  const load = (saved: SavedFlow | null) => {
    if (saved) remember(saved.nodes.map((node) => node.agentId));
    setFlow(saved ? { ...saved, nodes: saved.nodes.length ? saved.nodes : emptyFlow().nodes } : emptyFlow());
    setProblems([]);
    setSessionId(null);
    setRunError(null);
  };

  const addEdge = (source: string, target: string) => {
    const result = connect(flow, source, target);
    setEdgeError(result.error);
    if (!result.error) setFlow(result.flow);
  };

  const save = async () => {
    const found = validateFlow(flow);
    setProblems(found);
    if (found.length > 0) return;
    try {
      setFlow(await saveFlow.mutateAsync(normaliseForSave(flow)));
      toast.success(strings.form.saved);
    } catch (error) {
      setProblems([errorText(error, strings.form.saveError)]);
    }
  };

  const remove = async () => {
    if (!flow.id || !window.confirm(strings.form.confirmDelete(flow.name))) return;
    try {
      await deleteFlow.mutateAsync(flow.id);
      setFlow(emptyFlow());
      toast.success(strings.form.deleted);
    } catch (error) {
      toast.error(errorText(error, strings.form.deleteError));
    }
  };

  const run = async () => {
    setRunError(null);
    if (!flow.id) {
      setRunError(strings.run.needsSave);
      return;
    }
    if (!query.trim()) {
      setRunError(strings.run.emptyQuery);
      return;
    }
    try {
      const session = await runFlow.mutateAsync({ id: flow.id, query: query.trim() });
      setSessionId(session.id);
    } catch (error) {
      setRunError(errorText(error, strings.run.error));
    }
  };

  return (
    <div className="flow-editor">
      <header>
        <Title order={1} fz="xl">
          {strings.title}
        </Title>
        <Text size="sm" c="dimmed" maw={760}>
          {strings.intro}
        </Text>
      </header>
      <div className="flow-editor-grid">
        <Stack gap="md" className="flow-editor-tools">
          <SavedFlowList onLoad={load} onNew={() => load(null)} activeId={flow.id} />
          <Paper withBorder p="sm" component="section" aria-labelledby="flow-nodes-title">
            <Title order={2} fz="md" id="flow-nodes-title" mb="xs">
              {strings.nodes.add}
            </Title>
            {agentsError !== null && <LoadFailure title={strings.nodes.agentsError} message={agentsError} onRetry={retryAgents} />}
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <Select
                label={strings.nodes.agent}
                data={choices.map((agent) => ({ value: agent.id, label: agent.name }))}
                value={pick}
                onChange={setPick}
                searchable
                searchValue={search}
                onSearchChange={setSearch}
                // The server has chosen them by the search already (names and descriptions alike).
                filter={({ options }) => options}
                style={{ flex: 1 }}
              />
              <AppButton
                size="sm"
                disabled={!pick}
                onClick={() => {
                  if (pick) {
                    remember([pick]);
                    setFlow((current) => addAgentNode(current, pick));
                  }
                  setPick(null);
                  setSearch('');
                }}
              >
                {strings.nodes.addButton}
              </AppButton>
            </Group>
            <List size="sm" mt="sm" aria-label={strings.nodes.agent} classNames={{ itemWrapper: 'flow-item-wrapper', itemLabel: 'flow-item-label' }}>
              {flow.nodes
                .filter((node) => node.type === 'agent')
                .map((node) => (
                  <List.Item key={node.id}>
                    <Group gap="xs" wrap="nowrap" className="flow-item">
                      <Text size="sm" className="flow-item-name">
                        {label(node.id)}
                      </Text>
                      {/* The name is beside it: the button says 'Quitar' and is named 'Quitar {agent}'. */}
                      <AppButton
                        size="xs"
                        variant="outline"
                        aria-label={strings.nodes.remove(label(node.id))}
                        onClick={() => setFlow((current) => removeNode(current, node.id))}
                      >
                        {strings.nodes.removeShort}
                      </AppButton>
                    </Group>
                  </List.Item>
                ))}
            </List>
          </Paper>
        </Stack>

        <Stack gap="md" className="flow-editor-main">
          <Suspense fallback={<Spinner size="sm" label={strings.canvas} />}>
            <FlowCanvas
              flow={flow}
              agents={agents}
              onMove={(id, position) => setFlow((current) => moveNode(current, id, position))}
              onConnect={addEdge}
              onDisconnect={(source, target) => setFlow((current) => disconnect(current, source, target))}
              onRemoveNode={(id) => setFlow((current) => removeNode(current, id))}
            />
          </Suspense>
          <Paper withBorder p="sm" component="section" aria-labelledby="flow-edges-title">
            <Title order={2} fz="md" id="flow-edges-title" mb="xs">
              {strings.edges.title}
            </Title>
            <Group align="flex-end" gap="xs">
              <Select label={strings.edges.from} data={nodeOptions} value={from} onChange={setFrom} />
              <Select label={strings.edges.to} data={nodeOptions} value={to} onChange={setTo} />
              <AppButton size="sm" disabled={!from || !to} onClick={() => from && to && addEdge(from, to)}>
                {strings.edges.connect}
              </AppButton>
            </Group>
            {edgeError && (
              <Text size="sm" c="red" role="alert" mt="xs">
                {edgeError}
              </Text>
            )}
            {flow.edges.length === 0 ? (
              <Text size="sm" c="dimmed" mt="xs">
                {strings.edges.none}
              </Text>
            ) : (
              <List size="sm" mt="xs" classNames={{ itemWrapper: 'flow-item-wrapper', itemLabel: 'flow-item-label' }}>
                {flow.edges.map((edge) => (
                  <List.Item key={`${edge.source}->${edge.target}`}>
                    <Group gap="xs" wrap="nowrap" className="flow-item">
                      <Text size="sm" className="flow-item-name">
                        {label(edge.source)} → {label(edge.target)}
                      </Text>
                      <AppButton
                        size="xs"
                        variant="outline"
                        aria-label={strings.edges.remove(label(edge.source), label(edge.target))}
                        onClick={() => setFlow((current) => disconnect(current, edge.source, edge.target))}
                      >
                        ×
                      </AppButton>
                    </Group>
                  </List.Item>
                ))}
              </List>
            )}
            {plan.length > 0 && (
              <div>
                <Text size="sm" fw={600} mt="sm">
                  {strings.plan.title}
                </Text>
                <List size="sm" type="ordered" aria-label={strings.plan.title}>
                  {plan.map((stage, index) => (
                    <List.Item key={stage.map((node) => node.id).join()}>
                      {strings.plan.step(index + 1, stage.map((node) => label(node.id)).join(', '), stage.length > 1)}
                    </List.Item>
                  ))}
                  <List.Item>{strings.plan.synthesis}</List.Item>
                </List>
              </div>
            )}
          </Paper>
        </Stack>

        <Stack gap="md" className="flow-editor-settings">
          <Paper withBorder p="sm" component="form" aria-label={strings.form.save} onSubmit={(event) => { event.preventDefault(); void save(); }}>
            <Stack gap="xs">
              <TextInput label={strings.form.name} value={flow.name} onChange={(event) => { const name = event.currentTarget.value; setFlow((current) => ({ ...current, name })); }} maxLength={limits?.name.max} />
              <Textarea label={strings.form.description} value={flow.description} onChange={(event) => { const description = event.currentTarget.value; setFlow((current) => ({ ...current, description })); }} maxLength={limits?.description.max} autosize minRows={2} />
              <Checkbox label={strings.form.template} checked={flow.isTemplate} onChange={(event) => { const isTemplate = event.currentTarget.checked; setFlow((current) => ({ ...current, isTemplate })); }} />
              {problems.length > 0 && (
                <Alert color="red" role="alert" p="xs">
                  <List size="sm">
                    {problems.map((problem) => (
                      <List.Item key={problem}>{problem}</List.Item>
                    ))}
                  </List>
                </Alert>
              )}
              <Group gap="xs">
                <AppButton type="submit" loading={saving}>
                  {strings.form.save}
                </AppButton>
                {flow.id && (
                  <AppButton variant="danger" onClick={() => void remove()}>
                    {strings.form.delete}
                  </AppButton>
                )}
              </Group>
            </Stack>
          </Paper>
          <Paper withBorder p="sm" component="section" aria-labelledby="flow-run-title">
            <Title order={2} fz="md" id="flow-run-title" mb="xs">
              {strings.run.title}
            </Title>
            <Textarea label={strings.run.query} value={query} onChange={(event) => setQuery(event.currentTarget.value)} autosize minRows={2} />
            {runError && (
              <Text size="sm" c="red" role="alert" mt="xs">
                {runError}
              </Text>
            )}
            <AppButton mt="xs" onClick={() => void run()} loading={running}>
              {strings.run.button}
            </AppButton>
            {sessionId && renderSession && <div className="flow-run-session">{renderSession(sessionId)}</div>}
          </Paper>
        </Stack>
      </div>
    </div>
  );
}
