// Route modules for /admin: the admin feature's screens with what they need from elsewhere (the
// marketplace's closed category list, the signed-in admin), composed here since features do not
// import one another.
import { useAtomValue } from 'jotai';
import {
  AdminAgentsPage,
  AdminDashboardPage,
  AdminUsersPage,
  AuditPage,
  ModerationPage,
  ReportsPage,
  StripeBalancePage,
  StripeCustomersPage,
  StripeIndexPage,
  StripeProductsPage,
  StripeSubscriptionsPage,
  StripeTransactionsPage,
} from '../../features/admin';
import { authStateAtom } from '../../features/auth/state/authState';
import { useCategories } from '../../shared/config';

export function AdminDashboardScreen() {
  return <AdminDashboardPage />;
}

export function AdminUsersScreen() {
  const { user } = useAtomValue(authStateAtom);
  return <AdminUsersPage currentUsername={user?.username ?? null} />;
}

export function AdminAgentsScreen() {
  return <AdminAgentsPage categories={useCategories().options} />;
}

export { AdminLayout } from '../layouts/AdminLayout';

export {
  AuditPage as AdminAuditScreen,
  ModerationPage as AdminModerationScreen,
  ReportsPage as AdminReportsScreen,
  StripeBalancePage as AdminStripeBalanceScreen,
  StripeCustomersPage as AdminStripeCustomersScreen,
  StripeIndexPage as AdminStripeScreen,
  StripeProductsPage as AdminStripeProductsScreen,
  StripeSubscriptionsPage as AdminStripeSubscriptionsScreen,
  StripeTransactionsPage as AdminStripeTransactionsScreen,
};
