import { Alert, Anchor, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../../shared/api';
import { AppButton, AppModal, useToast } from '../../../shared/ui';
import { agentEditorApi } from '../api/agentEditorApi';
import { useModelCatalogue } from '../../../shared/models';
import { useUnsavedChangesGuard } from '../hooks/useUnsavedChangesGuard';
import { agentEditorStrings as strings } from '../strings';
import type { AgentEditor, AgentFormValues, CategoryOption, EditableAgent, SavedAgent } from '../types';
import { emptyAgentForm, formFromAgent, sameForm, toSaveBody } from '../utils/agentForm';
import { AgentEditorForm } from './AgentEditorForm';

/** Where the user lands after deleting an agent. */
const AFTER_DELETE_PATH = '/my-office';

export interface AgentEditorTab {
  value: string;
  label: string;
  content: ReactNode;
}

export interface AgentEditorPageProps {
  /** Edits this agent; without it, creates one. */
  agentId?: string;
  /** Who is signed in; only the creator or an admin may edit. */
  editor: AgentEditor | null;
  /** The marketplace's closed list of categories. */
  categories: CategoryOption[];
  /** Told after every save, to show the agent under 'Mis Agentes' at once. */
  onSaved?(agent: SavedAgent): void;
  onDeleted?(agentId: string): void;
  /**
   * More tabs beside 'Configuración' when editing (prompt versions, test cases, fine-tuning); a
   * tab that changes the current prompt calls `promptChanged` so that the form shows the new one.
   */
  extraTabs?: (helpers: { promptChanged(): void }) => AgentEditorTab[];
}

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; agent: EditableAgent | null; prompt: string | null };

function mayEdit(editor: AgentEditor | null, agent: EditableAgent): boolean {
  if (!editor) return false;
  return editor.isAdmin || (agent.creatorId !== null && agent.creatorId === editor.userId);
}

