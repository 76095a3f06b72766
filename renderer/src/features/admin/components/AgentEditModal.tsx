import { Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { AppButton, AppModal, useToast } from '../../../shared/ui';
import { failureOf, useAgentPrompt, useSaveAgentPrompt, useUpdateAgent, type AdminAgent, type AgentUpdate } from '../api/adminQueries';
import { adminStrings } from '../strings';
import { ErrorAlert } from './parts';

const strings = adminStrings.agents;

export interface CategoryOption {
  value: string;
  label: string;
}

export interface AgentEditModalProps {
  /** The agent being edited; null keeps the modal closed. */
  agent: AdminAgent | null;
  categories: CategoryOption[];
  onClose(): void;
}

interface Values {
  name: string;
  category: string;
  description: string;
}

type Errors = Partial<Record<'name' | 'category' | 'description' | 'prompt', string>>;

/** 'Editar Agente: {name}': the agent's data and its system prompt, saved in two parallel calls. */
export function AgentEditModal({ agent, categories, onClose }: AgentEditModalProps) {
  return (
    <AppModal opened={agent !== null} onClose={onClose} title={agent ? strings.editTitle(agent.name) : ''} maxWidth={640}>
      {agent && <EditForm key={agent.id} agent={agent} categories={categories} onClose={onClose} />}
    </AppModal>
  );
}

function EditForm({ agent, categories, onClose }: Omit<AgentEditModalProps, 'agent'> & { agent: AdminAgent }) {
  const toast = useToast();
  const [values, setValues] = useState<Values>({ name: agent.name, category: agent.category, description: agent.description });
  const [errors, setErrors] = useState<Errors>({});
  const loaded = useAgentPrompt(agent.id);
  const loadedPrompt = loaded.data ?? '';
  // What the admin typed; until then the field shows the saved prompt.
  const [promptDraft, setPromptDraft] = useState<string>();
  const prompt = promptDraft ?? loadedPrompt;
  const promptLoading = loaded.isFetching;
  const promptError = failureOf(loaded);
  const updateAgent = useUpdateAgent();
  const savePrompt = useSaveAgentPrompt();
  const [saving, setSaving] = useState(false);

  // An agent saved under a category outside the list still shows (and keeps) it.
  const options = categories.some((option) => option.value === agent.category) || !agent.category
    ? categories
    : [...categories, { value: agent.category, label: agent.category }];

  const set = (field: keyof Values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const setPrompt = (value: string) => {
    setPromptDraft(value);
    setErrors((current) => ({ ...current, prompt: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!values.name.trim()) found.name = strings.required;
    if (!values.category) found.category = strings.required;
    if (!values.description.trim()) found.description = strings.required;
    // The prompt is optional, but the server keeps versions: a saved prompt cannot become empty.
    const hasPrompt = prompt.trim() !== '';
    if (!hasPrompt && loadedPrompt.trim() !== '') found.prompt = strings.promptCannotBeEmptied;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      // Spec section 7: the agent's data and its prompt go in two parallel calls (an agent
      // without a prompt that is left without one has only the first).
      await Promise.all([
        updateAgent.mutateAsync({
          agentId: agent.id,
          // One of the options: the closed list, or the category the agent already has.
          update: { name: values.name.trim(), category: values.category as AgentUpdate['category'], description: values.description.trim() },
        }),
        hasPrompt ? savePrompt.mutateAsync({ agentId: agent.id, prompt }) : Promise.resolve(),
      ]);
      toast.success(strings.saved);
      onClose();
    } catch {
      toast.error(strings.saveFailed);
      setSaving(false);
    }
  };

  const saveDisabled = promptLoading || saving || promptError !== null;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <TextInput
          label={strings.fields.name}
          required
          value={values.name}
          onChange={(event) => set('name')(event.currentTarget.value)}
          error={errors.name}
          disabled={saving}
        />
        <Select
          label={strings.fields.category}
          required
          data={options}
          value={values.category || null}
          onChange={(value) => set('category')(value ?? '')}
          error={errors.category}
          allowDeselect={false}
          disabled={saving}
          comboboxProps={{ withinPortal: false }}
        />
        <Textarea
          label={strings.fields.description}
          required
          autosize
          minRows={2}
          value={values.description}
          onChange={(event) => set('description')(event.currentTarget.value)}
          error={errors.description}
          disabled={saving}
        />
        {promptError ? (
          <ErrorAlert message={promptError} onRetry={() => void loaded.refetch()} />
        ) : (
          <Textarea
            label={strings.fields.prompt}
            autosize
            minRows={5}
            maxRows={14}
            value={prompt}
            onChange={(event) => setPrompt(event.currentTarget.value)}
            error={errors.prompt}
            disabled={promptLoading || saving}
          />
        )}
        {promptLoading && (
          <Text size="xs" c="dimmed" role="status">
            {strings.promptLoading}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <AppButton variant="outline" onClick={onClose} disabled={saving}>
            {adminStrings.cancel}
          </AppButton>
          <AppButton type="submit" disabled={saveDisabled}>
            {saving ? strings.saving : strings.save}
          </AppButton>
        </Group>
      </Stack>
    </form>
  );
}
