import { Alert, Box, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useRuntimeConfig } from '../../../shared/config';
import { AppButton, ConfirmModal, useItemActions, LoadStatus } from '../../../shared/ui';
import {
  useCancelSubscription,
  usePauseSubscription,
  useResumeSubscription,
  useSubscriptions,
  type Subscription,
} from '../api/subscriptionsQueries';
import { subscriptionsStrings } from '../strings';
import { errorText, formatDate } from '../utils/format';
import { matchesFilter, matchesSearch, SUBSCRIPTION_FILTERS, SUBSCRIPTIONS_PAGE_SIZE, type SubscriptionFilter } from '../utils/listing';
import { SubscriptionCard, subscriptionSubject } from './SubscriptionCard';

const strings = subscriptionsStrings.list;

/** An active subscription ends with the period paid for; a paused or unpaid one at once (as the server does). */
function cancelMessage(subscription: Subscription): string {
  const subject = subscriptionSubject(subscription);
  if (subscription.status !== 'active') return strings.cancelConfirm(subject);
  return strings.cancelAtPeriodEndConfirm(subject, subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : null);
}

export interface SubscriptionListProps {
  userId: string;
  /** `sub_id` from the address: that subscription is shown expanded. */
  focusId?: string | null;
  /** 'Nueva suscripción' (the PLANS tab). */
  onNew: () => void;
  /** 'Editar': choose the plan to change to. */
  onEdit: (subscription: Subscription) => void;
}

/**
 * The subscription list screen of spec section 2, backed by the server: search, the status
 * filters, pages of five, expandable cards with pause, resume, 'Editar' and 'Cancelar'.
 */
export function SubscriptionList({ userId, focusId = null, onNew, onEdit }: SubscriptionListProps) {
  const { payments } = useRuntimeConfig();
  const list = useSubscriptions(userId);
  const pause = usePauseSubscription();
  const resume = useResumeSubscription();
  const cancel = useCancelSubscription();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<SubscriptionFilter>('all');
  const [page, setPage] = useState(0);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(focusId ? [focusId] : []));
  const [toCancel, setToCancel] = useState<Subscription | null>(null);

  // Each change loads the subscriptions again itself (waited for): nothing more to reload here.
  const actions = useItemActions(() => Promise.resolve(), errorText);
  const subscriptions = list.data ?? null;
  // A failed load (the first, or one after a change) says so with 'Reintentar'; not while it is tried again.
  const loadFailed = list.isError && !list.isFetching;

  const visible = useMemo(
    () => (subscriptions ?? []).filter((item) => matchesFilter(item, filter) && matchesSearch(item, search)),
    [subscriptions, filter, search],
  );

  // sub_id: open the page that holds it once the list is there (not again after each reload).
  const focusedRef = useRef<string | null>(null);
  useEffect(() => {
    if (!focusId || !subscriptions || focusedRef.current === focusId) return;
    focusedRef.current = focusId;
    const index = visible.findIndex((item) => item.subscriptionId === focusId);
    if (index >= 0) setPage(Math.floor(index / SUBSCRIPTIONS_PAGE_SIZE));
    setExpanded((current) => new Set(current).add(focusId));
  }, [focusId, subscriptions, visible]);

  const pageCount = Math.max(1, Math.ceil(visible.length / SUBSCRIPTIONS_PAGE_SIZE));
  const currentPage = Math.min(page, pageCount - 1);
  const shown = visible.slice(currentPage * SUBSCRIPTIONS_PAGE_SIZE, (currentPage + 1) * SUBSCRIPTIONS_PAGE_SIZE);
  const from = visible.length === 0 ? 0 : currentPage * SUBSCRIPTIONS_PAGE_SIZE + 1;
  const to = currentPage * SUBSCRIPTIONS_PAGE_SIZE + shown.length;

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{strings.title}</Title>
        <AppButton onClick={onNew}>{strings.newSubscription}</AppButton>
      </Group>
      {payments.provider === 'demo' && (
        <Alert color="yellow" variant="light" title={subscriptionsStrings.demoNotice} role="note" data-testid="demo-mode-notice" />
      )}
      <TextInput
        label={strings.search}
        placeholder={strings.searchPlaceholder}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(0);
        }}
        type="search"
      />
      <Box role="group" aria-label={strings.filtersLabel}>
        <SegmentedControl
          value={filter}
          onChange={(value) => {
            setFilter(value as SubscriptionFilter);
            setPage(0);
          }}
          data={SUBSCRIPTION_FILTERS.map((value) => ({ value, label: strings.filters[value] }))}
          color="indigo"
          fullWidth
        />
      </Box>
      {actions.error && (
        <Alert color="red" variant="light" role="alert" withCloseButton onClose={actions.clearError}>
          {actions.error}
        </Alert>
      )}
      {(subscriptions === null || loadFailed) && (
        <LoadStatus
          error={loadFailed ? strings.loadError : null}
          loadingText={strings.loading}
          retryText={strings.retry}
          onRetry={() => void list.refetch()}
        />
      )}
      {subscriptions === null ? null : visible.length === 0 ? (
        <Text>{strings.empty}</Text>
      ) : (
        <Box
          component="ul"
          aria-label={strings.title}
          style={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-sm)' }}
        >
          {shown.map((subscription) => (
            <SubscriptionCard
              key={subscription.subscriptionId}
              subscription={subscription}
              currency={payments.currency}
              expanded={expanded.has(subscription.subscriptionId)}
              busy={actions.busyId !== null}
              onToggle={() => toggle(subscription.subscriptionId)}
              onEdit={() => onEdit(subscription)}
              onCancel={() => setToCancel(subscription)}
              onPause={() => void actions.run(subscription.subscriptionId, () => pause.mutateAsync(subscription), subscriptionsStrings.success.paused)}
              onResume={() => void actions.run(subscription.subscriptionId, () => resume.mutateAsync(subscription), subscriptionsStrings.success.activated)}
            />
          ))}
        </Box>
      )}
      {subscriptions !== null && (
        <Box component="nav" aria-label={strings.pagination}>
          <Group justify="space-between" wrap="wrap">
          <Text size="sm" role="status">
            {strings.showing(from, to, visible.length)}
          </Text>
          <Group gap="xs">
            <AppButton variant="outline" size="xs" disabled={currentPage === 0} onClick={() => setPage(currentPage - 1)}>
              {strings.previous}
            </AppButton>
            <AppButton variant="outline" size="xs" disabled={currentPage >= pageCount - 1} onClick={() => setPage(currentPage + 1)}>
              {strings.next}
            </AppButton>
          </Group>
          </Group>
        </Box>
      )}

      <ConfirmModal
        opened={toCancel !== null}
        title={strings.cancelTitle}
        message={toCancel ? cancelMessage(toCancel) : ''}
        cancelLabel={strings.keep}
        confirmLabel={strings.confirmCancel}
        danger
        onCancel={() => setToCancel(null)}
        onConfirm={() => {
          if (!toCancel) return;
          const subscription = toCancel;
          setToCancel(null);
          void actions.run(subscription.subscriptionId, () => cancel.mutateAsync(subscription), subscriptionsStrings.success.cancelled);
        }}
      />
    </Stack>
  );
}
