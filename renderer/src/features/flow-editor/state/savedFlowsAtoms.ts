import { atom } from 'jotai';
import type { SavedFlow } from '../types';

/** Spec section 3, agent state slice: savedFlows (stored server-side; this is the loaded copy). */
export const savedFlowsAtom = atom<SavedFlow[]>([]);
export const savedFlowsStatusAtom = atom<'idle' | 'loading' | 'ready' | 'error'>('idle');

/** Puts a saved flow in the list (replacing the one with its id). */
export const upsertSavedFlowAtom = atom(null, (get, set, flow: SavedFlow) => {
  const current = get(savedFlowsAtom);
  const exists = current.some((item) => item.id === flow.id);
  set(savedFlowsAtom, exists ? current.map((item) => (item.id === flow.id ? flow : item)) : [...current, flow]);
});

export const removeSavedFlowAtom = atom(null, (get, set, id: string) => {
  set(
    savedFlowsAtom,
    get(savedFlowsAtom).filter((item) => item.id !== id),
  );
});