/** /create-advanced-agent and /edit-advanced-agent/{agentId}: the advanced agent form. */
export function AgentEditorPage({ agentId, editor, categories, onSaved, onDeleted, extraTabs }: AgentEditorPageProps) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const toast = useToast();
  const catalogue = useModelCatalogue();
  const [loaded, setLoaded] = useState<Loaded>(agentId ? { status: 'loading' } : { status: 'ready', agent: null, prompt: null });
  const [baseline, setBaseline] = useState<AgentFormValues>(emptyAgentForm);
  const [values, setValues] = useState<AgentFormValues>(emptyAgentForm);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const dirty = !sameForm(values, baseline);
  const baselinePrompt = useRef(baseline.prompt);
  baselinePrompt.current = baseline.prompt;
  const { blocker, allowNextNavigation } = useUnsavedChangesGuard(dirty && !deleting);

  useEffect(() => {
    if (!agentId) return;
    const controller = new AbortController();
    setLoaded({ status: 'loading' });
    Promise.all([agentEditorApi.getAgent(agentId, controller.signal), agentEditorApi.getPrompt(agentId, controller.signal)]).then(
      ([agent, prompt]) => {
        const form = formFromAgent(agent, prompt);
        setBaseline(form);
        setValues(form);
        setLoaded({ status: 'ready', agent, prompt });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = isApiError(error) && error.status === 404 ? strings.notFound : isApiError(error) ? error.message : strings.loadFailed;
        setLoaded({ status: 'error', message });
      },
    );
    return () => controller.abort();
  }, [agentId]);

  /** The current prompt changed elsewhere: shown in the form unless the user is editing it. */
  const promptChanged = () => {
    if (!agentId) return;
    agentEditorApi.getPrompt(agentId).then(
      (prompt) => {
        const shownBefore = baselinePrompt.current;
        setLoaded((current) => (current.status === 'ready' ? { ...current, prompt } : current));
        setValues((shown) => (shown.prompt === shownBefore ? { ...shown, prompt: prompt ?? '' } : shown));
        setBaseline((current) => ({ ...current, prompt: prompt ?? '' }));
      },
      () => undefined,
    );
  };

  if (loaded.status === 'loading') {
    return (
      <Group p="xl" gap="sm" role="status">
        <Loader size="sm" />
        <Text>{strings.loading}</Text>
      </Group>
    );
  }
  if (loaded.status === 'error') {
    return (
      <Stack p="xl" maw={820}>
        <Title order={1}>{strings.editTitle('')}</Title>
        <Alert color="red" role="alert">
          {loaded.message}
        </Alert>
      </Stack>
    );
  }

  const agent = loaded.agent;
  if (agent && !mayEdit(editor, agent)) {
    return (
      <Stack p="xl" maw={820}>
        <Title order={1}>{strings.editTitle(agent.name)}</Title>
        <Alert color="yellow" role="alert">
          {strings.notAllowed}
        </Alert>
      </Stack>
    );
  }

  const save = async (formValues: AgentFormValues) => {
    setSaving(true);
    setServerError(null);
    try {
      const saved = await agentEditorApi.saveAgent(toSaveBody(formValues, agent?.id, loaded.prompt));
      onSaved?.({ id: saved.id, name: saved.name, category: saved.category, avatar: saved.avatar });
      const form = formFromAgent(saved, formValues.prompt);
      setBaseline(form);
      setValues(form);
      setLoaded({ status: 'ready', agent: saved, prompt: formValues.prompt });
      if (agent) {
        toast.success(strings.saved);
      } else {
        toast.success(strings.created(saved.name));
        allowNextNavigation();
        navigate(`/edit-advanced-agent/${encodeURIComponent(saved.id)}`, { replace: true });
      }
    } catch (error) {
      setServerError(isApiError(error) ? error.message : strings.saveFailed);
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!agent) return;
    setDeleting(true);
    try {
      await agentEditorApi.deleteAgent(agent.id);
      onDeleted?.(agent.id);
      toast.success(strings.deleted(agent.name));
      allowNextNavigation();
      navigate(AFTER_DELETE_PATH);
    } catch {
      toast.error(strings.deleteFailed);
      setDeleting(false);
      setConfirmingDelete(false);
    }
  };

  const tabs = agent && extraTabs ? extraTabs({ promptChanged }) : [];
  // ?tab={value} opens that tab (a link straight to e.g. 'Publicar como API').
  const requestedTab = searchParams.get('tab');
  const initialTab = tabs.some((tab) => tab.value === requestedTab) ? (requestedTab as string) : 'settings';
  const form = (
    <AgentEditorForm
      values={values}
      onChange={setValues}
      onSubmit={(formValues) => void save(formValues)}
      categories={categories}
      catalogue={catalogue}
      savedModelId={agent?.modelConfig.modelId ?? null}
      saving={saving}
      submitLabel={agent ? strings.actions.save : strings.actions.create}
      serverError={serverError}
      actions={
        agent && (
          <AppButton variant="danger" onClick={() => setConfirmingDelete(true)} disabled={saving || deleting}>
            {strings.actions.delete}
          </AppButton>
        )
      }
    />
  );

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }} maw={1000} className="agent-editor">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={1}>{agent ? strings.editTitle(agent.name) : strings.createTitle}</Title>
          <Text c="dimmed" size="sm">
            {strings.intro}
          </Text>
        </Stack>
        {agent && (
          <Anchor component={Link} to={`/chat?agent=${encodeURIComponent(agent.id)}`} size="sm">
            {strings.actions.chat}
          </Anchor>
        )}
      </Group>

      {agent && tabs.length > 0 ? (
        <Tabs defaultValue={initialTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="settings">{strings.tabs.settings}</Tabs.Tab>
            {tabs.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="settings" pt="md">
            {form}
          </Tabs.Panel>
          {tabs.map((tab) => (
            <Tabs.Panel key={tab.value} value={tab.value} pt="md">
              {tab.content}
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : (
        form
      )}

      <AppModal opened={confirmingDelete} onClose={() => !deleting && setConfirmingDelete(false)} title={strings.deleteTitle}>
        <Stack gap="md">
          <Text>{strings.deleteConfirm(agent?.name ?? '')}</Text>
          <Group justify="flex-end" gap="sm">
            <AppButton variant="outline" onClick={() => setConfirmingDelete(false)} disabled={deleting}>
              {strings.actions.cancel}
            </AppButton>
            <AppButton variant="danger" onClick={() => void remove()} disabled={deleting}>
              {deleting ? strings.actions.deleting : strings.actions.confirmDelete}
            </AppButton>
          </Group>
        </Stack>
      </AppModal>

      <AppModal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={strings.unsaved.title}>
        <Stack gap="md">
          <Text>{strings.unsaved.body}</Text>
          <Group justify="flex-end" gap="sm">
            <AppButton variant="outline" onClick={() => blocker.reset?.()}>
              {strings.unsaved.stay}
            </AppButton>
            <AppButton variant="danger" onClick={() => blocker.proceed?.()}>
              {strings.unsaved.leave}
            </AppButton>
          </Group>
        </Stack>
      </AppModal>
    </Stack>
  );
}
