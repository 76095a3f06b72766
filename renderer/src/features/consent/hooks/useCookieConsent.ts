import { useCallback } from 'react';
import { useAtom } from 'jotai';
import { cookieConsentAtom } from '../state/consentAtoms';
import type { CookieConsent } from '../utils/consentStorage';

export interface CookieConsentState {
  /** null while the visitor has not chosen. */
  consent: CookieConsent | null;
  accept: () => void;
  decline: () => void;
  /** Forgets the choice so that the banner asks again (e.g. from the cookies page). */
  reset: () => void;
}

export function useCookieConsent(): CookieConsentState {
  const [consent, setConsent] = useAtom(cookieConsentAtom);
  const accept = useCallback(() => setConsent('accepted'), [setConsent]);
  const decline = useCallback(() => setConsent('declined'), [setConsent]);
  const reset = useCallback(() => setConsent(null), [setConsent]);
  return { consent, accept, decline, reset };
}
