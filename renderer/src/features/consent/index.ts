export { CookieBanner } from './components/CookieBanner';
export { useCookieConsent } from './hooks/useCookieConsent';
export type { CookieConsentState } from './hooks/useCookieConsent';
export { COOKIE_CONSENT_STORAGE_KEY } from './utils/consentStorage';
export type { CookieConsent } from './utils/consentStorage';
export { consentStrings } from './strings';
