import { Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useFormLimits, type CategoryOption, type FieldBounds } from '../../../shared/config';
import { AppButton, AppModal, useToast } from '../../../shared/ui';
import { failureOf, useAgentPrompt, useSaveAgentPrompt, useUpdateAgent, type AdminAgent, type AgentUpdate } from '../api/adminQueries';
import { adminStrings } from '../strings';
import { ErrorAlert } from './parts';

const strings = adminStrings.agents;

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
  /** What the admin typed; null until then, when the field shows the saved prompt as it loads. */
  prompt: string | null;
}

/** 'Editar Agente: {name}': the agent's data and its system prompt, saved in two parallel calls. */
export function AgentEditModal({ agent, categories, onClose }: AgentEditModalProps) {
  return (
    <AppModal opened={agent !== null} onClose={onClose} title={agent ? strings.editTitle(agent.name) : ''} maxWidth={640}>
      {agent && <EditForm key={agent.id} agent={agent} categories={categories} onClose={onClose} />}
    </AppModal>
  );
}

/** A required text: its error, or (when the server's limits arrived) a text too long for them. */
function textError(value: string, bounds: FieldBounds | undefined, tooLong: (max: number) => string): string | null {
  const text = value.trim();
  if (!text) return strings.required;
  return bounds && text.length > bounds.max ? tooLong(bounds.max) : null;
}

function EditForm({ agent, categories, onClose }: Omit<AgentEditModalProps, 'agent'> & { agent: AdminAgent }) {
  const toast = useToast();
  // Null until GET /api/config answered: then only the server checks the lengths.
  const limits = useFormLimits();
  const loaded = useAgentPrompt(agent.id);
  const loadedPrompt = loaded.data ?? '';
  const promptLoading = loaded.isFetching;
  const promptError = failureOf(loaded);
  const updateAgent = useUpdateAgent();
  const savePrompt = useSaveAgentPrompt();

  const form = useForm<Values>({
    initialValues: { name: agent.name, category: agent.category, description: agent.description, prompt: null },
    validate: {
      name: (value) => textError(value, limits?.agent.name, strings.nameTooLong),
      category: (value) => (value ? null : strings.required),
      description: (value) => textError(value, limits?.agent.description, strings.descriptionTooLong),
      prompt: (typed) => {
        const value = typed ?? loadedPrompt;
        // The prompt is optional, but the server keeps versions: a saved prompt cannot become empty.
        if (!value.trim()) return loadedPrompt.trim() ? strings.promptCannotBeEmptied : null;
        const bounds = limits?.prompt.prompt;
        return bounds && value.length > bounds.max ? strings.promptTooLong(bounds.max) : null;
      },
    },
  });

  const prompt = form.values.prompt ?? loadedPrompt;

  // An agent saved under a category outside the list still shows (and keeps) it.
  const options = categories.some((option) => option.value === agent.category) || !agent.category
    ? categories
    : [...categories, { value: agent.category, label: agent.category }];

  const save = async (values: Values) => {
    const newPrompt = values.prompt ?? loadedPrompt;
    const hasPrompt = newPrompt.trim() !== '';
    try {
      // Spec section 7: the agent's data and its prompt go in two parallel calls (an agent
      // without a prompt that is left without one has only the first).
      await Promise.all([
        updateAgent.mutateAsync({
          agentId: agent.id,
          // One of the options: the closed list, or the category the agent already has.
          update: { name: values.name.trim(), category: values.category as AgentUpdate['category'], description: values.description.trim() },
        }),
        hasPrompt ? savePrompt.mutateAsync({ agentId: agent.id, prompt: newPrompt }) : Promise.resolve(),
      ]);
      toast.success(strings.saved);
      onClose();
    } catch {
      toast.error(strings.saveFailed);
    }
  };

  const saving = form.submitting;
  const saveDisabled = promptLoading || saving || promptError !== null;

  return (
    <form onSubmit={form.onSubmit(save)} noValidate>
      <Stack gap="sm">
        <TextInput label={strings.fields.name} required {...form.getInputProps('name')} disabled={saving} />
        <Select
          label={strings.fields.category}
          required
          data={options}
          {...form.getInputProps('category')}
          value={form.values.category || null}
          onChange={(value) => form.setFieldValue('category', value ?? '')}
          allowDeselect={false}
          disabled={saving}
          comboboxProps={{ withinPortal: false }}
        />
        <Textarea label={strings.fields.description} required autosize minRows={2} {...form.getInputProps('description')} disabled={saving} />
        {promptError ? (
          <ErrorAlert message={promptError} onRetry={() => void loaded.refetch()} />
        ) : (
          <Textarea
            label={strings.fields.prompt}
            autosize
            minRows={5}
            maxRows={14}
            {...form.getInputProps('prompt')}
            value={prompt}
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
