import { useAtomValue } from 'jotai';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { authStateAtom } from '../../features/auth/state/authState';
import { RouteSpinner } from './RouteSpinner';

/**
 * Admin routes: a spinner while auth loads, then the content for admins only; anyone else goes to
 * the landing page with the origin remembered. The server enforces the same rule on every call.
 */
export function RequireAdmin() {
  const { isLoading, user } = useAtomValue(authStateAtom);
  const location = useLocation();
  if (isLoading) return <RouteSpinner />;
  if (user?.role !== 'admin') return <Navigate to="/" replace state={{ from: location }} />;
  return <Outlet />;
}
