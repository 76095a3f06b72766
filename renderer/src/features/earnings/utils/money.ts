/** An amount in the currency (not cents) as Spanish readers write it: 1.234,50 €. */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('es-ES', { style: 'currency', currency: currency.toUpperCase() }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** 0.75 as '75 %'. */
export function formatShare(share: number): string {
  return new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 1 }).format(share);
}
