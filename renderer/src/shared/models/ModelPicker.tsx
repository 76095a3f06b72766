import { Select } from '@mantine/core';
import { modelStrings as strings } from './strings';
import type { CatalogueModel, CatalogueState } from './types';

export interface ModelPickerProps {
  value: string;
  onChange(value: string): void;
  catalogue: CatalogueState;
  /** The model the agent has now, kept as an option even when no provider lists it any more. */
  savedModelId: string | null;
  disabled?: boolean;
  /** Another label than 'Modelo' (the picker is always labelled). */
  label?: string;
}

const PROVIDERS = Object.keys(strings.providers) as CatalogueModel['provider'][];

/** The model picker: the catalogue's models by provider; empty is the deployment's default model. */
export function ModelPicker({ value, onChange, catalogue, savedModelId, disabled, label = strings.label }: ModelPickerProps) {
  const models = catalogue.status === 'ready' ? catalogue.catalogue.models : [];
  const groups: { group: string; items: { value: string; label: string }[] }[] = PROVIDERS.map((provider) => ({
    group: strings.providers[provider] as string,
    items: models
      .filter((model) => model.provider === provider)
      .map((model) => ({ value: model.id, label: model.name === model.id ? model.id : `${model.name} (${model.id})` })),
  })).filter((group) => group.items.length > 0);
  if (savedModelId && !models.some((model) => model.id === savedModelId)) {
    groups.push({ group: '—', items: [{ value: savedModelId, label: strings.current(savedModelId) }] });
  }

  let description: string = strings.hint;
  if (catalogue.status === 'loading') description = strings.loading;
  else if (catalogue.status === 'error') description = strings.unavailable;
  else if (catalogue.catalogue.unavailable.length > 0) {
    description = strings.partial(catalogue.catalogue.unavailable.map((provider) => strings.providers[provider]).join(', '));
  } else if (models.length === 0) description = strings.none;

  return (
    <Select
      label={label}
      description={description}
      placeholder={strings.placeholder}
      data={groups}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      clearable
      searchable
      nothingFoundMessage={strings.none}
      disabled={disabled || catalogue.status === 'loading'}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
