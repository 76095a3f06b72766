import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, withTimeout, type components } from '../../../shared/api';

export type Earnings = components['schemas']['EarningsDto'];
export type ConnectedAccount = components['schemas']['ConnectedAccountDto'];
export type EarningsAgent = components['schemas']['EarningsAgentDto'];
export type BundleShare = components['schemas']['BundleShareDto'];
export type PaymentProvider = ConnectedAccount['provider'];

const TIMEOUT_MS = 20_000;

/** The creator's side of payments, the caller's own: its earnings ledger and its connected account. */
export const earningsKeys = {
  all: ['earnings'] as const,
  ledger: ['earnings', 'ledger'] as const,
  account: ['earnings', 'account'] as const,
};

/** GET /api/stripe/earnings: amounts in the currency (euros), not cents. */
export function useEarnings() {
  return useQuery({
    queryKey: earningsKeys.ledger,
    queryFn: async ({ signal }) => (await api.GET('/api/stripe/earnings', { signal: withTimeout(signal, TIMEOUT_MS) })).data!,
  });
}

export function useConnectedAccount() {
  return useQuery({
    queryKey: earningsKeys.account,
    queryFn: async ({ signal }) => (await api.GET('/api/stripe/connect/account', { signal: withTimeout(signal, TIMEOUT_MS) })).data!,
  });
}

/** Creates the account once; answers where to go: Stripe's onboarding, or (demo) back here with the account ready. */
export function useStartOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.POST('/api/stripe/connect/onboarding', { signal: AbortSignal.timeout(TIMEOUT_MS) })).data!,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: earningsKeys.account }),
  });
}
