import { NumberInput, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useFormLimits } from '../../../shared/config';
import { AppButton } from '../../../shared/ui';
import type { components } from '../../../shared/api';
import type { NewApiKey } from '../api/publicationsQueries';
import { publicationsStrings as strings } from '../strings';

type LimitField = 'rateLimitPerMinute' | 'monthlyRequestQuota' | 'monthlyTokenQuota';
const LIMIT_FIELDS: LimitField[] = ['rateLimitPerMinute', 'monthlyRequestQuota', 'monthlyTokenQuota'];
type ApiKeyLimits = components['schemas']['FormLimitsDto']['apiKey'];

/** The form as typed: a number field is '' while empty. */
interface FormValues {
  name: string;
  rateLimitPerMinute: string | number;
  monthlyRequestQuota: string | number;
  monthlyTokenQuota: string | number;
  expiresAt: string;
  allowConfirmedTools: boolean;
}

const EMPTY: FormValues = { name: '', rateLimitPerMinute: '', monthlyRequestQuota: '', monthlyTokenQuota: '', expiresAt: '', allowConfirmedTools: false };

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** A limit is optional: empty is none. Until the server's bounds arrive, a whole number from 1 is asked for. */
const limitRule = (bounds: { min: number; max: number } | null) => (raw: string | number) => {
  if (raw === '') return null;
  const value = Number(raw);
  const min = bounds?.min ?? 1;
  if (!Number.isInteger(value) || value < min) return strings.keys.limitInvalid(min);
  if (bounds && value > bounds.max) return strings.keys.limitTooLarge(bounds.max);
  return null;
};

/** The rules of `useForm({ validate })`, with the server's limits (`GET /api/config`) once they have arrived. */
function keyRules(limits: ApiKeyLimits | null) {
  return {
    name: (value: string) => {
      const name = value.trim();
      if (!name) return strings.keys.nameRequired;
      if (limits && name.length > limits.name.max) return strings.keys.nameTooLong(limits.name.max);
      return null;
    },
    rateLimitPerMinute: limitRule(limits?.rateLimitPerMinute ?? null),
    monthlyRequestQuota: limitRule(limits?.monthlyRequestQuota ?? null),
    monthlyTokenQuota: limitRule(limits?.monthlyTokenQuota ?? null),
    expiresAt: (value: string) => (value && value <= todayUtc() ? strings.keys.expiryInPast : null),
  };
}

/** The key to ask for: the name, the limits given, the end of the chosen day and whether it may run tools that ask first. */
function newKey(values: FormValues): NewApiKey {
  const key: NewApiKey = { name: values.name.trim(), allowConfirmedTools: values.allowConfirmedTools };
  for (const field of LIMIT_FIELDS) if (values[field] !== '') key[field] = Number(values[field]);
  // The key works through the whole chosen day.
  if (values.expiresAt) key.expiresAt = new Date(`${values.expiresAt}T23:59:59.999Z`).toISOString();
  return key;
}

export interface CreateKeyFormProps {
  /** Resolves true when the key was created (the form then empties). */
  onCreate(key: NewApiKey): Promise<boolean>;
  disabled?: boolean;
}

/** A new key: a name and, optionally, its limits, expiry and leave to run tools that ask first. */
export function CreateKeyForm({ onCreate, disabled }: CreateKeyFormProps) {
  const limits = useFormLimits()?.apiKey ?? null;
  const form = useForm<FormValues>({ initialValues: EMPTY, validate: keyRules(limits) });
  const [creating, setCreating] = useState(false);

  const submit = async (values: FormValues) => {
    setCreating(true);
    try {
      if (await onCreate(newKey(values))) form.setValues(EMPTY);
    } finally {
      setCreating(false);
    }
  };

  const limitInput = (field: LimitField) => (
    <NumberInput
      label={strings.keys[field]}
      description={field === 'rateLimitPerMinute' ? strings.keys.rateLimitHint(limits?.rateLimitPerMinute.max ?? null) : strings.keys.optionalHint}
      {...form.getInputProps(field)}
      min={limits?.[field].min ?? 1}
      max={limits?.[field].max}
      // Said in words rather than silently changed.
      clampBehavior="none"
      allowDecimal={false}
      allowNegative={false}
      thousandSeparator="."
      decimalSeparator=","
    />
  );

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate aria-labelledby="publication-new-key-title">
      <Stack gap="sm">
        <Title order={4} id="publication-new-key-title">
          {strings.keys.createTitle}
        </Title>
        <TextInput
          label={strings.keys.name}
          placeholder={strings.keys.namePlaceholder}
          {...form.getInputProps('name')}
          required
          // Some room over the limit, so that a name too long is said to be so rather than cut silently.
          maxLength={limits ? limits.name.max + 20 : undefined}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {limitInput('rateLimitPerMinute')}
          {limitInput('monthlyRequestQuota')}
          {limitInput('monthlyTokenQuota')}
          <TextInput
            type="date"
            label={strings.keys.expiresAt}
            description={strings.keys.expiresHint}
            {...form.getInputProps('expiresAt')}
            min={todayUtc()}
          />
        </SimpleGrid>
        <Switch
          label={strings.keys.allowConfirmedTools}
          description={strings.keys.allowConfirmedToolsHint}
          {...form.getInputProps('allowConfirmedTools', { type: 'checkbox' })}
        />
        <div>
          <AppButton type="submit" disabled={disabled || creating}>
            {creating ? strings.keys.creating : strings.keys.create}
          </AppButton>
        </div>
      </Stack>
    </form>
  );
}
