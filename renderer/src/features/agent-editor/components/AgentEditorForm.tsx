import { Alert, Checkbox, Group, Radio, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { useCategories, useFormLimits } from '../../../shared/config';
import { ModelPicker, type CatalogueState } from '../../../shared/models';
import { AppButton } from '../../../shared/ui';
import { agentEditorStrings } from '../strings';
import type { AgentFormValues } from '../types';
import { AvatarField } from './AvatarField';
import { ChatSettingsFields } from './ChatSettingsFields';
import { StringListField } from './StringListField';
import './agentEditor.css';

const strings = agentEditorStrings;

/** The form's state (`useForm` with `validateAgentForm` and the server's limits). */
export type AgentForm = UseFormReturnType<AgentFormValues>;

/** A field's cut-off a little past the server's limit, so that a too-long paste is seen and refused; none until the limits arrived. */
const cutOff = (max: number | undefined, slack = 0) => (max === undefined ? undefined : max + slack);

export interface AgentEditorFormProps {
  form: AgentForm;
  /** Called with checked values. */
  onSubmit(values: AgentFormValues): void;
  catalogue: CatalogueState;
  /** The model the agent has on the server (edit), so that it stays selectable. */
  savedModelId: string | null;
  saving: boolean;
  submitLabel: string;
  /** The server's refusal of the last save, shown above the buttons. */
  serverError?: string | null;
  /** More buttons beside 'save' (cancel, delete). */
  actions?: ReactNode;
}

/** Every field of an agent (spec section 3) and its system prompt, labelled, checked before saving. */
export function AgentEditorForm({ form, onSubmit, catalogue, savedModelId, saving, submitLabel, serverError, actions }: AgentEditorFormProps) {
  const [uploading, setUploading] = useState(false);
  const limits = useFormLimits()?.agent;
  const categories = useCategories().options;
  const values = form.getValues();

  // A category the closed list no longer has (an older agent) stays selectable.
  const categoryOptions =
    values.category && !categories.some((option) => option.value === values.category)
      ? [...categories, { value: values.category, label: values.category }]
      : categories;
  const hasErrors = Object.keys(form.errors).length > 0;

  return (
    <form
      onSubmit={form.onSubmit((checked) => {
        if (!saving && !uploading) onSubmit(checked);
      })}
      noValidate
      aria-busy={saving}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={strings.fields.name}
            {...form.getInputProps('name')}
            required
            maxLength={cutOff(limits?.name.max, 10)}
            disabled={saving}
          />
          <Select
            label={strings.fields.category}
            placeholder={strings.fields.categoryPlaceholder}
            data={categoryOptions}
            value={values.category || null}
            onChange={(next) => form.setFieldValue('category', next ?? '')}
            error={form.errors.category}
            required
            allowDeselect={false}
            disabled={saving}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <Textarea
          label={strings.fields.description}
          {...form.getInputProps('description')}
          required
          autosize
          minRows={2}
          maxRows={6}
          maxLength={cutOff(limits?.description.max, 10)}
          disabled={saving}
        />
        <AvatarField
          name={values.name}
          value={values.avatar}
          onChange={(avatar) => form.setFieldValue('avatar', avatar)}
          disabled={saving}
          onUploadingChange={setUploading}
        />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <StringListField label={strings.fields.skills} emptyText={strings.list.empty.skills} values={values.skills} onChange={(list) => form.setFieldValue('skills', list)} disabled={saving} />
          <StringListField
            label={strings.fields.capabilities}
            emptyText={strings.list.empty.capabilities}
            values={values.capabilities}
            onChange={(list) => form.setFieldValue('capabilities', list)}
            disabled={saving}
          />
          <StringListField label={strings.fields.useCases} emptyText={strings.list.empty.useCases} values={values.useCases} onChange={(list) => form.setFieldValue('useCases', list)} disabled={saving} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={strings.fields.price}
            description={strings.fields.priceHint}
            {...form.getInputProps('price')}
            inputMode="decimal"
            disabled={saving}
          />
          <ModelPicker
            value={values.modelId}
            onChange={(modelId) => form.setFieldValue('modelId', modelId)}
            catalogue={catalogue}
            savedModelId={savedModelId}
            disabled={saving}
          />
        </SimpleGrid>
        <ChatSettingsFields form={form} disabled={saving} />
        <Stack gap="xs">
          <Checkbox
            label={strings.fields.ecosystemInclusion}
            description={strings.fields.ecosystemInclusionHint}
            {...form.getInputProps('ecosystemInclusionAllowed', { type: 'checkbox' })}
            disabled={saving}
          />
          {values.ecosystemInclusionAllowed && (
            <TextInput
              label={strings.fields.ecosystemMinimum}
              description={strings.fields.ecosystemMinimumHint}
              {...form.getInputProps('ecosystemMinimumPrice')}
              inputMode="decimal"
              maw={320}
              disabled={saving}
            />
          )}
        </Stack>
        <Radio.Group
          label={strings.fields.visibility}
          value={values.isPublic ? 'public' : 'private'}
          onChange={(next) => form.setFieldValue('isPublic', next === 'public')}
        >
          <Group gap="lg" mt={6}>
            <Radio value="private" label={strings.fields.private} disabled={saving} />
            <Radio value="public" label={strings.fields.public} disabled={saving} />
          </Group>
        </Radio.Group>
        <Textarea
          label={strings.fields.prompt}
          description={strings.fields.promptHint}
          {...form.getInputProps('prompt')}
          autosize
          minRows={6}
          maxRows={20}
          maxLength={cutOff(limits?.systemPrompt.max)}
          disabled={saving}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        {(hasErrors || serverError) && (
          <Alert color="red" variant="light" role="alert">
            {serverError ?? strings.validation.summary}
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          <Group gap="sm">{actions}</Group>
          <AppButton type="submit" disabled={saving || uploading}>
            {saving ? strings.actions.saving : submitLabel}
          </AppButton>
        </Group>
      </Stack>
    </form>
  );
}
