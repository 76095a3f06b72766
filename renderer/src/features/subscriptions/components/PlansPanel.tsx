import { Alert, Badge, Box, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useRuntimeConfig } from '../../../shared/config';
import { AppButton, LoadStatus } from '../../../shared/ui';
import { subscriptionsApi } from '../api/subscriptionsApi';
import { subscriptionsStrings } from '../strings';
import type { CreatedSubscription, Plan, SubscriberAccount, Subscription } from '../types';
import { formatMoney } from '../utils/format';
import { isCancelled } from '../utils/listing';
import { SubscribeButton } from './SubscribeFlow';

const strings = subscriptionsStrings.plans;
const SEARCH_DELAY_MS = 300;

export interface PlansPanelProps {
  account: SubscriberAccount;
  /** An agent or ecosystem named in the address (?agent= or ?ecosystem=): shown first. */
  focus?: { kind: Plan['kind']; id: string } | null;
  /**
   * `sub_id`: the subscription whose plan is being changed. The server allows a change only to the
   * current price of the subscription's own agent or ecosystem, so that is the one plan offered.
   */
  changingId?: string | null;
  onSubscribed: (created: CreatedSubscription) => void;
  /** Goes to the change preview (subscription-plans/{subscriptionId}/{priceId}). */
  onChangePlan: (subscriptionId: string, priceId: string) => void;
}

/** /mi-perfil?tab=PLANS: the paid agents and ecosystems to subscribe to, or to change a plan to. */
export function PlansPanel({ account, focus = null, changingId = null, onSubscribed, onChangePlan }: PlansPanelProps) {
  const { payments } = useRuntimeConfig();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [plans, setPlans] = useState<Plan[] | null>(null);
  const [focused, setFocused] = useState<Plan | null>(null);
  const [mine, setMine] = useState<Subscription[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  // The user's own subscriptions: the one being changed, and the plans already subscribed to.
  useEffect(() => {
    const controller = new AbortController();
    if (changingId) setLoadError(false);
    subscriptionsApi.listForUser(account.userId, controller.signal).then(setMine, () => {
      if (controller.signal.aborted) return;
      // Without its subscription a plan change has nothing to offer: that is a failed load.
      if (changingId) setLoadError(true);
      else setMine([]);
    });
    return () => controller.abort();
  }, [account.userId, changingId, attempt]);

  const changing = changingId ? (mine?.find((item) => item.subscriptionId === changingId) ?? null) : null;
  const ownKind: Plan['kind'] | null = changing?.ecosystemId ? 'ecosystem' : changing?.agentId ? 'agent' : null;
  const ownId = changing?.ecosystemId ?? changing?.agentId ?? null;
  const changingLoaded = Boolean(changingId && mine);

  useEffect(() => {
    if (changingId && !changingLoaded) return;
    const controller = new AbortController();
    setLoadError(false);
    const ownPlan = async () => {
      const plan = ownKind && ownId ? await subscriptionsApi.plan(ownKind, ownId, controller.signal) : null;
      return plan ? [plan] : [];
    };
    (changingId ? ownPlan() : subscriptionsApi.plans(query, controller.signal)).then(
      (loaded) => setPlans(loaded),
      () => {
        if (!controller.signal.aborted) setLoadError(true);
      },
    );
    return () => controller.abort();
  }, [query, attempt, changingId, changingLoaded, ownKind, ownId]);

  const focusKind = changingId ? undefined : focus?.kind;
  const focusId = focus?.id;
  useEffect(() => {
    if (!focusKind || !focusId) return setFocused(null);
    const controller = new AbortController();
    subscriptionsApi.plan(focusKind, focusId, controller.signal).then(
      (plan) => setFocused(plan),
      () => setFocused(null),
    );
    return () => controller.abort();
  }, [focusKind, focusId]);

  const live = (mine ?? []).filter((item) => !isCancelled(item));
  const subscribed = (plan: Plan) =>
    live.some((item) => item.priceId === plan.priceId || (plan.kind === 'agent' && !item.isBundle && item.agentId === plan.id));

  const ordered = plans ? [...(focused ? [focused] : []), ...plans.filter((plan) => plan.priceId !== focused?.priceId)] : null;
  const changingName = changing?.products?.map((product) => product.name).join(', ') || changingId;

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2}>{strings.title}</Title>
        <Text c="dimmed" size="sm">
          {changingId ? strings.changeLead : strings.lead}
        </Text>
      </Stack>
      {changingId && (
        <Alert color="indigo" variant="light" role="note">
          {strings.changing(changingName ?? '')}
        </Alert>
      )}
      {payments.provider === 'demo' && (
        <Alert color="yellow" variant="light" title={subscriptionsStrings.demoNotice} role="note" data-testid="demo-mode-notice" />
      )}
      {!changingId && (
        <TextInput
          label={strings.search}
          placeholder={strings.searchPlaceholder}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      )}
      {changingLoaded && !changing ? (
        <Text>{subscriptionsStrings.errors.notFound}</Text>
      ) : ordered === null ? (
        <LoadStatus
          error={loadError ? strings.loadError : null}
          loadingText={strings.loading}
          retryText={subscriptionsStrings.list.retry}
          onRetry={() => setAttempt((value) => value + 1)}
        />
      ) : ordered.length === 0 ? (
        <Text>{changingId ? strings.noOtherPrice : strings.empty}</Text>
      ) : (
        <Box
          component="ul"
          aria-label={strings.listLabel}
          style={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-sm)' }}
        >
          {ordered.map((plan) => {
            const current = changing?.priceId === plan.priceId;
            return (
              <Paper component="li" key={`${plan.kind}-${plan.id}`} withBorder radius="md" p="md" data-testid="plan">
                <Group justify="space-between" wrap="wrap" gap="sm" align="flex-start">
                  <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                    <Group gap="xs">
                      <Title order={3} fz="md">
                        {plan.name}
                      </Title>
                      <Badge variant="light" color={plan.kind === 'agent' ? 'indigo' : 'teal'}>
                        {plan.kind === 'agent' ? strings.agent : strings.ecosystem}
                      </Badge>
                      {focused?.priceId === plan.priceId && (
                        <Badge variant="outline" color="gray">
                          {strings.selected}
                        </Badge>
                      )}
                    </Group>
                    {plan.description && (
                      <Text size="sm" c="dimmed" lineClamp={2}>
                        {plan.description}
                      </Text>
                    )}
                  </Stack>
                  <Stack gap={6} align="flex-end">
                    <Text fw={700}>{subscriptionsStrings.list.perMonth(formatMoney(plan.price, payments.currency))}</Text>
                    {changingId ? (
                      current ? (
                        <>
                          <Badge color="green" variant="light">
                            {strings.current}
                          </Badge>
                          <Text size="sm" c="dimmed">
                            {strings.noOtherPrice}
                          </Text>
                        </>
                      ) : (
                        <AppButton size="sm" variant="outline" aria-label={strings.changeToLabel(plan.name)} onClick={() => onChangePlan(changingId, plan.priceId)}>
                          {strings.changeTo}
                        </AppButton>
                      )
                    ) : subscribed(plan) ? (
                      <Badge color="green" variant="light">
                        {strings.subscribed}
                      </Badge>
                    ) : (
                      <SubscribeButton account={account} plan={plan} onSubscribed={onSubscribed} />
                    )}
                  </Stack>
                </Group>
              </Paper>
            );
          })}
        </Box>
      )}
    </Stack>
  );
}
