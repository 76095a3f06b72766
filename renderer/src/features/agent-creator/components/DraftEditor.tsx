import { NumberInput, Select, Stack, Switch, TagsInput, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useCategories, useFormLimits } from '../../../shared/config';
import { ModelPicker, type CatalogueState } from '../../../shared/models';
import type { AgentDraft } from '../api/agentCreatorQueries';
import { agentCreatorStrings } from '../strings';

const strings = agentCreatorStrings.draft;

export interface DraftEditorProps {
  /** The draft (`useForm`), which the model's replies change too. */
  form: UseFormReturnType<AgentDraft>;
  disabled?: boolean;
  /** GET /models: the same catalogue picker as the advanced form. */
  catalogue: CatalogueState;
}

/**
 * The live draft beside the chat: every field editable by hand at any moment, within the server's
 * limits (`GET /api/config`; none until they arrived, and the server checks them on saving).
 */
export function DraftEditor({ form, disabled = false, catalogue }: DraftEditorProps) {
  const limits = useFormLimits()?.agent;
  const categories = useCategories().options;
  const draft = form.getValues();

  return (
    <Stack gap="sm" component="section" aria-labelledby="agent-draft-title">
      <Title order={2} size="h4" id="agent-draft-title">
        {strings.title}
      </Title>
      <TextInput label={strings.name} {...form.getInputProps('name')} disabled={disabled} maxLength={limits?.name.max} />
      <Select
        label={strings.category}
        data={categories}
        value={draft.category}
        onChange={(value) => form.setFieldValue('category', (value ?? 'general') as AgentDraft['category'])}
        allowDeselect={false}
        disabled={disabled}
      />
      <Textarea
        label={strings.description}
        {...form.getInputProps('description')}
        autosize
        minRows={2}
        maxRows={6}
        disabled={disabled}
        maxLength={limits?.description.max}
      />
      <TagsInput label={strings.skills} description={strings.listHint} {...form.getInputProps('skills')} disabled={disabled} />
      <TagsInput label={strings.capabilities} description={strings.listHint} {...form.getInputProps('capabilities')} disabled={disabled} />
      <TagsInput label={strings.useCases} description={strings.listHint} {...form.getInputProps('useCases')} disabled={disabled} />
      <Textarea
        label={strings.systemPrompt}
        {...form.getInputProps('systemPrompt')}
        autosize
        minRows={4}
        maxRows={14}
        disabled={disabled}
        maxLength={limits?.systemPrompt.max}
      />
      {/* The draft's model stays selectable even when no provider lists it (e.g. one the assistant proposed). */}
      <ModelPicker
        value={draft.modelId}
        onChange={(modelId) => form.setFieldValue('modelId', modelId)}
        catalogue={catalogue}
        savedModelId={draft.modelId || null}
        disabled={disabled}
      />
      <NumberInput
        label={strings.price}
        value={draft.price}
        onChange={(value) => form.setFieldValue('price', typeof value === 'number' ? value : Number(value) || 0)}
        min={limits?.price.min ?? 0}
        max={limits?.price.max}
        decimalScale={2}
        decimalSeparator=","
        allowNegative={false}
        disabled={disabled}
      />
      <Switch
        label={strings.isPublic}
        description={strings.isPublicHint}
        {...form.getInputProps('isPublic', { type: 'checkbox' })}
        disabled={disabled}
      />
    </Stack>
  );
}
