const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const CODE_TTL_MS = { SIGN_UP: 24 * HOUR, RESET_PASSWORD: HOUR, EMAIL_MFA: 3 * MINUTE } as const;
/** Wrong answers a code (or an MFA challenge) takes before it is dead. */
export const CODE_MAX_ATTEMPTS = 5;
/** Codes e-mailed to one user for one purpose per hour. */
export const CODE_SENDS_PER_HOUR = 5;
export const CODE_SEND_WINDOW_MS = HOUR;

/** The spec's sign-in challenge window. */
export const CHALLENGE_TTL_MS = 3 * MINUTE;

export const TOKEN_TTL_SECONDS = 3600;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * HOUR;

/** Failed sign-ins before an account (or an unknown name) is locked, and for how long. */
export const USER_FAILURE_LIMIT = 5;
/** A whole client address gets more room: several people may share it (NAT, office). */
export const IP_FAILURE_LIMIT = 20;
export const FAILURE_WINDOW_MS = 15 * MINUTE;
export const LOCK_MS = 15 * MINUTE;

export const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
export const ACCESS_TOKEN_SCOPE = 'aws.cognito.signin.user.admin';
/** Tries at an MFA code within one sign-in session. */
export const CHALLENGE_MAX_ATTEMPTS = 5;
