export type CookieConsent = 'accepted' | 'declined';

export const COOKIE_CONSENT_STORAGE_KEY = 'cookie_consent';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Browsers with storage disabled throw on access; the banner then simply asks every visit.
    return null;
  }
}

export function parseConsent(value: string | null): CookieConsent | null {
  return value === 'accepted' || value === 'declined' ? value : null;
}

export function readStoredConsent(): CookieConsent | null {
  try {
    return parseConsent(storage()?.getItem(COOKIE_CONSENT_STORAGE_KEY) ?? null);
  } catch {
    return null;
  }
}

export function writeStoredConsent(consent: CookieConsent | null): void {
  try {
    const store = storage();
    if (!store) return;
    if (consent === null) store.removeItem(COOKIE_CONSENT_STORAGE_KEY);
    else store.setItem(COOKIE_CONSENT_STORAGE_KEY, consent);
  } catch {
    // Quota or privacy mode: the choice still applies for this visit through the atom.
  }
}
