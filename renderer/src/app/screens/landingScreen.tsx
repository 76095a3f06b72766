import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
// Straight to the modules: this screen is part of the entry script, so that the landing's
// introduction shows without waiting for a route chunk.
import { authStateAtom } from '../../features/auth/state/authState';
import { LandingPage } from '../../features/landing/LandingPage';

/** Below the introduction, with the marketplace's code; the heading does not wait for it. */
const PopularAgents = lazy(() =>
  import('../../features/marketplace/components/PopularAgents').then((module) => ({ default: module.PopularAgents })),
);

/** The landing page with the marketplace's most popular public agents. */
export function LandingScreen() {
  const { isLoading, isAuthenticated } = useAtomValue(authStateAtom);
  // Only a visitor is invited to sign up; while the session is read the invitation waits.
  return (
    <LandingPage
      featured={
        <Suspense fallback={null}>
          <PopularAgents />
        </Suspense>
      }
      inviteToSignUp={!isLoading && !isAuthenticated}
    />
  );
}
