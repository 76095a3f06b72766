import type { CredentialCheck, EmailCodeChallenge } from './identity-admin.port';

type Step = { ChallengeName?: string; Session?: string; AuthenticationResult?: unknown; ChallengeParameters?: Record<string, string> };

/** One sign-in, through the embedded pool's services or Cognito's API: the password step, then the answer to a challenge. */
export interface SignInSteps {
  initiate(): Promise<Step>;
  respond(challenge: string, session: string | undefined, answers: Record<string, string>): Promise<Step>;
}

/**
 * Proves an account's credentials by signing in with USER_PASSWORD_AUTH as the sign-in screen
 * does, so the pool's own rules (failure counts, lock-outs, disabled accounts) apply. The second
 * factor is the authenticator app's code when the account has one (chosen over the e-mailed code
 * when both are on and none is preferred); an e-mailed code is sent by the pool and the sign-in
 * left waiting for it. A pool error is read by its Cognito type.
 */
export async function proveBySigningIn(steps: SignInSteps, username: string, mfaCode: string | undefined): Promise<CredentialCheck> {
  return readingPoolErrors(async () => {
    let step = await steps.initiate();
    if (step.ChallengeName === 'SELECT_MFA_TYPE') {
      const ANSWER = (step.ChallengeParameters?.MFAS_CAN_CHOOSE ?? '').includes('SOFTWARE_TOKEN_MFA') ? 'SOFTWARE_TOKEN_MFA' : 'EMAIL_OTP';
      step = await steps.respond('SELECT_MFA_TYPE', step.Session, { USERNAME: username, ANSWER });
    }
    const signedInAs = step.ChallengeParameters?.USER_ID_FOR_SRP ?? username;
    if (step.ChallengeName === 'EMAIL_OTP' && step.Session) return { outcome: 'email-code-sent', challenge: { session: step.Session, username: signedInAs } };
    if (step.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
      if (!mfaCode) return { outcome: 'code-required' };
      step = await steps.respond('SOFTWARE_TOKEN_MFA', step.Session, { USERNAME: signedInAs, SOFTWARE_TOKEN_MFA_CODE: mfaCode });
    }
    return { outcome: step.AuthenticationResult ? 'proven' : 'code-required' };
  });
}

/** The e-mailed code for a sign-in `proveBySigningIn` left waiting. */
export function proveByEmailCode(steps: Pick<SignInSteps, 'respond'>, challenge: EmailCodeChallenge, code: string): Promise<CredentialCheck> {
  return readingPoolErrors(async () => {
    const step = await steps.respond('EMAIL_OTP', challenge.session, { USERNAME: challenge.username, EMAIL_OTP_CODE: code });
    return { outcome: step.AuthenticationResult ? 'proven' : 'wrong-code' };
  });
}

async function readingPoolErrors(attempt: () => Promise<CredentialCheck>): Promise<CredentialCheck> {
  try {
    return await attempt();
  } catch (error) {
    const type = (error as { type?: string; name?: string }).type ?? (error as { name?: string }).name;
    if (type === 'NotAuthorizedException' || type === 'UserNotFoundException') return { outcome: 'wrong-password' };
    if (type === 'CodeMismatchException' || type === 'ExpiredCodeException') return { outcome: 'wrong-code' };
    if (type === 'TooManyRequestsException' || type === 'LimitExceededException') return { outcome: 'throttled' };
    throw error;
  }
}
