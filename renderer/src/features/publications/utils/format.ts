import { publicationsStrings as strings } from '../strings';
import type { ApiKey } from '../api/publicationsQueries';

type KeyLimits = Pick<ApiKey, 'rateLimitPerMinute' | 'monthlyRequestQuota' | 'monthlyTokenQuota'>;

export function formatDateTime(value: string | null | undefined, fallback: string): string {
  if (!value) return fallback;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString('es-ES', { dateStyle: 'medium', timeStyle: 'short' });
}

/** A usage day (YYYY-MM-DD, UTC) as '24 nov 2026'. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : date.toLocaleDateString('es-ES', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

export function formatLimits(limits: KeyLimits): string {
  const parts = [
    limits.rateLimitPerMinute ? strings.keys.limitPerMinute(limits.rateLimitPerMinute) : null,
    limits.monthlyRequestQuota ? strings.keys.limitRequestsMonth(limits.monthlyRequestQuota) : null,
    limits.monthlyTokenQuota ? strings.keys.limitTokensMonth(limits.monthlyTokenQuota) : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' · ') : strings.keys.noLimits;
}

export const formatNumber = (value: number) => value.toLocaleString('es-ES');

/** An amount in cents of `currency` (fractions of a cent rounded) as '1,50 €'. */
export function formatCents(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('es-ES', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}
