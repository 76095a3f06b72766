import { NumberInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { components } from '../../../shared/api';
import { useFormLimits } from '../../../shared/config';
import { AppButton } from '../../../shared/ui';
import type { NewApiKey } from '../api/publicationsQueries';
import { publicationsStrings as strings } from '../strings';

type LimitField = 'rateLimitPerMinute' | 'monthlyRequestQuota' | 'monthlyTokenQuota';
const LIMIT_FIELDS: LimitField[] = ['rateLimitPerMinute', 'monthlyRequestQuota', 'monthlyTokenQuota'];
/** The server's bounds of a key's fields (GET /api/config); null until they arrive, when the server alone checks them. */
type ApiKeyLimits = components['schemas']['FormLimitsDto']['apiKey'] | null;

interface FormState {
  name: string;
  rateLimitPerMinute: string | number;
  monthlyRequestQuota: string | number;
  monthlyTokenQuota: string | number;
  expiresAt: string;
}

const EMPTY: FormState = { name: '', rateLimitPerMinute: '', monthlyRequestQuota: '', monthlyTokenQuota: '', expiresAt: '' };

type Errors = Partial<Record<keyof FormState, string>>;

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

function validate(form: FormState, limits: ApiKeyLimits): { errors: Errors; key: NewApiKey | null } {
  const errors: Errors = {};
  const name = form.name.trim();
  if (!name) errors.name = strings.keys.nameRequired;
  else if (limits && name.length > limits.name.max) errors.name = strings.keys.nameTooLong(limits.name.max);
  const key: NewApiKey = { name };
  for (const field of LIMIT_FIELDS) {
    const raw = form[field];
    if (raw === '' || raw === null) continue;
    const value = Number(raw);
    // A limit is a whole number from 1 (or the server's minimum) up to the server's maximum.
    const min = limits?.[field].min ?? 1;
    if (!Number.isInteger(value) || value < min) errors[field] = strings.keys.limitInvalid(min);
    else if (limits && value > limits[field].max) errors[field] = strings.keys.limitTooLarge(limits[field].max);
    else key[field] = value;
  }
  if (form.expiresAt) {
    if (form.expiresAt <= todayUtc()) errors.expiresAt = strings.keys.expiryInPast;
    // The key works through the whole chosen day.
    else key.expiresAt = new Date(`${form.expiresAt}T23:59:59.999Z`).toISOString();
  }
  return { errors, key: Object.keys(errors).length === 0 ? key : null };
}

export interface CreateKeyFormProps {
  /** Resolves true when the key was created (the form then empties). */
  onCreate(key: NewApiKey): Promise<boolean>;
  disabled?: boolean;
}

/** A new key: a name and, optionally, its limits and expiry. */
export function CreateKeyForm({ onCreate, disabled }: CreateKeyFormProps) {
  const limits = useFormLimits()?.apiKey ?? null;
  const [form, setForm] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [creating, setCreating] = useState(false);

  const change = <K extends keyof FormState>(field: K, value: FormState[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { errors: found, key } = validate(form, limits);
    setErrors(found);
    if (!key) return;
    setCreating(true);
    try {
      if (await onCreate(key)) setForm(EMPTY);
    } finally {
      setCreating(false);
    }
  };

  const limitInput = (field: LimitField) => (
    <NumberInput
      label={strings.keys[field]}
      description={strings.keys.optionalHint}
      value={form[field]}
      onChange={(value) => change(field, value)}
      error={errors[field]}
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
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="publication-new-key-title">
      <Stack gap="sm">
        <Title order={4} id="publication-new-key-title">
          {strings.keys.createTitle}
        </Title>
        <TextInput
          label={strings.keys.name}
          placeholder={strings.keys.namePlaceholder}
          value={form.name}
          onChange={(event) => change('name', event.currentTarget.value)}
          error={errors.name}
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
            value={form.expiresAt}
            onChange={(event) => change('expiresAt', event.currentTarget.value)}
            error={errors.expiresAt}
            min={todayUtc()}
          />
        </SimpleGrid>
        <div>
          <AppButton type="submit" disabled={disabled || creating}>
            {creating ? strings.keys.creating : strings.keys.create}
          </AppButton>
        </div>
      </Stack>
    </form>
  );
}
