export { AddToCartButton, CartLink } from './components/CartButtons';
export { ShoppingCartPage } from './components/ShoppingCartPage';
export type { ShoppingCartPageProps } from './components/ShoppingCartPage';
export type { CartAgent } from './api/cartQueries';
export { useCart } from './hooks/useCart';
export { CART_STORAGE_KEY, cartIdsAtom, cartCountAtom, normaliseCart } from './state/cartAtoms';
export { cartTotalOf } from './api/cartQueries';
export { cartStrings } from './strings';
