import { atom } from 'jotai';
import { readStoredConsent, writeStoredConsent, type CookieConsent } from '../utils/consentStorage';

// `undefined` means "not read from storage yet"; it is read lazily so each jotai store (and each
// test) sees the storage as it is when the consent is first needed.
const choiceAtom = atom<CookieConsent | null | undefined>(undefined);

/** The visitor's choice, or null while none is stored. Writing persists it. */
export const cookieConsentAtom = atom(
  (get) => {
    const choice = get(choiceAtom);
    return choice === undefined ? readStoredConsent() : choice;
  },
  (_get, set, next: CookieConsent | null) => {
    writeStoredConsent(next);
    set(choiceAtom, next);
  },
);

/** Picks up a choice made in another tab without writing it back. */
export const syncCookieConsentAtom = atom(null, (_get, set) => {
  set(choiceAtom, readStoredConsent());
});
