import { Alert, Anchor, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../../shared/api';
import { useFormLimits } from '../../../shared/config';
import { useModelCatalogue, type CatalogueState } from '../../../shared/models';
import { AppButton, AppModal, LoadStatus, useToast } from '../../../shared/ui';
import { agentEditorKeys, useCurrentPrompt, useDeleteAgent, useEditableAgent, useSaveAgent, type Agent } from '../api/agentEditorQueries';
import { useUnsavedChangesGuard } from '../hooks/useUnsavedChangesGuard';
import { agentEditorStrings as strings } from '../strings';
import type { AgentEditor, AgentFormValues } from '../types';
import { emptyAgentForm, formFromAgent, sameForm, toSaveBody, validateAgentForm, withDraft, type AgentDraft } from '../utils/agentForm';
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
  /**
   * More tabs beside 'Configuración' when editing (prompt versions, test cases, fine-tuning); a
   * tab that changes the current prompt calls `promptChanged` so that the form shows the new one.
   */
  extraTabs?: (helpers: { promptChanged(): void }) => AgentEditorTab[];
  /** What the conversational creator's draft holds: the form starts from it, unsaved. */
  startFrom?: AgentDraft;
}

function mayEdit(editor: AgentEditor | null, agent: Agent): boolean {
  if (!editor) return false;
  return editor.isAdmin || (agent.creatorId !== null && agent.creatorId === editor.userId);
}

/** A load's failure as the page shows it: none while it is tried again; a 404 reads 'Agente no encontrado'. */
function failureOf(load: { error: unknown; isFetching: boolean }): string | null {
  if (!load.error || load.isFetching) return null;
  if (isApiError(load.error) && load.error.status === 404) return strings.notFound;
  return isApiError(load.error) && load.error.message ? load.error.message : strings.loadFailed;
}

/** /create-advanced-agent and /edit-advanced-agent/{agentId}: the advanced agent form. */
export function AgentEditorPage(props: AgentEditorPageProps) {
  const { agentId } = props;
  // Asked for at once, beside the agent (the picker waits for it, not the page).
  const catalogue = useModelCatalogue();
  const agentLoad = useEditableAgent(agentId);
  const promptLoad = useCurrentPrompt(agentId);

  if (!agentId) return <LoadedEditor {...props} catalogue={catalogue} agent={null} savedPrompt="" />;
  const agent = agentLoad.data;
  const savedPrompt = promptLoad.data;
  const failure = failureOf(agentLoad) ?? failureOf(promptLoad);
  const retry = () => {
    if (agentLoad.error) void agentLoad.refetch();
    if (promptLoad.error) void promptLoad.refetch();
  };
  if (agent === undefined || savedPrompt === undefined) {
    if (!failure) {
      return (
        <Group p="xl" gap="sm" role="status">
          <Loader size="sm" />
          <Text>{strings.loading}</Text>
        </Group>
      );
    }
    // A missing agent (404) or a refusal (403) stays so; any other failure may be tried again.
    const final = [agentLoad.error, promptLoad.error].some((error) => isApiError(error) && (error.status === 404 || error.status === 403));
    return (
      <Stack p="xl" maw={820}>
        <Title order={1}>{strings.editTitle('')}</Title>
        {final ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : (
          <LoadStatus error={failure} loadingText={strings.loading} retryText={strings.retry} onRetry={retry} />
        )}
      </Stack>
    );
  }
  return (
    <LoadedEditor
      {...props}
      catalogue={catalogue}
      agent={agent}
      savedPrompt={savedPrompt}
      refreshFailure={failure && <LoadStatus error={failure} loadingText={strings.loading} retryText={strings.retry} onRetry={retry} />}
    />
  );
}

interface LoadedEditorProps extends AgentEditorPageProps {
  /** The agent as the server has it now; null while creating one. */
  agent: Agent | null;
  /** Its current prompt on the server ('' for none). */
  savedPrompt: string;
  /** A failed reload of the agent or its prompt (after a change elsewhere), with 'Reintentar'. */
  refreshFailure?: ReactNode;
  catalogue: CatalogueState;
}

