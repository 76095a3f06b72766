import { Hub } from 'aws-amplify/utils';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { runtimeConfigAtom, runtimeConfigStatusAtom } from '../../../shared/config';
import { installApiAuth } from '../api/apiAuthBridge';
import { configureAmplify } from '../api/configureAmplify';
import { authStateAtom, identityStatusAtom, signedOutState } from '../state/authState';
import { clearSessionAtom, refreshSessionAtom } from '../state/sessionAtoms';

/**
 * Call once, at the root: configures aws-amplify from the runtime configuration when it arrives,
 * loads the stored session, follows Amplify's auth events and lets the API client send the token.
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
      Hub.listen('auth', ({ payload }) => {
        // After a refused refresh Amplify has dropped the tokens; reloading finds the user signed out.
        if (payload.event === 'signedIn' || payload.event === 'tokenRefresh_failure') void refreshSession();
        else if (payload.event === 'signedOut') clearSession();
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
    try {
      configureAmplify(identity);
    } catch (error) {
      console.error('[auth] could not configure the identity client', error);
      setIdentityStatus('unavailable');
      setAuthState(signedOutState);
      return;
    }
    setIdentityStatus('ready');
    void refreshSession();
  }, [configSettled, identity, refreshSession, setAuthState, setIdentityStatus]);
}
