import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router-dom';
// Straight to the modules, not the feature's index: that also re-exports its screens, and whatever
// the entry imports statically is bundled into the entry script that every first screen waits for.
import { PendingDeletionGate } from '../../features/account-deletion/components/PendingDeletionGate';
import { AssistantWidget } from '../../features/assistant/components/AssistantWidget';
import { CookieBanner } from '../../features/consent';
import { useAuth } from '../../features/auth/hooks/useAuth';
import { useAuthBootstrap } from '../../features/auth/hooks/useAuthBootstrap';
import { authStateAtom } from '../../features/auth/state/authState';
import { useRuntimeConfig } from '../../shared/config';
import { ToastViewport } from '../../shared/ui/ToastViewport';
import type { RouteHandle } from '../routes/route-handle';

/**
 * Wraps every route: the session's start-up, the page title, the cookie banner, the assistant and
 * the toasts on every page. An account whose deletion is scheduled sees only that (and may cancel it).
 */
export function RootLayout() {
  useAuthBootstrap();
  useDocumentTitle();
  const { isAuthenticated } = useAtomValue(authStateAtom);
  const { signOut } = useAuth();

  return (
    <>
      <PendingDeletionGate signedIn={isAuthenticated} onSignOut={() => void signOut()}>
        <Outlet />
        <AssistantWidget />
      </PendingDeletionGate>
      <CookieBanner />
      <ToastViewport />
      <ScrollRestoration />
    </>
  );
}

function useDocumentTitle() {
  const { productName } = useRuntimeConfig();
  const matches = useMatches();
  const title = [...matches].reverse().map((match) => (match.handle as RouteHandle | undefined)?.title).find(Boolean);
  useEffect(() => {
    document.title = title ? `${title} · ${productName}` : productName;
  }, [title, productName]);
}
