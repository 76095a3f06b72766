import { NumberInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { AppButton } from '../../../shared/ui';
import { publicationsStrings as strings } from '../strings';
import type { NewApiKey } from '../api/publicationsQueries';

const MAX_NAME_LENGTH = 100;

type LimitField = 'rateLimitPerMinute' | 'monthlyRequestQuota' | 'monthlyTokenQuota';
const LIMIT_FIELDS: LimitField[] = ['rateLimitPerMinute', 'monthlyRequestQuota', 'monthlyTokenQuota'];

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

function validate(form: FormState): { errors: Errors; key: NewApiKey | null } {
  const errors: Errors = {};
  const name = form.name.trim();
  if (!name) errors.name = strings.keys.nameRequired;
  else if (name.length > MAX_NAME_LENGTH) errors.name = strings.keys.nameTooLong;
  const key: NewApiKey = { name };
  for (const field of LIMIT_FIELDS) {
    const raw = form[field];
    if (raw === '' || raw === null) continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) errors[field] = strings.keys.limitInvalid;
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
  const [form, setForm] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [creating, setCreating] = useState(false);

  const change = <K extends keyof FormState>(field: K, value: FormState[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { errors: found, key } = validate(form);
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
      min={1}
      // Said in words rather than silently changed to 1.
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
          maxLength={MAX_NAME_LENGTH + 20}
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
