/**
 * The payments views read the gateway's answers loosely: a list may come as Stripe's
 * `{ object: 'list', data }`, as `{ items }` or bare, and every answer says which provider gave it.
 * Amounts are in the currency's minor unit (cents), as Stripe and the demo gateway write them.
 */
export type Row = Record<string, unknown>;

export function providerOf(body: unknown): unknown {
  return body && typeof body === 'object' ? (body as Row).provider : undefined;
}

export function rowsOf(body: unknown): Row[] {
  if (Array.isArray(body)) return body as Row[];
  if (body && typeof body === 'object') {
    const object = body as Row;
    for (const key of ['data', 'items', 'subscriptions', 'customers', 'products', 'transactions']) {
      if (Array.isArray(object[key])) return object[key] as Row[];
    }
  }
  return [];
}

export function text(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function minorToMajor(amount: unknown, currency: unknown): number | null {
  if (typeof amount !== 'number') return null;
  // Zero-decimal currencies (JPY and a few others) have no cents.
  const zeroDecimal = ['jpy', 'krw', 'clp', 'vnd', 'pyg', 'xof', 'xaf'].includes(String(currency ?? '').toLowerCase());
  return zeroDecimal ? amount : amount / 100;
}

/** A path like 'user.email' into a row. */
export function pick(row: Row, path: string): unknown {
  let value: unknown = row;
  for (const part of path.split('.')) {
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Row)[part];
  }
  return value;
}

export function firstOf(row: Row, paths: string[]): unknown {
  for (const path of paths) {
    const value = pick(row, path);
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return undefined;
}
