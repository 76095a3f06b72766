/** Spanish number and date formats for the admin tables. */
export function formatNumber(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '—';
  return new Intl.NumberFormat('es-ES').format(value);
}

export function formatMoney(amount: number | null | undefined, currency = 'eur'): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return '—';
  try {
    return new Intl.NumberFormat('es-ES', { style: 'currency', currency: currency.toUpperCase() }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** A date (ISO text, or Stripe's seconds since the epoch) as 24/11/2026 10:00. */
export function formatDateTime(value: unknown): string {
  const date = toDate(value);
  if (!date) return '—';
  return new Intl.DateTimeFormat('es-ES', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(date);
}

export function formatDay(value: string): string {
  const date = toDate(value);
  if (!date) return value;
  return new Intl.DateTimeFormat('es-ES', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A month ('2026-11', UTC) as 'noviembre de 2026'. */
export function formatMonth(value: string): string {
  const date = toDate(/^\d{4}-\d{2}$/.test(value) ? `${value}-01T00:00:00.000Z` : value);
  if (!date) return value;
  return new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

function toDate(value: unknown): Date | null {
  if (typeof value === 'number') return new Date(value < 1e11 ? value * 1000 : value);
  if (typeof value === 'string' && value) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

/** A value as a table cell: '—' when there is none, Sí/No, JSON for an object. */
export function text(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Payments amounts come in the currency's minor unit (cents), as Stripe and the demo gateway write them. */
export function minorToMajor(amount: number | null | undefined, currency: string | null | undefined): number | null {
  if (typeof amount !== 'number') return null;
  // Zero-decimal currencies (JPY and a few others) have no cents.
  const zeroDecimal = ['jpy', 'krw', 'clp', 'vnd', 'pyg', 'xof', 'xaf'].includes((currency ?? '').toLowerCase());
  return zeroDecimal ? amount : amount / 100;
}
