import { Alert, Checkbox, Group, Radio, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { AppButton } from '../../../shared/ui';
import { ModelPicker, type CatalogueState } from '../../../shared/models';
import { agentEditorStrings } from '../strings';
import type { AgentFormValues, CategoryOption } from '../types';
import { DESCRIPTION_MAX, NAME_MAX, PROMPT_MAX, type AgentFormErrors, validateAgentForm } from '../utils/agentForm';
import { AvatarField } from './AvatarField';
import { StringListField } from './StringListField';
import './agentEditor.css';

const strings = agentEditorStrings;

export interface AgentEditorFormProps {
  values: AgentFormValues;
  onChange(values: AgentFormValues): void;
  onSubmit(values: AgentFormValues): void;
  categories: CategoryOption[];
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
export function AgentEditorForm({
  values,
  onChange,
  onSubmit,
  categories,
  catalogue,
  savedModelId,
  saving,
  submitLabel,
  serverError,
  actions,
}: AgentEditorFormProps) {
  const [errors, setErrors] = useState<AgentFormErrors>({});
  const [uploading, setUploading] = useState(false);
  const set = <K extends keyof AgentFormValues>(key: K, value: AgentFormValues[K]) => {
    onChange({ ...values, [key]: value });
    if (key in errors) setErrors(({ [key as keyof AgentFormErrors]: _fixed, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || uploading) return;
    const found = validateAgentForm(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  };

  // A category the closed list no longer has (an older agent) stays selectable.
  const categoryOptions =
    values.category && !categories.some((option) => option.value === values.category)
      ? [...categories, { value: values.category, label: values.category }]
      : categories;
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <form onSubmit={submit} noValidate aria-busy={saving}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={strings.fields.name}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name}
            required
            maxLength={NAME_MAX + 10}
            disabled={saving}
          />
          <Select
            label={strings.fields.category}
            placeholder={strings.fields.categoryPlaceholder}
            data={categoryOptions}
            value={values.category || null}
            onChange={(next) => set('category', next ?? '')}
            error={errors.category}
            required
            allowDeselect={false}
            disabled={saving}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <Textarea
          label={strings.fields.description}
          value={values.description}
          onChange={(event) => set('description', event.currentTarget.value)}
          error={errors.description}
          required
          autosize
          minRows={2}
          maxRows={6}
          maxLength={DESCRIPTION_MAX + 10}
          disabled={saving}
        />
        <AvatarField
          name={values.name}
          value={values.avatar}
          onChange={(avatar) => set('avatar', avatar)}
          disabled={saving}
          onUploadingChange={setUploading}
        />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <StringListField label={strings.fields.skills} values={values.skills} onChange={(list) => set('skills', list)} disabled={saving} />
          <StringListField
            label={strings.fields.capabilities}
            values={values.capabilities}
            onChange={(list) => set('capabilities', list)}
            disabled={saving}
          />
          <StringListField label={strings.fields.useCases} values={values.useCases} onChange={(list) => set('useCases', list)} disabled={saving} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={strings.fields.price}
            description={strings.fields.priceHint}
            value={values.price}
            onChange={(event) => set('price', event.currentTarget.value)}
            error={errors.price}
            inputMode="decimal"
            disabled={saving}
          />
          <ModelPicker
            value={values.modelId}
            onChange={(modelId) => set('modelId', modelId)}
            catalogue={catalogue}
            savedModelId={savedModelId}
            disabled={saving}
          />
        </SimpleGrid>
        <Stack gap="xs">
          <Checkbox
            label={strings.fields.ecosystemInclusion}
            description={strings.fields.ecosystemInclusionHint}
            checked={values.ecosystemInclusionAllowed}
            onChange={(event) => set('ecosystemInclusionAllowed', event.currentTarget.checked)}
            disabled={saving}
          />
          {values.ecosystemInclusionAllowed && (
            <TextInput
              label={strings.fields.ecosystemMinimum}
              description={strings.fields.ecosystemMinimumHint}
              value={values.ecosystemMinimumPrice}
              onChange={(event) => set('ecosystemMinimumPrice', event.currentTarget.value)}
              error={errors.ecosystemMinimumPrice}
              inputMode="decimal"
              maw={320}
              disabled={saving}
            />
          )}
        </Stack>
        <Radio.Group
          label={strings.fields.visibility}
          value={values.isPublic ? 'public' : 'private'}
          onChange={(next) => set('isPublic', next === 'public')}
        >
          <Group gap="lg" mt={6}>
            <Radio value="private" label={strings.fields.private} disabled={saving} />
            <Radio value="public" label={strings.fields.public} disabled={saving} />
          </Group>
        </Radio.Group>
        <Textarea
          label={strings.fields.prompt}
          description={strings.fields.promptHint}
          value={values.prompt}
          onChange={(event) => set('prompt', event.currentTarget.value)}
          autosize
          minRows={6}
          maxRows={20}
          maxLength={PROMPT_MAX}
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
