import './flowEditor.css';
import { Alert, Checkbox, Group, List, Paper, Select, Stack, Text, Textarea, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useAtom, useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { isApiError } from '../../../shared/api';
import { AppButton, Spinner, useToast } from '../../../shared/ui';
import { flowsApi } from '../api/flowsApi';
import { removeSavedFlowAtom, savedFlowsAtom, savedFlowsStatusAtom, upsertSavedFlowAtom } from '../state/savedFlowsAtoms';
import { flowEditorStrings } from '../strings';
import type { FlowAgent, FlowDraft, SavedFlow } from '../types';
import { addAgentNode, connect, disconnect, emptyFlow, moveNode, nodeLabel, normaliseForSave, removeNode, stages, validateFlow } from '../utils/graph';

const FlowCanvas = lazy(() => import('./FlowCanvas'));

const strings = flowEditorStrings;
const errorText = (error: unknown, fallback: string) => (isApiError(error) && error.message ? error.message : fallback);

export interface FlowEditorPageProps {
  /** Follows a run's session (the collaboration feature's view, supplied by the app). */
  renderSession?: (sessionId: string) => ReactNode;
}

function SavedFlowList({ onLoad, onNew, activeId }: { onLoad: (flow: SavedFlow) => void; onNew: () => void; activeId?: string }) {
  const [flows, setFlows] = useAtom(savedFlowsAtom);
  const [status, setStatus] = useAtom(savedFlowsStatusAtom);
  const [reload, setReload] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    flowsApi.list(controller.signal).then(
      (value) => {
        if (controller.signal.aborted) return;
        setFlows(value);
        setStatus('ready');
      },
      () => {
        if (!controller.signal.aborted) setStatus('error');
      },
    );
    return () => controller.abort();
  }, [reload, setFlows, setStatus]);

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
      {status === 'loading' && <Spinner size="xs" label={strings.list.title} />}
      {status === 'error' && (
        <Alert color="red" role="alert" title={strings.list.loadError}>
          <AppButton size="xs" variant="outline" onClick={() => setReload((value) => value + 1)}>
            {strings.list.retry}
          </AppButton>
        </Alert>
      )}
      {status === 'ready' && flows.length === 0 && (
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
 * flow's nodes are named after: its agents are looked up one by one when a loaded flow names one
 * the picker has not offered.
 */
function useFlowAgents(flow: FlowDraft) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DELAY_MS);
  const [choices, setChoices] = useState<FlowAgent[]>([]);
  const [known, setKnown] = useState<FlowAgent[]>([]);
  const [agentsError, setAgentsError] = useState(false);
  const remember = (found: FlowAgent[]) =>
    setKnown((current) => [...current, ...found.filter((agent) => !current.some((item) => item.id === agent.id))]);

  useEffect(() => {
    const controller = new AbortController();
    flowsApi.searchAgents(debouncedSearch, controller.signal).then(
      (value) => {
        if (controller.signal.aborted) return;
        setAgentsError(false);
        setChoices(value);
        remember(value);
      },
      () => {
        if (!controller.signal.aborted) setAgentsError(true);
      },
    );
    return () => controller.abort();
  }, [debouncedSearch]);

  const unnamed = flow.nodes
    .map((node) => node.agentId)
    .filter((agentId): agentId is string => Boolean(agentId) && !known.some((agent) => agent.id === agentId));
  const unnamedKey = [...new Set(unnamed)].sort().join(',');
  useEffect(() => {
    if (!unnamedKey) return;
    const controller = new AbortController();
    // A node whose agent is gone keeps its id as its name.
    void Promise.allSettled(unnamedKey.split(',').map((agentId) => flowsApi.agent(agentId, controller.signal))).then((outcomes) => {
      if (controller.signal.aborted) return;
      remember(outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' && outcome.value ? [outcome.value] : [])));
    });
    return () => controller.abort();
  }, [unnamedKey]);

  return { choices, agents: known, agentsError, search, setSearch };
}

/** /agent-flow (admins): compose, save, load and run saved flows. */
export function FlowEditorPage({ renderSession }: FlowEditorPageProps) {
  const toast = useToast();
  const upsert = useSetAtom(upsertSavedFlowAtom);
  const removeSaved = useSetAtom(removeSavedFlowAtom);
  const [flow, setFlow] = useState<FlowDraft>(emptyFlow);
  const { choices, agents, agentsError, search, setSearch } = useFlowAgents(flow);
  const [pick, setPick] = useState<string | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [edgeError, setEdgeError] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [query, setQuery] = useState('');
  const [runError, setRunError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [sessionId, setSessionId] = useState<string | null>(null);

  const label = (id: string) => {
    const node = flow.nodes.find((item) => item.id === id);
    return node ? nodeLabel(node, agents) : id;
  };
  const nodeOptions = flow.nodes.map((node) => ({ value: node.id, label: nodeLabel(node, agents) }));
  const plan = stages(flow);

  const load = (saved: SavedFlow | null) => {
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
    setSaving(true);
    try {
      const body = normaliseForSave(flow);
      const saved = flow.id ? await flowsApi.update(flow.id, body) : await flowsApi.create(body);
      upsert(saved);
      setFlow(saved);
      toast.success(strings.form.saved);
    } catch (error) {
      setProblems([errorText(error, strings.form.saveError)]);
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!flow.id || !window.confirm(strings.form.confirmDelete(flow.name))) return;
    try {
      await flowsApi.remove(flow.id);
      removeSaved(flow.id);
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
    setRunning(true);
    try {
      const session = await flowsApi.run(flow.id, query.trim());
      setSessionId(session.id);
    } catch (error) {
      setRunError(errorText(error, strings.run.error));
    } finally {
      setRunning(false);
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
        <Stack gap="md">
          <SavedFlowList onLoad={load} onNew={() => load(null)} activeId={flow.id} />
          <Paper withBorder p="sm" component="section" aria-labelledby="flow-nodes-title">
            <Title order={2} fz="md" id="flow-nodes-title" mb="xs">
              {strings.nodes.add}
            </Title>
            {agentsError && (
              <Alert color="red" role="alert" p="xs">
                {strings.nodes.agentsError}
              </Alert>
            )}
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
                  if (pick) setFlow((current) => addAgentNode(current, pick));
                  setPick(null);
                  setSearch('');
                }}
              >
                {strings.nodes.addButton}
              </AppButton>
            </Group>
            <List size="sm" mt="sm" aria-label={strings.nodes.agent}>
              {flow.nodes
                .filter((node) => node.type === 'agent')
                .map((node) => (
                  <List.Item key={node.id}>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm">{label(node.id)}</Text>
                      <AppButton size="xs" variant="outline" onClick={() => setFlow((current) => removeNode(current, node.id))}>
                        {strings.nodes.remove(label(node.id))}
                      </AppButton>
                    </Group>
                  </List.Item>
                ))}
            </List>
          </Paper>
        </Stack>

        <Stack gap="md" style={{ minWidth: 0 }}>
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
              <List size="sm" mt="xs">
                {flow.edges.map((edge) => (
                  <List.Item key={`${edge.source}->${edge.target}`}>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm">
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

        <Stack gap="md">
          <Paper withBorder p="sm" component="form" aria-label={strings.form.save} onSubmit={(event) => { event.preventDefault(); void save(); }}>
            <Stack gap="xs">
              <TextInput label={strings.form.name} value={flow.name} onChange={(event) => { const name = event.currentTarget.value; setFlow((current) => ({ ...current, name })); }} maxLength={120} />
              <Textarea label={strings.form.description} value={flow.description} onChange={(event) => { const description = event.currentTarget.value; setFlow((current) => ({ ...current, description })); }} autosize minRows={2} />
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
