/** What choosing a coordinator looks at. */
export interface RankedAgent {
  id: string;
  rating: number;
  popularity: number;
}

/**
 * The coordinator (spec section 3): the highest-rated agent; equal ratings go to the more popular,
 * then to the smaller id, so the same team always gets the same coordinator.
 */
export function chooseCoordinator<T extends RankedAgent>(agents: readonly T[]): T {
  if (agents.length === 0) throw new Error('Un equipo sin agentes no tiene coordinador');
  return [...agents].sort(
    (a, b) => (b.rating ?? 0) - (a.rating ?? 0) || (b.popularity ?? 0) - (a.popularity ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )[0];
}
