import { useAtomValue } from 'jotai';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { authStateAtom } from '../../features/auth/state/authState';
import { RouteSpinner } from './RouteSpinner';

/** Signed-in routes: visitors go to /login, which sends them back to where they were going. */
export function RequireAuth() {
  const { isLoading, isAuthenticated } = useAtomValue(authStateAtom);
  const location = useLocation();
  if (isLoading) return <RouteSpinner />;
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location }} />;
  return <Outlet />;
}
