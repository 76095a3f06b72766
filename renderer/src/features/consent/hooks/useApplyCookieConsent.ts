import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useRuntimeConfig } from '../../../shared/config/runtimeConfigAtoms';
import { cookieConsentAtom, syncCookieConsentAtom } from '../state/consentAtoms';
import { COOKIE_CONSENT_STORAGE_KEY } from '../utils/consentStorage';
import { loadTrackingScripts, removeTrackingScripts } from '../utils/trackingScripts';

/** Keeps the page's tracking scripts in line with the choice; mount it once. */
export function useApplyCookieConsent(): void {
  const consent = useAtomValue(cookieConsentAtom);
  const sync = useSetAtom(syncCookieConsentAtom);
  const { tracking } = useRuntimeConfig();

  // The configuration may arrive after the stored choice has been read; re-run when it does.
  useEffect(() => {
    if (consent === 'accepted') loadTrackingScripts(tracking.scripts);
    else removeTrackingScripts();
  }, [consent, tracking.scripts]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === COOKIE_CONSENT_STORAGE_KEY || event.key === null) sync();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [sync]);
}