/** The form, once the agent and its prompt are known: it starts from them and is then the user's. */
function LoadedEditor({ agent, savedPrompt, refreshFailure, catalogue, editor, extraTabs, startFrom }: LoadedEditorProps) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const toast = useToast();
  const queryClient = useQueryClient();
  const saveAgent = useSaveAgent();
  const deleteAgent = useDeleteAgent();
  const limits = useFormLimits();
  const [baseline, setBaseline] = useState<AgentFormValues>(() => (agent ? formFromAgent(agent, savedPrompt) : emptyAgentForm()));
  const form = useForm<AgentFormValues>({
    initialValues: startFrom ? withDraft(baseline, startFrom) : baseline,
    validate: (values) => validateAgentForm(values, limits),
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  /** The current prompt changed on the server while the user had edited it here: said, with the way to take it. */
  const [promptMovedOn, setPromptMovedOn] = useState(false);
  const saving = saveAgent.isPending;
  const deleting = deleteAgent.isPending || deleteAgent.isSuccess;
  const dirty = !sameForm(form.getValues(), baseline);
  const { blocker, allowNextNavigation } = useUnsavedChangesGuard(dirty && !deleting);

  // The current prompt changed on the server (a version made current, a fine-tuning applied):
  // shown in the form at once, unless the user is editing it (then 'Configuración' says so).
  const promptShown = useRef(savedPrompt);
  useEffect(() => {
    if (savedPrompt === promptShown.current) return;
    const before = promptShown.current;
    promptShown.current = savedPrompt;
    const edited = form.getValues().prompt;
    if (edited === before || edited === savedPrompt) {
      form.setFieldValue('prompt', savedPrompt);
      setPromptMovedOn(false);
    } else {
      setPromptMovedOn(true);
    }
    setBaseline((current) => ({ ...current, prompt: savedPrompt }));
  }, [savedPrompt, form]);

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

  /** The agent's current prompt is asked for again (a tab changed it). */
  const promptChanged = () => {
    if (agent) void queryClient.invalidateQueries({ queryKey: agentEditorKeys.prompt(agent.id) });
  };

  const save = async (formValues: AgentFormValues) => {
    setServerError(null);
    let saved: Agent;
    try {
      saved = await saveAgent.mutateAsync(toSaveBody(formValues, agent?.id, savedPrompt));
    } catch (error) {
      setServerError(isApiError(error) ? error.message : strings.saveFailed);
      return;
    }
    const savedForm = formFromAgent(saved, formValues.prompt);
    promptShown.current = formValues.prompt;
    setPromptMovedOn(false);
    setBaseline(savedForm);
    form.setValues(savedForm);
    if (agent) {
      toast.success(strings.saved);
    } else {
      toast.success(strings.created(saved.name));
      allowNextNavigation();
      navigate(`/edit-advanced-agent/${encodeURIComponent(saved.id)}`, { replace: true });
    }
  };

  const remove = async () => {
    if (!agent) return;
    try {
      await deleteAgent.mutateAsync(agent.id);
    } catch {
      // Spec section 8: the failure has its own words, whatever the server said.
      toast.error(strings.deleteFailed);
      setConfirmingDelete(false);
      return;
    }
    toast.success(strings.deleted(agent.name));
    allowNextNavigation();
    navigate(AFTER_DELETE_PATH);
  };

  const tabs = agent && extraTabs ? extraTabs({ promptChanged }) : [];
  // ?tab={value} opens that tab (a link straight to e.g. 'Publicar como API').
  const requestedTab = searchParams.get('tab');
  const initialTab = tabs.some((tab) => tab.value === requestedTab) ? (requestedTab as string) : 'settings';
  const takeCurrentPrompt = () => {
    form.setFieldValue('prompt', savedPrompt);
    setPromptMovedOn(false);
  };
  const promptNotice = promptMovedOn && (
    <Alert color="yellow" variant="light" role="status" mb="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{strings.promptChanged.text}</Text>
        <AppButton size="xs" variant="outline" onClick={takeCurrentPrompt}>
          {strings.promptChanged.useCurrent}
        </AppButton>
      </Group>
    </Alert>
  );
  const settingsForm = (
    <AgentEditorForm
      form={form}
      onSubmit={(formValues) => void save(formValues)}
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
  const settings = (
    <>
      {promptNotice}
      {settingsForm}
    </>
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
      {refreshFailure}

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
            {settings}
          </Tabs.Panel>
          {tabs.map((tab) => (
            <Tabs.Panel key={tab.value} value={tab.value} pt="md">
              {tab.content}
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : (
        settings
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
