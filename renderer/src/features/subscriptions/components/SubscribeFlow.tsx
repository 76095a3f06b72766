import { Alert, Box, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useRuntimeConfig } from '../../../shared/config';
import { loadStripeJs } from '../../../shared/stripe';
import { AppButton, AppModal, useToast } from '../../../shared/ui';
import { newIdempotencyKey, useCreateSubscription, useDefaultCardCheck, useEnsureCustomer } from '../api/subscriptionsQueries';
import { subscriptionsStrings } from '../strings';
import type { CreatedSubscription, Plan, SubscriberAccount } from '../types';
import { errorText, formatMoney } from '../utils/format';

const strings = subscriptionsStrings.subscribe;

/** Where the cards are managed, with the reason the user was sent there. */
export const PAYMENTS_FOR_SUBSCRIBING = '/mi-perfil?tab=PAYMENTS&reason=subscribe';

/**
 * Métodos de pago for a user who has no card yet, with the page they were subscribing from
 * (`returnTo`, this app's path and query): once the card is saved they are taken back there.
 */
export function paymentsForSubscribing(returnTo: string): string {
  return `${PAYMENTS_FOR_SUBSCRIBING}&${new URLSearchParams({ returnTo }).toString()}`;
}

/**
 * Route state that comes with the user to Métodos de pago and back: the price ids of the plans
 * they were subscribing to, so that the page they return to opens the same confirmation again.
 */
export interface ResumeSubscriptionState {
  resumeSubscription: string[];
}

/** The price ids a route's state asks to resume, if it does. */
export function resumeSubscriptionOf(state: unknown): string[] | null {
  if (typeof state !== 'object' || state === null) return null;
  const ids = (state as Partial<ResumeSubscriptionState>).resumeSubscription;
  return Array.isArray(ids) && ids.length > 0 && ids.every((id) => typeof id === 'string') ? ids : null;
}

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

type Phase = 'idle' | 'checking' | 'no-card' | 'confirm' | 'subscribing';

export interface SubscribeFlowOptions {
  account: SubscriberAccount;
  /** Called with what was subscribed; `complete` is false when one of several failed. */
  onSubscribed?: (created: CreatedSubscription[], complete: boolean) => void;
  /** Where 'Añadir tarjeta' leads; by default Métodos de pago, coming back to this page afterwards. */
  paymentsHref?: string;
  /**
   * The plans this flow offers: when the user comes back from adding a card for exactly these
   * (ResumeSubscriptionState), the confirmation opens again by itself.
   */
  offered?: readonly Plan[];
}

/**
 * Subscribing, for one plan or several (the cart): a default card is required (without one the
 * user is sent to Métodos de pago), then one confirmation, then one subscription per plan, each
 * with its own idempotency key.
 */
