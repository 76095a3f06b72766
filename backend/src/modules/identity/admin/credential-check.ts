import type { CredentialCheck } from './identity-admin.port';

type Step = { ChallengeName?: string; Session?: string; AuthenticationResult?: unknown; ChallengeParameters?: Record<string, string> };

/** One sign-in, through the embedded pool's services or Cognito's API: the password step, then the answer to a challenge. */
export interface SignInSteps {
  initiate(): Promise<Step>;
  respond(challenge: string, session: string | undefined, answers: Record<string, string>): Promise<Step>;
}

/**
 * Proves an account's credentials by signing in with USER_PASSWORD_AUTH as the sign-in screen
 * does, so the pool's own rules (failure counts, lock-outs, disabled accounts) apply. The second
 * factor is the authenticator app's code; a pool error is read by its Cognito type.
 */
export async function proveBySigningIn(steps: SignInSteps, username: string, mfaCode: string | undefined): Promise<CredentialCheck> {
  try {
    let step = await steps.initiate();
    if (step.ChallengeName === 'SELECT_MFA_TYPE') step = await steps.respond('SELECT_MFA_TYPE', step.Session, { USERNAME: username, ANSWER: 'SOFTWARE_TOKEN_MFA' });
    if (step.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
      if (!mfaCode) return 'code-required';
      step = await steps.respond('SOFTWARE_TOKEN_MFA', step.Session, { USERNAME: step.ChallengeParameters?.USER_ID_FOR_SRP ?? username, SOFTWARE_TOKEN_MFA_CODE: mfaCode });
    }
    return step.AuthenticationResult ? 'proven' : 'code-required';
  } catch (error) {
    const type = (error as { type?: string; name?: string }).type ?? (error as { name?: string }).name;
    if (type === 'NotAuthorizedException' || type === 'UserNotFoundException') return 'wrong-password';
    if (type === 'CodeMismatchException' || type === 'ExpiredCodeException') return 'wrong-code';
    if (type === 'TooManyRequestsException' || type === 'LimitExceededException') return 'throttled';
    throw error;
  }
}
