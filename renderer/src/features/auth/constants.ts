// Auth constants of spec section 9 that the screens act on; the rest (token tolerance, the
// confirmation poll, the repeat-call guard) are aws-amplify's own and need no copy here.

/** Amplify forgets a pending sign-in challenge after this long, so the screen does too. */
export const SIGN_IN_CHALLENGE_WINDOW_MS = 180_000;

/** Where a successful sign-in goes when the visitor did not come from a protected page. */
export const DEFAULT_SIGNED_IN_PATH = '/chat';

/** Verification and MFA codes are six digits. */
export const CODE_LENGTH = 6;
