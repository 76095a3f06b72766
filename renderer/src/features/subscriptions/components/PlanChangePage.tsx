import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '../../../shared/config';
import { AppButton, useToast, LoadStatus } from '../../../shared/ui';
import { newIdempotencyKey, subscriptionsApi } from '../api/subscriptionsApi';
import { subscriptionsStrings } from '../strings';
import type { Plan, ProrationPreview, Subscription } from '../types';
import { errorText, formatCents, formatMoney } from '../utils/format';

const strings = subscriptionsStrings.change;

export interface PlanChangePageProps {
  userId: string;
  subscriptionId: string;
  priceId: string;
  /** After the change: back to the subscription. */
  onDone: (subscriptionId: string) => void;
  backHref: string;
}

interface Loaded {
  preview: ProrationPreview;
  subscription: Subscription | null;
  plan: Plan | null;
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fw={700} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

/** /mi-perfil/subscription-plans/{subscriptionId}/{priceId}: the prorated amount, then 'Confirmar cambio'. */
export function PlanChangePage({ userId, subscriptionId, priceId, onDone, backHref }: PlanChangePageProps) {
  const { payments } = useRuntimeConfig();
  const toast = useToast();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setLoadError(null);
      const [preview, subscriptions, plans] = await Promise.allSettled([
        subscriptionsApi.changePreview(subscriptionId, priceId, signal),
        subscriptionsApi.listForUser(userId, signal),
        subscriptionsApi.plans('', signal),
      ]);
      if (signal?.aborted) return;
      if (preview.status === 'rejected') {
        setLoadError(`${strings.loadError} ${errorText(preview.reason)}`);
        return;
      }
      setLoaded({
        preview: preview.value,
        subscription: subscriptions.status === 'fulfilled' ? (subscriptions.value.find((item) => item.subscriptionId === subscriptionId) ?? null) : null,
        plan: plans.status === 'fulfilled' ? (plans.value.find((plan) => plan.priceId === priceId) ?? null) : null,
      });
    },
    [userId, subscriptionId, priceId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const confirm = async () => {
    setError(null);
    setSaving(true);
    try {
      await subscriptionsApi.changePlan(subscriptionId, priceId, newIdempotencyKey());
      toast.success(subscriptionsStrings.success.updated);
      onDone(subscriptionId);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setSaving(false);
    }
  };

  const amountDue = loaded?.preview.amountDue ?? 0;
  const currency = loaded?.preview.currency || payments.currency;
  const currentName = loaded?.subscription?.products?.map((product) => product.name).join(', ') || subscriptionId;

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }} maw={720}>
      <Anchor component={Link} to={backHref} size="sm" c="indigo.3">
        ← {strings.back}
      </Anchor>
      <Title order={1}>{strings.title}</Title>
      {payments.provider === 'demo' && (
        <Alert color="yellow" variant="light" title={subscriptionsStrings.demoNotice} role="note" data-testid="demo-mode-notice" />
      )}
      {loaded === null ? (
        <LoadStatus error={loadError} loadingText={strings.loading} retryText={strings.retry} onRetry={() => void load()} />
      ) : (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Fact
                label={strings.current}
                value={
                  loaded.subscription
                    ? `${currentName} · ${subscriptionsStrings.list.perMonth(formatMoney(loaded.subscription.price, payments.currency))}`
                    : subscriptionId
                }
              />
              <Fact
                label={loaded.plan ? strings.newPlan : strings.newPrice}
                value={
                  loaded.plan ? `${loaded.plan.name} · ${subscriptionsStrings.list.perMonth(formatMoney(loaded.plan.price, payments.currency))}` : priceId
                }
              />
              <Fact
                label={amountDue < 0 ? strings.credit : strings.amountDue}
                value={formatCents(Math.abs(amountDue), currency)}
                testId="proration-amount"
              />
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              {strings.prorationNote}
            </Text>
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <Group justify="flex-end">
              <AppButton component={Link} to={backHref} variant="outline">
                {subscriptionsStrings.subscribe.cancel}
              </AppButton>
              <AppButton onClick={() => void confirm()} loading={saving}>
                {strings.confirm}
              </AppButton>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
