import { Alert, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { AppButton } from '../../../shared/ui';
import { paymentsStrings as strings } from '../strings';
import { errorText } from '../utils/errors';
import { demoPaymentMethodFor, formatCardNumber, isValidCvc, isValidExpiry } from '../utils/demoCards';

export interface DemoCardFormProps {
  /** Saves the test payment method the number stands for; a rejection shows its message. */
  onPaymentMethod: (paymentMethodId: string) => Promise<void>;
}

/**
 * Demo mode's card form: takes one of Stripe's test card numbers and hands on the test
 * payment-method id it stands for. The number itself is never sent anywhere.
 */
export function DemoCardForm({ onPaymentMethod }: DemoCardFormProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const paymentMethodId = demoPaymentMethodFor(number);
    if (!paymentMethodId) return setError(strings.errors.notTestCard);
    if (!isValidExpiry(expiry)) return setError(strings.errors.expiry);
    if (!isValidCvc(cvc)) return setError(strings.errors.cvc);
    setError(null);
    setSaving(true);
    try {
      await onPaymentMethod(paymentMethodId);
      setNumber('');
      setExpiry('');
      setCvc('');
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={strings.addTitle}>
      <Stack gap="sm">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label={strings.cardNumber}
          placeholder={strings.cardNumberPlaceholder}
          inputMode="numeric"
          autoComplete="off"
          value={number}
          onChange={(event) => setNumber(formatCardNumber(event.currentTarget.value))}
          required
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label={strings.expiry}
            placeholder={strings.expiryPlaceholder}
            autoComplete="off"
            maxLength={7}
            value={expiry}
            onChange={(event) => setExpiry(event.currentTarget.value)}
            required
          />
          <TextInput
            label={strings.cvc}
            placeholder={strings.cvcPlaceholder}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            value={cvc}
            onChange={(event) => setCvc(event.currentTarget.value.replace(/\D/g, ''))}
            required
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <AppButton type="submit" loading={saving}>
            {strings.save}
          </AppButton>
        </Group>
      </Stack>
    </form>
  );
}