export function useSubscribeFlow({ account, onSubscribed, paymentsHref, offered }: SubscribeFlowOptions) {
  const toast = useToast();
  const location = useLocation();
  const navigate = useNavigate();
  const here = `${location.pathname}${location.search}`;
  const { payments } = useRuntimeConfig();
  const defaultCard = useDefaultCardCheck();
  const ensureCustomer = useEnsureCustomer();
  const createSubscription = useCreateSubscription();
  const [phase, setPhase] = useState<Phase>('idle');
  const [plans, setPlans] = useState<Plan[]>([]);
  const [error, setError] = useState<string | null>(null);

  const start = async (next: Plan[]) => {
    setPlans(next);
    setError(null);
    setPhase('checking');
    try {
      const card = await defaultCard();
      setPhase(card ? 'confirm' : 'no-card');
    } catch (failure) {
      setError(errorText(failure));
      setPhase('confirm');
    }
  };

  /** Stripe.js confirms the payment (the bank's 3-D Secure window); a refusal is the Spanish message. */
  const confirmWithBank = async (clientSecret: string) => {
    const stripe = payments.publishableKey ? await loadStripeJs(payments.publishableKey).catch(() => null) : null;
    if (!stripe) throw new Error(strings.authenticationFailed);
    const result = await stripe.confirmCardPayment(clientSecret).catch(() => null);
    if (!result || result.error) throw new Error(strings.authenticationFailed);
  };

  const confirm = async () => {
    setError(null);
    setPhase('subscribing');
    const created: CreatedSubscription[] = [];
    try {
      const customerId = await ensureCustomer.mutateAsync(account);
      for (const plan of plans) {
        const answer = await createSubscription.mutateAsync({
          userId: account.userId,
          customerId,
          priceId: plan.priceId,
          idempotencyKey: newIdempotencyKey(),
        });
        // 3-D Secure: the buyer's bank confirms the first payment in Stripe's own window.
        if (answer.requiresAction && answer.clientSecret) await confirmWithBank(answer.clientSecret);
        created.push({ subscriptionId: answer.subscriptionId, planName: plan.name, planId: plan.id });
      }
    } catch (failure) {
      const message = errorText(failure);
      setPlans((current) => current.slice(created.length));
      setError(created.length > 0 ? `${message} ${subscriptionsStrings.checkout.partial(created.length, plans.length)}` : message);
      setPhase('confirm');
      if (created.length > 0) onSubscribed?.(created, false);
      return;
    }
    setPhase('idle');
    toast.success(subscriptionsStrings.success.activated);
    onSubscribed?.(created, true);
  };

  const close = () => {
    if (phase !== 'subscribing') setPhase('idle');
  };

  // Back from Métodos de pago with a card: the same plans' confirmation, once (the state is used up).
  const resume = resumeSubscriptionOf(location.state);
  const offeredIds = (offered ?? []).map((plan) => plan.priceId);
  const resumeHere = resume !== null && offeredIds.length > 0 && sameIds(resume, offeredIds);
  useEffect(() => {
    if (!resumeHere || !offered) return;
    navigate(here, { replace: true, state: null });
    void start([...offered]);
    // Keyed on whether this flow is the one to resume; `start` and `offered` are this render's.
  }, [resumeHere]);

  const total = plans.reduce((sum, plan) => sum + Math.round(plan.price * 100), 0) / 100;
  const open = phase === 'no-card' || phase === 'confirm' || phase === 'subscribing';

  const modal = (
    <AppModal opened={open} onClose={close} title={phase === 'no-card' ? strings.noCardTitle : strings.title}>
      {phase === 'no-card' ? (
        <Stack>
          <Text>{strings.noCard}</Text>
          <Group justify="flex-end">
            <AppButton variant="outline" onClick={close}>
              {strings.cancel}
            </AppButton>
            <AppButton
              component={Link}
              to={paymentsHref ?? paymentsForSubscribing(here)}
              state={{ resumeSubscription: plans.map((plan) => plan.priceId) } satisfies ResumeSubscriptionState}
            >
              {strings.addCard}
            </AppButton>
          </Group>
        </Stack>
      ) : (
        <Stack>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          {plans.length === 1 ? (
            <Text>{strings.summary(plans[0]!.name, formatMoney(plans[0]!.price, payments.currency))}</Text>
          ) : (
            <>
              <Text>{subscriptionsStrings.checkout.lead}</Text>
              <Box component="ul" m={0} pl="md">
                {plans.map((plan) => (
                  <li key={`${plan.kind}-${plan.id}`}>
                    <Text size="sm">
                      {plan.name} · {formatMoney(plan.price, payments.currency)}
                    </Text>
                  </li>
                ))}
              </Box>
              <Text fw={700}>{subscriptionsStrings.checkout.total(formatMoney(total, payments.currency))}</Text>
            </>
          )}
          <Text size="sm" c="dimmed">
            {strings.cardUsed}
          </Text>
          {payments.provider === 'demo' && (
            <Alert color="yellow" variant="light" title={subscriptionsStrings.demoNotice} role="note" data-testid="demo-mode-notice" />
          )}
          <Group justify="flex-end">
            <AppButton variant="outline" onClick={close} disabled={phase === 'subscribing'}>
              {strings.cancel}
            </AppButton>
            <AppButton onClick={() => void confirm()} loading={phase === 'subscribing'} disabled={plans.length === 0}>
              {plans.length > 1 ? subscriptionsStrings.checkout.confirm : strings.confirm}
            </AppButton>
          </Group>
        </Stack>
      )}
    </AppModal>
  );

  return { start, checking: phase === 'checking', modal };
}

export interface SubscribeButtonProps extends Omit<SubscribeFlowOptions, 'onSubscribed' | 'offered'> {
  plan: Plan;
  onSubscribed?: (created: CreatedSubscription) => void;
  size?: 'xs' | 'sm' | 'md';
}

/** 'Suscribirse' to one paid agent or priced ecosystem. */
export function SubscribeButton({ plan, onSubscribed, size = 'sm', ...options }: SubscribeButtonProps) {
  const flow = useSubscribeFlow({ ...options, offered: [plan], onSubscribed: (created) => created[0] && onSubscribed?.(created[0]) });
  return (
    <>
      <AppButton size={size} loading={flow.checking} onClick={() => void flow.start([plan])} aria-label={strings.buttonLabel(plan.name)}>
        {strings.button}
      </AppButton>
      {flow.modal}
    </>
  );
}
