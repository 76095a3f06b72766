import type {
  ConfirmSignInInput,
  ConfirmSignUpOutput,
  ResendSignUpCodeOutput,
  ResetPasswordOutput,
  SignInOutput,
  SignUpOutput,
} from 'aws-amplify/auth';
import { useAtomValue, useSetAtom } from 'jotai';
import { useMemo } from 'react';
import { identityClient } from '../api/identityClient';
import { authStateAtom, identityStatusAtom, type AuthState, type IdentityStatus } from '../state/authState';
import { clearSessionAtom, refreshSessionAtom } from '../state/sessionAtoms';

export interface SignUpParams {
  contactName: string;
  email: string;
  password: string;
}

export interface AuthActions {
  signIn(username: string, password: string): Promise<SignInOutput>;
  confirmSignIn(challengeResponse: string, options?: ConfirmSignInInput['options']): Promise<SignInOutput>;
  /** Signs in the user who has just confirmed their sign-up (started by `signUp`). */
  autoSignIn(): Promise<SignInOutput>;
  /** Never rejects: errors are logged and the local session is cleared anyway (spec section 8). */
  signOut(): Promise<void>;
  signUp(params: SignUpParams): Promise<SignUpOutput>;
  confirmSignUp(username: string, code: string): Promise<ConfirmSignUpOutput>;
  resendConfirmationCode(username: string): Promise<ResendSignUpCodeOutput>;
  forgotPassword(username: string): Promise<ResetPasswordOutput>;
  forgotPasswordSubmit(username: string, code: string, newPassword: string): Promise<void>;
}

export interface UseAuthResult extends AuthState, AuthActions {
  identityStatus: IdentityStatus;
}

/** The auth context of spec section 4: state plus the actions, backed by aws-amplify (loaded on first use). */
export function useAuth(): UseAuthResult {
  const state = useAtomValue(authStateAtom);
  const identityStatus = useAtomValue(identityStatusAtom);
  const refreshSession = useSetAtom(refreshSessionAtom);
  const clearSession = useSetAtom(clearSessionAtom);

  const actions = useMemo<AuthActions>(() => {
    // The screens navigate to protected pages right after a completed sign-in, so the state must
    // already say "signed in" then; the signedIn Hub event would come too late for the guard.
    const settle = async (output: SignInOutput): Promise<SignInOutput> => {
      if (output.isSignedIn) await refreshSession();
      return output;
    };
    return {
      signIn: async (username, password) =>
        settle(await (await identityClient()).signIn({ username: username.trim(), password })),
      confirmSignIn: async (challengeResponse, options) =>
        settle(await (await identityClient()).confirmSignIn({ challengeResponse, ...(options ? { options } : {}) })),
      autoSignIn: async () => settle(await (await identityClient()).autoSignIn()),
      signOut: async () => {
        try {
          await (await identityClient()).signOut();
        } catch (error) {
          console.warn('[auth] sign-out failed; the local session is cleared anyway', error);
        }
        clearSession();
      },
      signUp: async ({ contactName, email, password }) => {
        const address = email.trim();
        return (await identityClient()).signUp({
          username: address,
          password,
          options: { userAttributes: { email: address, name: contactName.trim() }, autoSignIn: true },
        });
      },
      confirmSignUp: async (username, code) =>
        (await identityClient()).confirmSignUp({ username: username.trim(), confirmationCode: code.trim() }),
      resendConfirmationCode: async (username) => (await identityClient()).resendSignUpCode({ username: username.trim() }),
      forgotPassword: async (username) => (await identityClient()).resetPassword({ username: username.trim() }),
      forgotPasswordSubmit: async (username, code, newPassword) =>
        (await identityClient()).confirmResetPassword({ username: username.trim(), confirmationCode: code.trim(), newPassword }),
    };
  }, [refreshSession, clearSession]);

  return { ...state, identityStatus, ...actions };
}
