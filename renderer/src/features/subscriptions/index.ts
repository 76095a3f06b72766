export { SubscriptionList } from './components/SubscriptionList';
export type { SubscriptionListProps } from './components/SubscriptionList';
export { PlansPanel } from './components/PlansPanel';
export type { PlansPanelProps } from './components/PlansPanel';
export { PlanChangePage } from './components/PlanChangePage';
export type { PlanChangePageProps } from './components/PlanChangePage';
export { SubscribeButton, useSubscribeFlow, PAYMENTS_FOR_SUBSCRIBING, paymentsForSubscribing, resumeSubscriptionOf } from './components/SubscribeFlow';
export type { ResumeSubscriptionState } from './components/SubscribeFlow';
export type { SubscribeButtonProps } from './components/SubscribeFlow';
export { CartCheckout } from './components/CartCheckout';
export type { CartCheckoutProps, CheckoutItem } from './components/CartCheckout';
export {
  subscriptionsKeys,
  toPlan,
  useAgentPlan,
  useEcosystemPlan,
  usePlan,
  useResumeSubscriptionForAgent,
  useSubscriptions,
} from './api/subscriptionsQueries';
export type { PlanAgent, PlanEcosystem, Subscription, SubscriptionStatus } from './api/subscriptionsQueries';
export { subscriptionsStrings } from './strings';
export { errorText as subscriptionErrorText } from './utils/format';
export type { CreatedSubscription, Plan, SubscriberAccount } from './types';
