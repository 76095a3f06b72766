import { createStore } from 'jotai';
import { addToCartAtom, CART_STORAGE_KEY, cartIdsAtom, clearCartAtom, normaliseCart, removeFromCartAtom } from './cartAtoms';

describe('cart state', () => {
  it("keeps agent ids in local storage under 'shopping-cart', each once", () => {
    const store = createStore();
    expect(store.set(addToCartAtom, 'agente-legal')).toBe(true);
    expect(store.set(addToCartAtom, 'agente-finanzas')).toBe(true);
    expect(store.set(addToCartAtom, 'agente-legal')).toBe(false);
    expect(store.get(cartIdsAtom)).toEqual(['agente-legal', 'agente-finanzas']);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toEqual(['agente-legal', 'agente-finanzas']);

    store.set(removeFromCartAtom, 'agente-legal');
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toEqual(['agente-finanzas']);
    store.set(clearCartAtom);
    expect(JSON.parse(localStorage.getItem('shopping-cart')!)).toEqual([]);
  });

  it('reads a stored cart back, dropping duplicates and junk', () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(['a', { id: 'b' }, 'a', 3, null, '']));
    const store = createStore();
    expect(store.get(cartIdsAtom)).toEqual(['a', 'b']);
  });

  it('starts empty when the stored value is not JSON', () => {
    localStorage.setItem(CART_STORAGE_KEY, '{nope');
    expect(createStore().get(cartIdsAtom)).toEqual([]);
    expect(normaliseCart('x')).toEqual([]);
  });
});
