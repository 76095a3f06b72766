export { PaymentSuccessPage } from './components/PaymentSuccessPage';
export type { PurchaseState } from './components/PaymentSuccessPage';
export { checkoutStrings } from './strings';
