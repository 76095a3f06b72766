export { PaymentMethodsPanel } from './components/PaymentMethodsPanel';
export type { PaymentMethodsPanelProps } from './components/PaymentMethodsPanel';
export { DemoCardForm } from './components/DemoCardForm';
export { DemoModeNotice } from './components/DemoModeNotice';
export { paymentsApi } from './api/paymentsApi';
export { demoPaymentMethodFor, DEMO_TEST_CARDS } from './utils/demoCards';
export { paymentsStrings } from './strings';
export type { Card, Customer, PaymentAccount } from './types';
