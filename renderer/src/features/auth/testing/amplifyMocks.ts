// Stand-ins for aws-amplify in the auth feature's tests. Each spec wires them with
//   jest.mock('aws-amplify/auth', () => jest.requireActual('../testing/amplifyMocks').authMock);
// (relative to the spec) so that every call can be asserted and every answer scripted.

import { setIdentityConfig } from '../api/identityClient';

type HubListener = (capsule: { payload: { event: string; data?: unknown } }) => void;

const hubListeners = new Map<string, Set<HubListener>>();

export const hubMock = {
  Hub: {
    listen: jest.fn((channel: string, listener: HubListener) => {
      const listeners = hubListeners.get(channel) ?? new Set<HubListener>();
      listeners.add(listener);
      hubListeners.set(channel, listeners);
      return () => listeners.delete(listener);
    }),
    dispatch: jest.fn(),
  },
};

/** Delivers an Amplify Hub event to the listeners the code under test registered. */
export function emitHub(channel: string, event: string, data?: unknown): void {
  for (const listener of hubListeners.get(channel) ?? []) listener({ payload: { event, data } });
}

export function resetHub(): void {
  hubListeners.clear();
}

export const authMock = {
  signIn: jest.fn(),
  signOut: jest.fn(),
  signUp: jest.fn(),
  confirmSignUp: jest.fn(),
  confirmSignIn: jest.fn(),
  autoSignIn: jest.fn(),
  resendSignUpCode: jest.fn(),
  resetPassword: jest.fn(),
  confirmResetPassword: jest.fn(),
  getCurrentUser: jest.fn(),
  fetchAuthSession: jest.fn(),
  setUpTOTP: jest.fn(),
  verifyTOTPSetup: jest.fn(),
  updateMFAPreference: jest.fn(),
  fetchMFAPreference: jest.fn(),
};

export const amplifyMock = { Amplify: { configure: jest.fn() } };

export const cognitoMock = { cognitoUserPoolsTokenProvider: { setKeyValueStorage: jest.fn() } };

/** An error shaped like Amplify's AuthError / a Cognito service exception. */
export function authError(name: string, message = name): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

export interface FakeClaims {
  sub?: string;
  email?: string;
  name?: string;
  'cognito:username'?: string;
  'custom:role'?: string;
}

/** fetchAuthSession's answer for a signed-in user with these ID-token claims. */
export function sessionWith(claims: FakeClaims, idToken = 'id-token') {
  return {
    tokens: {
      idToken: { payload: claims, toString: () => idToken },
      accessToken: { payload: {}, toString: () => 'access-token' },
    },
  };
}

export const anaClaims: FakeClaims = {
  sub: 'sub-ana',
  email: 'ana@example.com',
  name: 'Ana García',
  'cognito:username': 'ana',
};

const LAST_AUTH_USER_KEY = 'CognitoIdentityServiceProvider.novaweb.LastAuthUser';

/** What Amplify leaves in localStorage while it keeps a user's tokens (for the client id 'novaweb'). */
export function givenStoredSession(username = 'ana'): void {
  localStorage.setItem(LAST_AUTH_USER_KEY, username);
}

/** A stored session for `claims`: what getCurrentUser and fetchAuthSession answer. */
export function givenSignedIn(claims: FakeClaims = anaClaims, idToken = 'id-token'): void {
  givenStoredSession(claims['cognito:username']);
  authMock.getCurrentUser.mockResolvedValue({ userId: claims.sub, username: claims['cognito:username'] });
  authMock.fetchAuthSession.mockResolvedValue(sessionWith(claims, idToken));
}

export function givenSignedOut(): void {
  localStorage.removeItem(LAST_AUTH_USER_KEY);
  authMock.getCurrentUser.mockRejectedValue(authError('UserUnAuthenticatedException', 'User needs to be authenticated'));
  authMock.fetchAuthSession.mockResolvedValue({ tokens: undefined });
}

/**
 * What the start-up does once the runtime configuration has arrived: lets the identity client load
 * (the mocked Amplify). Screens rendered on their own, without the bootstrap, need it.
 */
export function givenIdentityConfigured(): void {
  setIdentityConfig({ provider: 'embedded', region: 'us-east-1', userPoolId: 'us-east-1_NovaLocal', userPoolClientId: 'novaweb', endpoint: '/idp' });
}
