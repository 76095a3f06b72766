import { atom } from 'jotai';

/** Spec section 3: the cart lives in local storage under this key, as a list of agent ids. */
export const CART_STORAGE_KEY = 'shopping-cart';

/** Accepts what an older client may have stored (`[{ id }]`) and drops duplicates and junk. */
export function normaliseCart(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const ids: string[] = [];
  for (const entry of value) {
    const id = typeof entry === 'string' ? entry : typeof entry === 'object' && entry ? (entry as { id?: unknown }).id : undefined;
    if (typeof id === 'string' && id.trim() !== '' && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

function readCart(): string[] {
  try {
    const raw = localStorage.getItem(CART_STORAGE_KEY);
    return raw ? normaliseCart(JSON.parse(raw)) : [];
  } catch {
    return [];
  }
}

function writeCart(ids: string[]): void {
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(ids));
  } catch {
    // Storage unavailable (private mode): the cart lasts for this visit only.
  }
}

/** Bumped on every write here and on changes from another tab, so the cart is read again. */
const cartRevisionAtom = atom(0);
cartRevisionAtom.onMount = (set) => {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) set((value) => value + 1);
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
};

/** Local storage is the source of truth, read when first needed (no empty-cart flash on load). */
export const cartIdsAtom = atom(
  (get) => {
    get(cartRevisionAtom);
    return readCart();
  },
  (_get, set, ids: string[]) => {
    writeCart(normaliseCart(ids));
    set(cartRevisionAtom, (value) => value + 1);
  },
);

export const cartCountAtom = atom((get) => get(cartIdsAtom).length);

/** Adds an agent unless it is already there (spec section 5); says whether it was added. */
export const addToCartAtom = atom(null, (get, set, id: string): boolean => {
  const ids = get(cartIdsAtom);
  if (ids.includes(id)) return false;
  set(cartIdsAtom, [...ids, id]);
  return true;
});

export const removeFromCartAtom = atom(null, (get, set, id: string) => {
  set(
    cartIdsAtom,
    get(cartIdsAtom).filter((item) => item !== id),
  );
});

export const clearCartAtom = atom(null, (_get, set) => set(cartIdsAtom, []));
