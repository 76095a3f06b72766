/**
 * A count with its noun in the right number, as Spanish readers write it: '1 asignación',
 * '2 asignaciones', '1.250 registros' (es-ES groups from five digits, as its style guide asks).
 */
export function countOf(count: number, one: string, many: string): string {
  // A count the server left out never breaks the screen it is on.
  const shown = typeof count === 'number' ? count.toLocaleString('es-ES') : String(count ?? 0);
  return `${shown} ${count === 1 ? one : many}`;
}
