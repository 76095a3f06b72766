export { PaymentSuccessPage } from './components/PaymentSuccessPage';
export type { PurchasedItem, PurchaseState } from './components/PaymentSuccessPage';
export { checkoutStrings } from './strings';
