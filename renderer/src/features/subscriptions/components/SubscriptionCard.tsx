import { Badge, Box, Group, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useId } from 'react';
import { AppButton } from '../../../shared/ui';
import { subscriptionsStrings } from '../strings';
import { useAgentNames, type Subscription } from '../api/subscriptionsQueries';
import { formatDate, formatMoney } from '../utils/format';
import { isCancelled, isEnding, statusColor } from '../utils/listing';

const strings = subscriptionsStrings.list;

export interface SubscriptionCardProps {
  subscription: Subscription;
  currency: string;
  expanded: boolean;
  busy: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onCancel: () => void;
  onPause: () => void;
  onResume: () => void;
}

export function subscriptionName(subscription: Subscription): string {
  return subscription.user.name?.trim() || strings.unnamed;
}

/** What the subscription buys, so that a list of one subscriber's cards tells its buttons apart. */
export function subscriptionSubject(subscription: Subscription): string {
  const productNames = subscription.products.map((product) => product.name).join(', ');
  return productNames || subscription.subscriptionId;
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

/** A bundle's agents by name (fetched once the card opens); those no longer readable, counted. */
function BundleAgents({ ids }: { ids: string[] }) {
  const names = useAgentNames(ids);
  if (names.some((name) => name === null)) return <Field label={strings.bundleAgents} value={strings.loadingAgents} />;
  const known = names.filter((name): name is string => typeof name === 'string');
  const gone = names.length - known.length;
  return <Field label={strings.bundleAgents} value={[...known, ...(gone > 0 ? [strings.unavailableAgents(gone)] : [])].join(', ')} />;
}

/** One subscription: the summary, and once expanded its details and actions (spec section 2). */
export function SubscriptionCard({ subscription, currency, expanded, busy, onToggle, onEdit, onCancel, onPause, onResume }: SubscriptionCardProps) {
  const detailsId = useId();
  const name = subscriptionName(subscription);
  const subject = subscriptionSubject(subscription);
  const products = subscription.products;
  const productNames = products.map((product) => product.name).join(', ');
  const cancelled = isCancelled(subscription);
  // Cancelled by the subscriber: active until the paid period ends, then cancelled; 'Reanudar' undoes it.
  const ending = isEnding(subscription);
  const periodEnd = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : null;

  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid="subscription-card" data-subscription-id={subscription.subscriptionId}>
      <Title order={3} fz="md" m={0}>
        <UnstyledButton onClick={onToggle} aria-expanded={expanded} aria-controls={detailsId} w="100%">
          <Box component="span" style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 'var(--mantine-spacing-xs)' }}>
            <Box component="span" style={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
              <Text fw={700} component="span">
                {name}
              </Text>
              {productNames && (
                <Text size="sm" component="span">
                  {productNames}
                </Text>
              )}
            </Box>
            <Box component="span" style={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-end' }}>
              <Text fw={700} component="span">
                {strings.perMonth(formatMoney(subscription.price, currency))}
              </Text>
              <Text size="xs" c="dimmed" component="span">
                {strings.createdAt} {formatDate(subscription.createdAt)}
              </Text>
              {ending && (
                <Badge color="red" variant="light" tt="none" component="span" data-testid="subscription-ends">
                  {strings.endsOn(periodEnd ?? '—')}
                </Badge>
              )}
            </Box>
          </Box>
        </UnstyledButton>
      </Title>
      {expanded && (
        <Stack id={detailsId} gap="md" pt="md" aria-label={strings.details(subject)} role="region">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Stack gap={0}>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                {strings.status}
              </Text>
              <Group>
                <Badge color={statusColor(subscription)} variant="light" data-testid="subscription-status">
                  {subscriptionsStrings.statuses[subscription.status] ?? subscription.status}
                </Badge>
              </Group>
            </Stack>
            {/* Names, not ids (issue 31): what was bought, and the provider's reference for a question about the payment. */}
            {productNames && <Field label={subscription.isBundle ? strings.ecosystem : strings.agent} value={productNames} />}
            {subscription.isBundle && subscription.agents.length > 0 && <BundleAgents ids={subscription.agents} />}
            <Field label={strings.reference} value={subscription.subscriptionId} />
            {subscription.finishedAt && <Field label={strings.finishedAt} value={formatDate(subscription.finishedAt)} />}
            {subscription.status === 'active' && !ending && periodEnd && <Field label={strings.renewsOn} value={periodEnd} />}
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {strings.products}
            </Text>
            {products.length === 0 ? (
              <Text size="sm">{strings.noProducts}</Text>
            ) : (
              <Box component="ul" m={0} pl="md">
                {products.map((product, index) => (
                  <li key={`${product.name}-${index}`}>
                    <Text size="sm">
                      <strong>{product.name}</strong> · {formatMoney(product.price, currency)}
                      {product.quantity !== undefined && product.quantity > 1 ? ` ${strings.quantity(product.quantity)}` : ''}
                      {product.description ? ` — ${product.description}` : ''}
                    </Text>
                  </li>
                ))}
              </Box>
            )}
          </Stack>
          {!cancelled && (
            <Group gap="xs" justify="flex-end" wrap="wrap">
              {subscription.status === 'active' && !ending && (
                <AppButton size="xs" variant="outline" disabled={busy} onClick={onPause} aria-label={strings.actionLabel(strings.pause, subject)}>
                  {strings.pause}
                </AppButton>
              )}
              {(subscription.status === 'paused' || ending) && (
                <AppButton size="xs" variant="warning" disabled={busy} onClick={onResume} aria-label={strings.actionLabel(strings.resume, subject)}>
                  {strings.resume}
                </AppButton>
              )}
              {/* Set to cancel, it neither changes plan nor cancels again (the server refuses both): 'Reanudar' first. */}
              {!ending && (
                <AppButton size="xs" variant="outline" disabled={busy} onClick={onEdit} aria-label={strings.actionLabel(strings.edit, subject)}>
                  {strings.edit}
                </AppButton>
              )}
              {!ending && (
                <AppButton size="xs" variant="danger" disabled={busy} onClick={onCancel} aria-label={strings.actionLabel(strings.cancel, subject)}>
                  {strings.cancel}
                </AppButton>
              )}
            </Group>
          )}
        </Stack>
      )}
    </Paper>
  );
}
