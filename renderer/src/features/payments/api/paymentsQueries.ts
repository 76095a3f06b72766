import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, withTimeout, type components } from '../../../shared/api';

// The card calls of the payments contract (spec section 7, "Payments (under /stripe)"). Every call
// is scoped by the bearer token to the caller's own customer; the field spelling (customerID,
// paymentMethodID) is the contract's.

/** A saved card as the server describes it: never the number, only brand and last four digits. */
export type Card = components['schemas']['CardDto'];
/** Who is paying: the name and e-mail the customer is created with. */
export type PaymentAccount = Pick<components['schemas']['CreateCustomerDto'], 'name' | 'email'>;

/** The expiry typed in the demo card form, which the demo gateway saves the card with (Stripe reads its own). */
export type TypedExpiry = Required<Pick<components['schemas']['AddCardDto'], 'expMonth' | 'expYear'>>;

const TIMEOUT_MS = 20_000;

/** Under the payments resource: a change of a card reaches every copy of the cards (the default one too). */
export const paymentsKeys = {
  methods: ['payments', 'methods'] as const,
};

/** GET /api/stripe/all-methods-payment: the caller's cards. */
export function useCards() {
  return useQuery({
    queryKey: paymentsKeys.methods,
    queryFn: async ({ signal }) =>
      (await api.GET('/api/stripe/all-methods-payment', { signal: withTimeout(signal, TIMEOUT_MS) })).data!.paymentMethods,
  });
}

/** POST /api/stripe/create-customer: the caller's customer, made once (asking again returns the same). */
async function ensureCustomer(account: PaymentAccount): Promise<string> {
  const { data } = await api.POST('/api/stripe/create-customer', {
    body: { name: account.name, email: account.email },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  return data!.customerId;
}

/**
 * POST /api/stripe/add-card on the caller's customer (made first when there is none); a declined
 * card answers 402 with a Spanish message and saves nothing.
 */
export function useAddCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ account, paymentMethodId, expiry }: { account: PaymentAccount; paymentMethodId: string; expiry?: TypedExpiry }) => {
      const customerId = await ensureCustomer(account);
      return (
        await api.POST('/api/stripe/add-card', {
          body: { customerID: customerId, paymentMethodID: paymentMethodId, ...(expiry ?? {}) },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
      ).data!;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.methods }),
  });
}

/** Stripe mode: POST /api/stripe/create-setup-intent, whose client secret Elements confirms the card with. */
export function useCreateSetupIntent() {
  return useMutation({
    mutationFn: async (account: PaymentAccount) => {
      const customerId = await ensureCustomer(account);
      return (await api.POST('/api/stripe/create-setup-intent', { body: { customerId }, signal: AbortSignal.timeout(TIMEOUT_MS) })).data!.clientSecret;
    },
  });
}

/** POST /api/stripe/set-default-payment-method. */
export function useSetDefaultCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (paymentMethodId: string) =>
      (
        await api.POST('/api/stripe/set-default-payment-method', {
          body: { paymentMethodID: paymentMethodId },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
      ).data!,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.methods }),
  });
}

/** POST /api/stripe/delete-payment-method. */
export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (paymentMethodId: string) =>
      (
        await api.POST('/api/stripe/delete-payment-method', {
          body: { paymentMethodID: paymentMethodId },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
      ).data!,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.methods }),
  });
}
