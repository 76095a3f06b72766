import { atom } from 'jotai';
import type { NextSignInStep } from '../utils/amplifyTypes';
import { identityClient } from '../api/identityClient';
import { authStateAtom, signedOutState } from './authState';

// Loads can overlap (start-up, a signedIn event, the sign-in screen itself) and a sign-out can land
// in between; only the latest one may write the state.
const sessionGenerationAtom = atom(0);

/** Write-only: reads the stored session and makes it the auth state. Never rejects. */
export const refreshSessionAtom = atom(null, async (get, set) => {
  const generation = get(sessionGenerationAtom) + 1;
  set(sessionGenerationAtom, generation);
  let user = null;
  try {
    user = await (await identityClient()).loadSessionUser();
  } catch (error) {
    // Spec section 8: a failed session load is logged and leaves the user signed out.
    console.error('[auth] could not load the session', error);
  }
  if (get(sessionGenerationAtom) !== generation) return;
  set(authStateAtom, user ? { isAuthenticated: true, isLoading: false, user } : signedOutState);
});

/** Write-only: forgets the user at once (sign-out, a signedOut event). */
export const clearSessionAtom = atom(null, (get, set) => {
  set(sessionGenerationAtom, get(sessionGenerationAtom) + 1);
  set(authStateAtom, signedOutState);
});

/**
 * A sign-in step reached outside the sign-in screen (auto sign-in after verification asking for
 * MFA), handed over in memory: the step may hold functions, which history state cannot carry.
 */
export interface PendingSignInStep {
  username: string;
  nextStep: NextSignInStep;
  startedAt: number;
}

export const pendingSignInStepAtom = atom<PendingSignInStep | null>(null);
