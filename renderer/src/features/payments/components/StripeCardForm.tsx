import { Alert, Box, Group, Loader, Stack, Text } from '@mantine/core';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { loadStripeJs } from '../../../shared/stripe';
import { AppButton } from '../../../shared/ui';
import { paymentsStrings as strings } from '../strings';
import { errorText } from '../utils/errors';

export interface StripeCardFormProps {
  publishableKey: string;
  /** The SetupIntent's client secret, made on the server for the caller's customer. */
  createClientSecret: () => Promise<string>;
  /** Saves the payment method Stripe confirmed; a rejection shows its message. */
  onPaymentMethod: (paymentMethodId: string) => Promise<void>;
}

/**
 * Stripe mode's card form: Stripe Elements draws the card field in Stripe's own frame, the card is
 * confirmed against a SetupIntent, and only the resulting payment method's id reaches our server.
 */
export function StripeCardForm({ publishableKey, createClientSecret, onPaymentMethod }: StripeCardFormProps) {
  const labelId = useId();
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<Stripe | null>(null);
  const cardRef = useRef<StripeCardElement | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'unavailable'>('loading');
  const [complete, setComplete] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadStripeJs(publishableKey).then(
      (stripe) => {
        if (cancelled) return;
        if (!stripe || !mountRef.current) return setStatus('unavailable');
        const elements = stripe.elements({ locale: 'es' });
        const card = elements.create('card', {
          hidePostalCode: true,
          style: { base: { color: '#f1f3f5', fontSize: '16px', '::placeholder': { color: '#adb5bd' } } },
        });
        card.on('change', (event) => {
          setComplete(event.complete);
          setError(event.error ? event.error.message : null);
        });
        card.mount(mountRef.current);
        stripeRef.current = stripe;
        cardRef.current = card;
        setStatus('ready');
      },
      () => {
        if (!cancelled) setStatus('unavailable');
      },
    );
    return () => {
      cancelled = true;
      cardRef.current?.destroy();
      cardRef.current = null;
    };
  }, [publishableKey]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const stripe = stripeRef.current;
    const card = cardRef.current;
    if (!stripe || !card) return setError(strings.errors.stripeUnavailable);
    if (!complete) return setError(strings.errors.cardIncomplete);
    setError(null);
    setSaving(true);
    try {
      const clientSecret = await createClientSecret();
      const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
      if (result.error) throw new Error(result.error.message ?? strings.errors.cardIncomplete);
      const method = result.setupIntent.payment_method;
      const paymentMethodId = typeof method === 'string' ? method : method?.id;
      if (!paymentMethodId) throw new Error(strings.errors.cardIncomplete);
      await onPaymentMethod(paymentMethodId);
      card.clear();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={strings.addTitle}>
      <Stack gap="sm">
        {(error || status === 'unavailable') && (
          <Alert color="red" variant="light" role="alert">
            {error ?? strings.errors.stripeUnavailable}
          </Alert>
        )}
        <Text id={labelId} size="sm" fw={500}>
          {strings.cardElementLabel}
        </Text>
        <Box
          ref={mountRef}
          role="group"
          aria-labelledby={labelId}
          p="sm"
          style={{ border: '1px solid var(--mantine-color-dark-4)', borderRadius: 'var(--mantine-radius-sm)', minHeight: 44 }}
        />
        {status === 'loading' && (
          <Group gap="xs">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm" role="status">
              {strings.loadingForm}
            </Text>
          </Group>
        )}
        <Text size="xs" c="dimmed">
          {strings.stripeNote}
        </Text>
        <Group justify="flex-end">
          <AppButton type="submit" loading={saving} disabled={status !== 'ready'}>
            {strings.save}
          </AppButton>
        </Group>
      </Stack>
    </form>
  );
}
