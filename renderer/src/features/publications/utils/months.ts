/** Months as the API sales endpoints take them: 'YYYY-MM', in UTC like the ledger. */

export const currentMonth = (now = new Date()) => now.toISOString().slice(0, 7);

/** The `count` months up to `month`, newest first. */
export function recentMonths(count: number, month = currentMonth()): string[] {
  const [year, index] = month.split('-').map(Number);
  return Array.from({ length: count }, (_, back) => new Date(Date.UTC(year, index - 1 - back, 1)).toISOString().slice(0, 7));
}

/** The first and last day (YYYY-MM-DD) of a month, for GET /api/me/api-usage?from=&to=. */
export function monthDays(month: string): { from: string; to: string } {
  const [year, index] = month.split('-').map(Number);
  return { from: `${month}-01`, to: new Date(Date.UTC(year, index, 0)).toISOString().slice(0, 10) };
}

/** 'noviembre de 2026' for '2026-11'. */
export const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'Noviembre de 2026', to begin a sentence or a label. */
export const capitalisedMonthName = (month: string) => {
  const text = monthName(month);
  return text.charAt(0).toUpperCase() + text.slice(1);
};
