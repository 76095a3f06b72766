import { Alert, Group, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../shared/api';
import { AppButton, useToast } from '../../../shared/ui';
import { type ApiPricing, useApiPricing, useSavePricing } from '../api/apiSalesQueries';
import { publicationsStrings as strings } from '../strings';
import { capitalisedMonthName } from '../utils/months';

type AmountField = 'per1000Calls' | 'perMillionInputTokens' | 'perMillionOutputTokens';
const FIELDS: AmountField[] = ['per1000Calls', 'perMillionInputTokens', 'perMillionOutputTokens'];

/** The creator's prices for other developers and 'Disponible para otros desarrolladores' (issue 36). */
export function PricingSection({ publicationId }: { publicationId: string }) {
  const pricing = useApiPricing(publicationId);
  return (
    <Stack gap="sm">
      <Title order={3} fz="lg">
        {strings.sales.title}
      </Title>
      <Text size="sm" c="dimmed">
        {strings.sales.intro}
      </Text>
      {pricing.isError ? (
        <Alert color="red" role="alert">
          {strings.sales.loadFailed}
        </Alert>
      ) : pricing.isSuccess ? (
        <PricingForm publicationId={publicationId} saved={pricing.data} key={JSON.stringify(pricing.data)} />
      ) : null}
    </Stack>
  );
}

function PricingForm({ publicationId, saved }: { publicationId: string; saved: ApiPricing | null }) {
  const toast = useToast();
  const save = useSavePricing(publicationId);
  // What the form shows: the prices next month will have (the newest saved), in the currency's units.
  const shown = saved?.next ?? saved;
  const [available, setAvailable] = useState(saved?.available ?? false);
  const [amounts, setAmounts] = useState<Record<AmountField, number | string>>(() => ({
    per1000Calls: (shown?.per1000Calls ?? 0) / 100,
    perMillionInputTokens: (shown?.perMillionInputTokens ?? 0) / 100,
    perMillionOutputTokens: (shown?.perMillionOutputTokens ?? 0) / 100,
  }));
  const [error, setError] = useState<string | null>(null);
  const currency = (saved?.currency ?? 'eur').toUpperCase();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = Object.fromEntries(FIELDS.map((field) => [field, Math.round(Number(amounts[field]) * 100)])) as Record<AmountField, number>;
    if (FIELDS.some((field) => amounts[field] === '' || !Number.isFinite(cents[field]) || cents[field] < 0)) {
      setError(strings.sales.invalidAmount);
      return;
    }
    setError(null);
    save.mutate(
      { available, ...cents },
      {
        onSuccess: () => toast.success(strings.sales.saved),
        onError: (failure) => setError(isApiError(failure) && failure.message ? failure.message : strings.sales.saveFailed),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Switch label={strings.sales.available} checked={available} onChange={(event) => setAvailable(event.currentTarget.checked)} />
        <Group gap="md" align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
          {FIELDS.map((field) => (
            <NumberInput
              key={field}
              label={`${strings.sales[field]} (${currency})`}
              value={amounts[field]}
              onChange={(value) => setAmounts((current) => ({ ...current, [field]: value }))}
              min={0}
              decimalScale={2}
              decimalSeparator=","
              thousandSeparator="."
              miw={180}
            />
          ))}
        </Group>
        {saved?.next && <Text size="sm">{strings.sales.next(capitalisedMonthName(saved.next.from))}</Text>}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <AppButton type="submit" loading={save.isPending}>
            {strings.sales.save}
          </AppButton>
        </Group>
      </Stack>
    </form>
  );
}
