import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { runtimeConfigAtom, runtimeConfigStatusAtom } from '../../../shared/config';
import { installApiAuth } from '../api/apiAuthBridge';
import { identityClient, mayHaveSession, onAuthEvent, setIdentityConfig } from '../api/identityClient';
import { authStateAtom, identityStatusAtom, signedOutState } from '../state/authState';
import { clearSessionAtom, refreshSessionAtom } from '../state/sessionAtoms';

/**
 * Call once, at the root: when the runtime configuration arrives, loads the stored session (and
 * with it aws-amplify, a chunk of its own; a visitor's first screen does without it), follows
 * Amplify's auth events and lets the API client send the token.
 */
export function useAuthBootstrap(): void {
  const configStatus = useAtomValue(runtimeConfigStatusAtom);
  const { identity } = useAtomValue(runtimeConfigAtom);
  const refreshSession = useSetAtom(refreshSessionAtom);
  const clearSession = useSetAtom(clearSessionAtom);
  const setAuthState = useSetAtom(authStateAtom);
  const setIdentityStatus = useSetAtom(identityStatusAtom);

  useEffect(() => installApiAuth(), []);

  useEffect(
    () =>
      onAuthEvent((event) => {
        // After a refused refresh Amplify has dropped the tokens; reloading finds the user signed out.
        if (event === 'signedIn' || event === 'tokenRefresh_failure') void refreshSession();
        else if (event === 'signedOut') clearSession();
      }),
    [refreshSession, clearSession],
  );

  const configSettled = configStatus === 'ready' || configStatus === 'fallback';
  useEffect(() => {
    if (!configSettled) return;
    if (!identity) {
      setIdentityStatus('unavailable');
      setAuthState(signedOutState);
      return;
    }
    setIdentityConfig(identity);
    if (!mayHaveSession()) {
      setIdentityStatus('ready');
      setAuthState(signedOutState);
      return;
    }
    let active = true;
    identityClient().then(
      () => {
        if (!active) return;
        setIdentityStatus('ready');
        void refreshSession();
      },
      (error: unknown) => {
        if (!active) return;
        console.error('[auth] could not configure the identity client', error);
        setIdentityStatus('unavailable');
        setAuthState(signedOutState);
      },
    );
    return () => {
      active = false;
    };
  }, [configSettled, identity, refreshSession, setAuthState, setIdentityStatus]);
}
