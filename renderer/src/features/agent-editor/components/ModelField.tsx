import { Select } from '@mantine/core';
import type { CatalogueState } from '../hooks/useModelCatalogue';
import { agentEditorStrings } from '../strings';
import type { CatalogueModel } from '../types';

const strings = agentEditorStrings.fields;
const PROVIDER_LABELS: Record<CatalogueModel['provider'], string> = {
  bedrock: 'Amazon Bedrock',
  'openai-compatible': 'Servidor compatible con OpenAI',
};

export interface ModelFieldProps {
  value: string;
  onChange(value: string): void;
  catalogue: CatalogueState;
  /** The model the agent has now, kept as an option even when no provider lists it any more. */
  savedModelId: string | null;
  disabled?: boolean;
}

/** The model picker: the catalogue's models by provider; empty is the deployment's default model. */
export function ModelField({ value, onChange, catalogue, savedModelId, disabled }: ModelFieldProps) {
  const models = catalogue.status === 'ready' ? catalogue.catalogue.models : [];
  const groups = (Object.keys(PROVIDER_LABELS) as CatalogueModel['provider'][])
    .map((provider) => ({
      group: PROVIDER_LABELS[provider],
      items: models.filter((model) => model.provider === provider).map((model) => ({ value: model.id, label: model.name === model.id ? model.id : `${model.name} (${model.id})` })),
    }))
    .filter((group) => group.items.length > 0);
  if (savedModelId && !models.some((model) => model.id === savedModelId)) {
    groups.push({ group: '—', items: [{ value: savedModelId, label: strings.modelCurrent(savedModelId) }] });
  }

  let description: string = strings.modelHint;
  if (catalogue.status === 'loading') description = strings.modelsLoading;
  else if (catalogue.status === 'error') description = strings.modelsUnavailable;
  else if (catalogue.catalogue.unavailable.length > 0) {
    description = strings.modelsPartial(catalogue.catalogue.unavailable.map((provider) => PROVIDER_LABELS[provider]).join(', '));
  } else if (models.length === 0) description = strings.modelsNone;

  return (
    <Select
      label={strings.model}
      description={description}
      placeholder={strings.modelPlaceholder}
      data={groups}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      clearable
      searchable
      nothingFoundMessage={strings.modelsNone}
      disabled={disabled || catalogue.status === 'loading'}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
