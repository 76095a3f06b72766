import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { isApiError } from '../../../shared/api';
import { useRuntimeConfig } from '../../../shared/config';
import { AppButton, useToast, LoadStatus } from '../../../shared/ui';
import { newIdempotencyKey, useChangePlan, useChangePreview, usePlan, useSubscriptions } from '../api/subscriptionsQueries';
import { subscriptionsStrings } from '../strings';
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
  const changePlan = useChangePlan();
  const [error, setError] = useState<string | null>(null);

  // The amount, the subscription being changed, and the plan: its own agent's or ecosystem's, the one change the server allows.
  const preview = useChangePreview(subscriptionId, priceId);
  const mine = useSubscriptions(userId);
  const subscription = mine.data?.find((item) => item.subscriptionId === subscriptionId) ?? null;
  const ownKind = subscription?.ecosystemId ? 'ecosystem' : subscription?.agentId ? 'agent' : null;
  const own = usePlan(ownKind, subscription?.ecosystemId ?? subscription?.agentId);
  // An agent or ecosystem gone meanwhile (404) names no plan: the price id is shown instead.
  const ownSettled = !ownKind || own.data !== undefined || (isApiError(own.error) && own.error.status === 404);
  const loads = [preview, mine, ...(ownKind ? [own] : [])];
  const failure = loads.find((load) => load.isError && !load.isFetching && !(load === own && ownSettled));
  const loaded = preview.data && mine.data && ownSettled ? { preview: preview.data, subscription, plan: own.data?.priceId === priceId ? own.data : null } : null;
  const retry = () => loads.filter((load) => load.isError).forEach((load) => void load.refetch());

  const confirm = async () => {
    setError(null);
    try {
      await changePlan.mutateAsync({ userId, subscriptionId, priceId, idempotencyKey: newIdempotencyKey() });
      toast.success(subscriptionsStrings.success.updated);
      onDone(subscriptionId);
    } catch (failed) {
      setError(errorText(failed));
    }
  };

  const amountDue = loaded?.preview.amountDue ?? 0;
  const currency = loaded?.preview.currency || payments.currency;
  const currentName = loaded?.subscription?.products.map((product) => product.name).join(', ') || subscriptionId;

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }} maw={720}>
      <Anchor component={Link} to={backHref} size="sm" c="indigo.3">
        ← {strings.back}
      </Anchor>
      <Title order={1}>{strings.title}</Title>
      {payments.provider === 'demo' && (
        <Alert color="yellow" variant="light" title={subscriptionsStrings.demoNotice} role="note" data-testid="demo-mode-notice" />
      )}
      {failure || loaded === null ? (
        <LoadStatus
          error={failure ? `${strings.loadError} ${errorText(failure.error)}` : null}
          loadingText={strings.loading}
          retryText={strings.retry}
          onRetry={retry}
        />
      ) : (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Fact
                label={strings.current}
                value={
                  loaded.subscription
                    ? `${currentName} · ${subscriptionsStrings.list.perMonth(formatMoney(loaded.subscription.price, payments.currency))}`
                    : strings.unknownPlan
                }
              />
              <Fact
                label={strings.newPlan}
                value={
                  loaded.plan ? `${loaded.plan.name} · ${subscriptionsStrings.list.perMonth(formatMoney(loaded.plan.price, payments.currency))}` : strings.unknownPlan
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
              <AppButton onClick={() => void confirm()} loading={changePlan.isPending}>
                {strings.confirm}
              </AppButton>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
