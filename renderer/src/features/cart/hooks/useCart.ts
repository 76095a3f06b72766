import { useAtomValue, useSetAtom } from 'jotai';
import { addToCartAtom, cartIdsAtom, clearCartAtom, removeFromCartAtom } from '../state/cartAtoms';

export function useCart() {
  const ids = useAtomValue(cartIdsAtom);
  const add = useSetAtom(addToCartAtom);
  const remove = useSetAtom(removeFromCartAtom);
  const clear = useSetAtom(clearCartAtom);
  return { ids, count: ids.length, has: (id: string) => ids.includes(id), add, remove, clear };
}
