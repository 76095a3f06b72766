import { authStrings } from '../strings';

const { errors } = authStrings;

/**
 * What a screen does with a failed auth call besides showing `message`:
 * `unconfirmed` → go to /verify-email; `alreadySignedIn` → offer to sign out;
 * `challengeExpired` → back to the credentials form; `accountDisabled` → offer the way to support.
 */
export type AuthErrorKind = 'unconfirmed' | 'alreadySignedIn' | 'challengeExpired' | 'userNotFound' | 'accountDisabled' | 'other';

export interface AuthErrorInfo {
  kind: AuthErrorKind;
  message: string;
}

function errorName(error: unknown): string {
  if (typeof error === 'object' && error !== null && typeof (error as { name?: unknown }).name === 'string') {
    return (error as { name: string }).name;
  }
  return '';
}

function errorMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return '';
}

/** Amplify's errors (AuthError, service exceptions) and anything else, as the texts users see. */
export function describeAuthError(error: unknown): AuthErrorInfo {
  const name = errorName(error);
  const message = errorMessage(error);
  switch (name) {
    case 'NotAuthorizedException':
      // Cognito reuses this name for several refusals; the message tells them apart.
      if (/attempts exceeded/i.test(message)) return { kind: 'other', message: errors.tooManyAttempts };
      if (/session is expired|invalid session/i.test(message)) {
        return { kind: 'challengeExpired', message: authStrings.login.challengeExpired };
      }
      if (/current status is confirmed/i.test(message)) return { kind: 'other', message: errors.alreadyConfirmed };
      // The embedded identity service says it only to whoever proved the password; a wrong one
      // still reads 'Incorrect username or password.' (no account enumeration).
      if (/user is disabled/i.test(message)) return { kind: 'accountDisabled', message: errors.accountDisabled };
      return { kind: 'other', message: errors.wrongCredentials };
    case 'UserNotFoundException':
      // Same text as a wrong password: the screen must not reveal which e-mails have accounts.
      return { kind: 'userNotFound', message: errors.wrongCredentials };
    case 'UserNotConfirmedException':
      return { kind: 'unconfirmed', message: errors.notConfirmed };
    case 'CodeMismatchException':
    case 'EnableSoftwareTokenMFAException':
      return { kind: 'other', message: errors.codeMismatch };
    case 'ExpiredCodeException':
      return { kind: 'other', message: errors.codeExpired };
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return { kind: 'other', message: errors.tooManyAttempts };
    case 'InvalidPasswordException':
      return { kind: 'other', message: errors.invalidPassword };
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return { kind: 'other', message: errors.usernameExists };
    case 'InvalidParameterException':
      if (/email/i.test(message)) return { kind: 'other', message: errors.invalidEmail };
      return { kind: 'other', message: errors.invalidParameter };
    case 'CodeDeliveryFailureException':
      return { kind: 'other', message: errors.codeDeliveryFailed };
    case 'NetworkError':
      return { kind: 'other', message: errors.network };
    case 'UserAlreadyAuthenticatedException':
      return { kind: 'alreadySignedIn', message: errors.alreadySignedIn };
    case 'AutoSignInException':
      return {
        kind: 'other',
        message: message.startsWith(errors.autoSignInTimedOut) ? errors.autoSignInTimedOut : errors.autoSignInNotStarted,
      };
    case 'SignInException':
      if (message.startsWith(errors.mfaSetupUnavailable)) return { kind: 'other', message: errors.mfaSetupUnavailable };
      // Amplify's "signIn was not called before confirmSignIn": the pending challenge is gone.
      return { kind: 'challengeExpired', message: authStrings.login.challengeExpired };
    default:
      if (message === errors.invalidSignInState) return { kind: 'other', message: errors.invalidSignInState };
      return { kind: 'other', message: errors.unexpected };
  }
}
