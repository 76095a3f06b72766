export { PaymentSuccessPage } from './components/PaymentSuccessPage';
export { checkoutStrings } from './strings';
