import { apiClient } from '../../../shared/api';
import type { ConnectedAccount, Earnings } from '../types';

const TIMEOUT_MS = 20_000;

/** The creator's side of payments: the connected account and the earnings ledger (the caller's own). */
export const earningsApi = {
  earnings: (signal?: AbortSignal) => apiClient.get<Earnings>('/stripe/earnings', { timeoutMs: TIMEOUT_MS, signal }),
  account: (signal?: AbortSignal) => apiClient.get<ConnectedAccount>('/stripe/connect/account', { timeoutMs: TIMEOUT_MS, signal }),
  /** Creates the account once; answers where to go: Stripe's onboarding, or (demo) back here. */
  onboarding: () => apiClient.post<{ url: string }>('/stripe/connect/onboarding', { timeoutMs: TIMEOUT_MS }),
};
