/**
 * A count with its noun in the right number, as Spanish readers write it: '1 asignación',
 * '2 asignaciones', '1.250 registros' (es-ES groups from five digits, as its style guide asks).
 */
export function countOf(count: number, one: string, many: string): string {
  return `${count.toLocaleString('es-ES')} ${count === 1 ? one : many}`;
}
