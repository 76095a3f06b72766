import { Alert, Badge, Box, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../shared/api';
import { useRuntimeConfig } from '../../../shared/config';
import { AppButton, LoadStatus } from '../../../shared/ui';
import { useAgentPlans, useEcosystemPlans, usePlan, useSubscriptions } from '../api/subscriptionsQueries';
import { subscriptionsStrings } from '../strings';
import type { CreatedSubscription, Plan, SubscriberAccount } from '../types';
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

interface Load {
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A load that failed and is not being tried again. */
const failed = (load: Load) => load.isError && !load.isFetching;
/** An agent or ecosystem that is gone or private (404) is no plan to show, not a failure. */
const gone = (error: unknown) => isApiError(error) && error.status === 404;

/** /mi-perfil?tab=PLANS: the paid agents and ecosystems to subscribe to, or to change a plan to. */
export function PlansPanel({ account, focus = null, changingId = null, onSubscribed, onChangePlan }: PlansPanelProps) {
  const { payments } = useRuntimeConfig();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setQuery(search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  // The user's own subscriptions: the one being changed, and the plans already subscribed to.
  const mine = useSubscriptions(account.userId);
  const changing = changingId ? (mine.data?.find((item) => item.subscriptionId === changingId) ?? null) : null;
  const ownKind: Plan['kind'] | null = changing?.ecosystemId ? 'ecosystem' : changing?.agentId ? 'agent' : null;
  const ownId = changing?.ecosystemId ?? changing?.agentId ?? null;
  const changingLoaded = Boolean(changingId && mine.data);

  // Changing a plan: the subscription's own agent or ecosystem only. Otherwise the marketplace's paid ones.
  const own = usePlan(ownKind, ownId);
  const agentPlans = useAgentPlans(query, { enabled: !changingId });
  const ecosystemPlans = useEcosystemPlans(query, { enabled: !changingId });
  const focused = usePlan(changingId ? null : focus?.kind, focus?.id);

  let plans: Plan[] | null;
  if (changingId) {
    if (!changingLoaded) plans = null;
    else if (!ownKind) plans = [];
    else plans = own.data === undefined ? null : own.data ? [own.data] : [];
  } else {
    // Nobody buys what they made (issue 31): a creator's own agents and ecosystems are not offered.
    const others = (plan: Plan) => plan.creatorId !== account.userId;
    plans = agentPlans.data && ecosystemPlans.data ? [...agentPlans.data, ...ecosystemPlans.data].filter(others) : null;
  }

  // Without its subscription a plan change has nothing to offer: that is a failed load of the plans.
  const mainLoads: Load[] = changingId ? [mine, ...(ownKind ? [own] : [])] : [agentPlans, ecosystemPlans];
  const mainFailed = mainLoads.filter(failed);
  // Beside the list: the subscriptions that mark 'Ya suscrito', and the plan named in the address.
  const sideLoads: Load[] = changingId ? [] : [mine, ...(focus ? [focused] : [])];
  const sideFailed = sideLoads.filter((load) => failed(load) && !gone(load.error));
  const retry = (loads: Load[]) => loads.forEach((load) => void load.refetch());

  const live = (mine.data ?? []).filter((item) => !isCancelled(item));
  const subscribed = (plan: Plan) =>
    live.some((item) => item.priceId === plan.priceId || (plan.kind === 'agent' && !item.isBundle && item.agentId === plan.id));
  const focusedPlan = focused.data ?? null;

  const ordered = plans ? [...(focusedPlan ? [focusedPlan] : []), ...plans.filter((plan) => plan.priceId !== focusedPlan?.priceId)] : null;
  const changingName = changing?.products.map((product) => product.name).join(', ') || changingId;

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
      {sideFailed.length > 0 && (
        <LoadStatus
          error={sideFailed.includes(mine) ? subscriptionsStrings.list.loadError : strings.loadError}
          loadingText={strings.loading}
          retryText={subscriptionsStrings.list.retry}
          onRetry={() => retry(sideFailed)}
        />
      )}
      {changingLoaded && !changing ? (
        <Text>{subscriptionsStrings.errors.notFound}</Text>
      ) : ordered === null || mainFailed.length > 0 ? (
        <LoadStatus
          error={mainFailed.length > 0 ? strings.loadError : null}
          loadingText={strings.loading}
          retryText={subscriptionsStrings.list.retry}
          onRetry={() => retry(mainFailed)}
        />
      ) : ordered.length === 0 ? (
        <Text>{changingId ? strings.noOtherPrice : query.trim() ? strings.empty : strings.none}</Text>
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
                      {focusedPlan?.priceId === plan.priceId && (
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
