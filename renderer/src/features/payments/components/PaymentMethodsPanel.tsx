import { Alert, Badge, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useRuntimeConfig } from '../../../shared/config';
import { AppButton, ConfirmModal, useItemActions, useToast, LoadStatus } from '../../../shared/ui';
import {
  useAddCard,
  useCards,
  useCreateSetupIntent,
  useDeleteCard,
  useSetDefaultCard,
  type Card,
  type PaymentAccount,
  type TypedExpiry,
} from '../api/paymentsQueries';
import { paymentsStrings as strings } from '../strings';
import { errorText } from '../utils/errors';
import { DemoCardForm } from './DemoCardForm';
import { DemoModeNotice } from './DemoModeNotice';
import { StripeCardForm } from './StripeCardForm';

export interface PaymentMethodsPanelProps {
  account: PaymentAccount;
  /** A message on top, e.g. why the user was sent here (subscribing needs a default card). */
  notice?: ReactNode;
  /** After a card is saved (e.g. to go back to the subscription the user was starting). */
  onCardAdded?: () => void;
}

const cardName = (card: Card) => strings.cardName(card.brand, card.last4);

/** /mi-perfil?tab=PAYMENTS: the saved cards (default, delete) and a form to add one. */
export function PaymentMethodsPanel({ account, notice, onCardAdded }: PaymentMethodsPanelProps) {
  const { payments } = useRuntimeConfig();
  const toast = useToast();
  const cardsQuery = useCards();
  const addCard = useAddCard();
  const setupIntent = useCreateSetupIntent();
  const setDefault = useSetDefaultCard();
  const deleteCard = useDeleteCard();
  const [toDelete, setToDelete] = useState<Card | null>(null);
  // Each change invalidates the cards itself: nothing more to reload here.
  const actions = useItemActions(() => Promise.resolve(), errorText);

  const cards = cardsQuery.data ?? null;
  // A failed load (the first, or one after a change) says so with 'Reintentar'; not while it is tried again.
  const loadFailed = cardsQuery.isError && !cardsQuery.isFetching;
  const retry = () => void cardsQuery.refetch();

  /** Stripe's card carries its own expiry; the demo form's typed one is sent with it. */
  const saveCard = async (paymentMethodId: string, expiry?: TypedExpiry) => {
    await addCard.mutateAsync({ account, paymentMethodId, expiry });
    toast.success(strings.added);
    onCardAdded?.();
  };

  const createClientSecret = () => setupIntent.mutateAsync(account);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>{strings.title}</Title>
        <Text c="dimmed" size="sm">
          {strings.lead}
        </Text>
      </Stack>
      {notice}
      {payments.provider === 'demo' && <DemoModeNotice />}
      {actions.error && (
        <Alert color="red" variant="light" role="alert" withCloseButton onClose={actions.clearError}>
          {actions.error}
        </Alert>
      )}
      {(cards === null || loadFailed) && (
        <LoadStatus error={loadFailed ? strings.loadError : null} loadingText={strings.loading} retryText={strings.retry} onRetry={retry} />
      )}
      {cards === null ? null : cards.length === 0 ? (
        <Text>{strings.empty}</Text>
      ) : (
        <Box component="ul" aria-label={strings.listLabel} style={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-sm)' }}>
          {cards.map((card) => (
            <Paper component="li" key={card.id} withBorder radius="md" p="md">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Text fw={600}>{cardName(card)}</Text>
                    {card.isDefault && (
                      <Badge color="green" variant="light">
                        {strings.defaultBadge}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {strings.expires(card.expMonth, card.expYear)}
                  </Text>
                </Stack>
                <Group gap="xs">
                  {!card.isDefault && (
                    <AppButton
                      size="xs"
                      variant="outline"
                      aria-label={strings.setDefaultLabel(cardName(card))}
                      loading={actions.busyId === card.id}
                      disabled={actions.busyId !== null}
                      onClick={() => void actions.run(card.id, () => setDefault.mutateAsync(card.id), strings.setDefaultDone)}
                    >
                      {strings.setDefault}
                    </AppButton>
                  )}
                  <AppButton
                    size="xs"
                    variant="danger"
                    aria-label={strings.removeLabel(cardName(card))}
                    disabled={actions.busyId !== null}
                    onClick={() => setToDelete(card)}
                  >
                    {strings.remove}
                  </AppButton>
                </Group>
              </Group>
            </Paper>
          ))}
        </Box>
      )}

      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="add-card-title">
        <Stack gap="sm">
          <Title order={3} fz="lg" id="add-card-title">
            {strings.addTitle}
          </Title>
          {payments.provider === 'stripe' && payments.publishableKey ? (
            <StripeCardForm publishableKey={payments.publishableKey} createClientSecret={createClientSecret} onPaymentMethod={saveCard} />
          ) : (
            <>
              <Text size="sm" c="dimmed">
                {strings.demoHint}
              </Text>
              <DemoCardForm onPaymentMethod={saveCard} />
            </>
          )}
        </Stack>
      </Paper>

      <ConfirmModal
        opened={toDelete !== null}
        title={strings.removeTitle}
        message={toDelete ? strings.removeConfirm(cardName(toDelete)) : ''}
        cancelLabel={strings.cancel}
        confirmLabel={strings.remove}
        danger
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          const card = toDelete;
          setToDelete(null);
          void actions.run(card.id, () => deleteCard.mutateAsync(card.id), strings.removeDone);
        }}
      />
    </Stack>
  );
}
