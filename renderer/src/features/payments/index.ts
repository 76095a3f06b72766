export { PaymentMethodsPanel } from './components/PaymentMethodsPanel';
export type { PaymentMethodsPanelProps } from './components/PaymentMethodsPanel';
export { DemoCardForm } from './components/DemoCardForm';
export { DemoModeNotice } from './components/DemoModeNotice';
export { paymentsKeys, useAddCard, useCards, useCreateSetupIntent, useDeleteCard, useSetDefaultCard } from './api/paymentsQueries';
export type { Card, PaymentAccount } from './api/paymentsQueries';
export { demoPaymentMethodFor, DEMO_TEST_CARDS } from './utils/demoCards';
export { paymentsStrings } from './strings';
