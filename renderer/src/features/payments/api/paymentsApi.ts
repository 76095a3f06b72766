import { apiClient } from '../../../shared/api';
import type { Card, Customer, PaymentAccount } from '../types';

// The card calls of the payments contract (spec section 7, "Payments (under /stripe)"), in one
// place so that a change in the contract is one edit. Every call is scoped by the bearer token to
// the caller's own customer; the field spelling (customerID, paymentMethodID) is the contract's.
const TIMEOUT_MS = 20_000;

type Wrapped<K extends string, T> = T | { [key in K]: T };

/** The server's customer carries `customerId`; the brief's contract said `id`. Either is read. */
function toCustomer(value: Partial<Customer> & { customerId?: string }): Customer {
  return { id: value.customerId ?? value.id ?? '', name: value.name ?? '', email: value.email ?? '' };
}

/** A bare value or one wrapped under `key` ({ paymentMethods: [...] }, { paymentMethod: … }). */
function unwrap<K extends string, T>(value: Wrapped<K, T> | null | undefined, key: K): T | undefined {
  if (value && typeof value === 'object' && !Array.isArray(value) && key in value) return (value as { [k in K]: T })[key];
  return (value ?? undefined) as T | undefined;
}

export const paymentsApi = {
  /** Creates the caller's customer, or returns the one already made. */
  ensureCustomer: (account: PaymentAccount) =>
    apiClient
      .post<Customer & { customerId?: string }>('/stripe/create-customer', { body: { name: account.name, email: account.email }, timeoutMs: TIMEOUT_MS })
      .then(toCustomer),

  /** Stripe mode: the SetupIntent whose client secret Elements confirms the card with. */
  createSetupIntent: (customerId: string) =>
    apiClient.post<{ clientSecret: string }>('/stripe/create-setup-intent', { body: { customerId }, timeoutMs: TIMEOUT_MS }),

  /** Saves a payment method on the customer; a declined card answers 402 with a Spanish message. */
  addCard: (customerId: string, paymentMethodId: string) =>
    apiClient.post<Card>('/stripe/add-card', { body: { customerID: customerId, paymentMethodID: paymentMethodId }, timeoutMs: TIMEOUT_MS }),

  listCards: (signal?: AbortSignal) =>
    apiClient
      .get<Wrapped<'paymentMethods', Card[]>>('/stripe/all-methods-payment', { timeoutMs: TIMEOUT_MS, signal })
      .then((answer) => unwrap(answer, 'paymentMethods') ?? []),

  defaultCard: (signal?: AbortSignal) =>
    apiClient
      .get<Wrapped<'paymentMethod', Card | null>>('/stripe/default-payment-method', { timeoutMs: TIMEOUT_MS, signal })
      .then((answer) => unwrap(answer, 'paymentMethod') ?? null),

  setDefault: (paymentMethodId: string) =>
    apiClient.post<unknown>('/stripe/set-default-payment-method', { body: { paymentMethodID: paymentMethodId }, timeoutMs: TIMEOUT_MS }),

  deleteCard: (paymentMethodId: string) =>
    apiClient.post<unknown>('/stripe/delete-payment-method', { body: { paymentMethodID: paymentMethodId }, timeoutMs: TIMEOUT_MS }),
};
