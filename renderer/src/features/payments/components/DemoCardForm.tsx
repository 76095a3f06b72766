import { Alert, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { AppButton } from '../../../shared/ui';
import { paymentsStrings as strings } from '../strings';
import { errorText } from '../utils/errors';
import { demoPaymentMethodFor, formatCardNumber, isValidCvc, isValidExpiry, parseExpiry } from '../utils/demoCards';
import type { TypedExpiry } from '../api/paymentsQueries';

export interface DemoCardFormProps {
  /**
   * Saves the test payment method the number stands for, with the expiry typed (the card keeps it,
   * as Stripe keeps what is typed into Elements); a rejection shows its message.
   */
  onPaymentMethod: (paymentMethodId: string, expiry: TypedExpiry) => Promise<void>;
}

interface DemoCard {
  number: string;
  expiry: string;
  cvc: string;
}

/**
 * Demo mode's card form: takes one of Stripe's test card numbers and hands on the test
 * payment-method id it stands for. The number itself is never sent anywhere, so the server has no
 * limits for these fields: the checks are the card's own (a test number, a future MM/AA, 3 or 4 digits).
 */
export function DemoCardForm({ onPaymentMethod }: DemoCardFormProps) {
  const form = useForm<DemoCard>({
    initialValues: { number: '', expiry: '', cvc: '' },
    // As before: a message stays until the card is sent again.
    clearInputErrorOnChange: false,
    validate: {
      number: (value) => (demoPaymentMethodFor(value) ? null : strings.errors.notTestCard),
      expiry: (value) => (isValidExpiry(value) ? null : strings.errors.expiry),
      cvc: (value) => (isValidCvc(value) ? null : strings.errors.cvc),
    },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // One message above the fields, the first field's in their order, or the server's.
  const error = form.errors.number ?? form.errors.expiry ?? form.errors.cvc ?? failure;

  const submit = async ({ number, expiry }: DemoCard) => {
    setFailure(null);
    setSaving(true);
    try {
      await onPaymentMethod(demoPaymentMethodFor(number)!, parseExpiry(expiry)!);
      form.reset();
    } catch (failed) {
      setFailure(errorText(failed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={form.onSubmit(
        (values) => void submit(values),
        () => setFailure(null),
      )}
      noValidate
      aria-label={strings.addTitle}
    >
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
          {...form.getInputProps('number', { withError: false })}
          onChange={(event) => form.setFieldValue('number', formatCardNumber(event.currentTarget.value))}
          required
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label={strings.expiry}
            placeholder={strings.expiryPlaceholder}
            autoComplete="off"
            maxLength={7}
            {...form.getInputProps('expiry', { withError: false })}
            required
          />
          <TextInput
            label={strings.cvc}
            placeholder={strings.cvcPlaceholder}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            {...form.getInputProps('cvc', { withError: false })}
            onChange={(event) => form.setFieldValue('cvc', event.currentTarget.value.replace(/\D/g, ''))}
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
