import { isApiError } from '../../../shared/api';
import { subscriptionsStrings as strings } from '../strings';

/** '19,99 €' for a price in the currency's units ('eur' by default). */
export function formatMoney(amount: number, currency = 'eur'): string {
  try {
    return new Intl.NumberFormat('es-ES', { style: 'currency', currency: currency.toUpperCase() }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** '19,99 €' for an amount in minor units (cents), as the payment provider counts. */
export function formatCents(amount: number, currency = 'eur'): string {
  return formatMoney(amount / 100, currency);
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString('es-ES', { day: 'numeric', month: 'long', year: 'numeric' });
}

export function errorText(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return strings.errors.unknown;
}
