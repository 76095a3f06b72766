import { NumberInput, Select, Stack, Switch, TagsInput, Textarea, TextInput, Title } from '@mantine/core';
import { ModelPicker, type CatalogueState } from '../../../shared/models';
import { agentCreatorStrings } from '../strings';
import type { AgentDraft } from '../api/agentCreatorQueries';

const strings = agentCreatorStrings.draft;

export interface DraftEditorProps {
  draft: AgentDraft;
  onChange: (draft: AgentDraft) => void;
  disabled?: boolean;
  /** The marketplace's closed list of categories, with their Spanish labels. */
  categoryOptions: readonly { value: string; label: string }[];
  /** GET /models: the same catalogue picker as the advanced form. */
  catalogue: CatalogueState;
}

/** The live draft beside the chat: every field editable by hand at any moment. */
export function DraftEditor({ draft, onChange, disabled = false, categoryOptions, catalogue }: DraftEditorProps) {
  const set = <K extends keyof AgentDraft>(key: K, value: AgentDraft[K]) => onChange({ ...draft, [key]: value });

  return (
    <Stack gap="sm" component="section" aria-labelledby="agent-draft-title">
      <Title order={2} size="h4" id="agent-draft-title">
        {strings.title}
      </Title>
      <TextInput label={strings.name} value={draft.name} onChange={(event) => set('name', event.currentTarget.value)} disabled={disabled} maxLength={120} />
      <Select
        label={strings.category}
        data={[...categoryOptions]}
        value={draft.category}
        onChange={(value) => set('category', (value ?? 'general') as AgentDraft['category'])}
        allowDeselect={false}
        disabled={disabled}
      />
      <Textarea
        label={strings.description}
        value={draft.description}
        onChange={(event) => set('description', event.currentTarget.value)}
        autosize
        minRows={2}
        maxRows={6}
        disabled={disabled}
        maxLength={5000}
      />
      <TagsInput label={strings.skills} description={strings.listHint} value={draft.skills} onChange={(value) => set('skills', value)} disabled={disabled} />
      <TagsInput
        label={strings.capabilities}
        description={strings.listHint}
        value={draft.capabilities}
        onChange={(value) => set('capabilities', value)}
        disabled={disabled}
      />
      <TagsInput label={strings.useCases} description={strings.listHint} value={draft.useCases} onChange={(value) => set('useCases', value)} disabled={disabled} />
      <Textarea
        label={strings.systemPrompt}
        value={draft.systemPrompt}
        onChange={(event) => set('systemPrompt', event.currentTarget.value)}
        autosize
        minRows={4}
        maxRows={14}
        disabled={disabled}
      />
      {/* The draft's model stays selectable even when no provider lists it (e.g. one the assistant proposed). */}
      <ModelPicker value={draft.modelId} onChange={(modelId) => set('modelId', modelId)} catalogue={catalogue} savedModelId={draft.modelId || null} disabled={disabled} />
      <NumberInput
        label={strings.price}
        value={draft.price}
        onChange={(value) => set('price', typeof value === 'number' ? value : Number(value) || 0)}
        min={0}
        decimalScale={2}
        allowNegative={false}
        disabled={disabled}
      />
      <Switch
        label={strings.isPublic}
        description={strings.isPublicHint}
        checked={draft.isPublic}
        onChange={(event) => set('isPublic', event.currentTarget.checked)}
        disabled={disabled}
      />
    </Stack>
  );
}
