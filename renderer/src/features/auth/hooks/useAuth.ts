import {
  autoSignIn as amplifyAutoSignIn,
  confirmResetPassword,
  confirmSignIn as amplifyConfirmSignIn,
  confirmSignUp as amplifyConfirmSignUp,
  resendSignUpCode,
  resetPassword,
  signIn as amplifySignIn,
  signOut as amplifySignOut,
  signUp as amplifySignUp,
  type ConfirmSignInInput,
  type ConfirmSignUpOutput,
  type ResendSignUpCodeOutput,
  type ResetPasswordOutput,
  type SignInOutput,
  type SignUpOutput,
} from 'aws-amplify/auth';
import { useAtomValue, useSetAtom } from 'jotai';
import { useMemo } from 'react';
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

/** The auth context of spec section 4: state plus the actions, backed by aws-amplify. */
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
      signIn: async (username, password) => settle(await amplifySignIn({ username: username.trim(), password })),
      confirmSignIn: async (challengeResponse, options) =>
        settle(await amplifyConfirmSignIn({ challengeResponse, ...(options ? { options } : {}) })),
      autoSignIn: async () => settle(await amplifyAutoSignIn()),
      signOut: async () => {
        try {
          await amplifySignOut();
        } catch (error) {
          console.warn('[auth] sign-out failed; the local session is cleared anyway', error);
        }
        clearSession();
      },
      signUp: ({ contactName, email, password }) => {
        const address = email.trim();
        return amplifySignUp({
          username: address,
          password,
          options: { userAttributes: { email: address, name: contactName.trim() }, autoSignIn: true },
        });
      },
      confirmSignUp: (username, code) =>
        amplifyConfirmSignUp({ username: username.trim(), confirmationCode: code.trim() }),
      resendConfirmationCode: (username) => resendSignUpCode({ username: username.trim() }),
      forgotPassword: (username) => resetPassword({ username: username.trim() }),
      forgotPasswordSubmit: (username, code, newPassword) =>
        confirmResetPassword({ username: username.trim(), confirmationCode: code.trim(), newPassword }),
    };
  }, [refreshSession, clearSession]);

  return { ...state, identityStatus, ...actions };
}
