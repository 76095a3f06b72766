export { AdminDashboardPage } from './components/AdminDashboardPage';
export { AdminUsersPage, USERS_PAGE_SIZE } from './components/AdminUsersPage';
export { AdminAgentsPage, ADD_AGENT_PATH } from './components/AdminAgentsPage';
export type { AdminAgentsPageProps } from './components/AdminAgentsPage';
export {
  StripeIndexPage,
  StripeBalancePage,
  StripeTransactionsPage,
  StripeProductsPage,
  StripeCustomersPage,
  StripeSubscriptionsPage,
} from './components/StripePages';
export { AuditPage } from './components/AuditPage';
export { ModerationPage } from './components/ModerationPage';
export { ReportsPage } from './components/ReportsPage';
export { adminStrings } from './strings';
