import { Alert, Stack, Text } from '@mantine/core';
import { useRuntimeConfig } from '../../../shared/config';
import { AppButton } from '../../../shared/ui';
import { toPlan, type PlanAgent } from '../api/subscriptionsQueries';
import { subscriptionsStrings } from '../strings';
import type { CreatedSubscription, Plan, SubscriberAccount } from '../types';
import { useSubscribeFlow } from './SubscribeFlow';

const strings = subscriptionsStrings.checkout;

/** An agent in the cart (the cart holds agents only). */
export type CheckoutItem = PlanAgent;

export interface CartCheckoutProps {
  account: SubscriberAccount;
  items: readonly CheckoutItem[];
  /** `ids`: the items now subscribed (to take out of the cart); `complete`: all of them were. */
  onPurchased: (created: CreatedSubscription[], ids: string[], complete: boolean) => void;
  paymentsHref?: string;
}

/** The cart's checkout: one subscription per paid agent or ecosystem in it, after one confirmation. */
export function CartCheckout({ account, items, onPurchased, paymentsHref }: CartCheckoutProps) {
  const { payments } = useRuntimeConfig();
  const priced = items.filter((item) => item.price > 0);
  const plans = priced.map((item) => toPlan('agent', item)).filter((plan): plan is Plan => plan !== null);
  const unpriced = priced.filter((item) => !item.priceId);
  const hasFree = priced.length < items.length;

  const flow = useSubscribeFlow({
    account,
    paymentsHref,
    offered: plans,
    onSubscribed: (created, complete) => {
      onPurchased(
        created,
        created.map((item) => item.planId),
        complete,
      );
    },
  });

  return (
    <Stack gap="xs" align="flex-end">
      {payments.provider === 'demo' && plans.length > 0 && (
        <Alert color="yellow" variant="light" title={subscriptionsStrings.demoNotice} role="note" data-testid="demo-mode-notice" />
      )}
      {unpriced.map((item) => (
        <Text key={item.id} size="sm" c="yellow.4" role="note">
          {strings.noPrice(item.name)}
        </Text>
      ))}
      {hasFree && plans.length > 0 && (
        <Text size="sm" c="dimmed">
          {strings.free}
        </Text>
      )}
      {plans.length === 0 ? (
        <Text size="sm" c="dimmed">
          {strings.nothingToPay}
        </Text>
      ) : (
        <AppButton loading={flow.checking} onClick={() => void flow.start(plans)}>
          {strings.button}
        </AppButton>
      )}
      {flow.modal}
    </Stack>
  );
}
