import { act, renderHook, waitFor } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { desktopBridge } from '../../../../test/desktop-bridge';
import { api } from '../../../shared/api';
import {
  defaultRuntimeConfig,
  runtimeConfigAtom,
  runtimeConfigStatusAtom,
  type RuntimeConfig,
} from '../../../shared/config';
import { handleUnauthorized, resetApiAuthForTests } from '../api/apiAuthBridge';
import { resetAmplifyConfigurationForTests } from '../api/configureAmplify';
import { identityClient, resetIdentityClientForTests } from '../api/identityClient';
import { authStateAtom, identityStatusAtom } from '../state/authState';
import {
  amplifyMock,
  anaClaims,
  authError,
  authMock,
  cognitoMock,
  emitHub,
  givenSignedIn,
  givenSignedOut,
  givenStoredSession,
  resetHub,
  sessionWith,
} from '../testing/amplifyMocks';
import { useAuthBootstrap } from './useAuthBootstrap';

jest.mock('aws-amplify', () => jest.requireActual('../testing/amplifyMocks').amplifyMock);
jest.mock('aws-amplify/auth', () => jest.requireActual('../testing/amplifyMocks').authMock);
jest.mock('aws-amplify/auth/cognito', () => jest.requireActual('../testing/amplifyMocks').cognitoMock);
jest.mock('aws-amplify/utils', () => jest.requireActual('../testing/amplifyMocks').hubMock);

const embeddedConfig: RuntimeConfig = {
  ...defaultRuntimeConfig,
  identity: {
    provider: 'embedded',
    region: 'us-east-1',
    userPoolId: 'us-east-1_NovaLocal',
    userPoolClientId: 'novaweb',
    endpoint: '/idp',
  },
};

type Store = ReturnType<typeof createStore>;

function renderBootstrap(store: Store = createStore()) {
  const wrapper = ({ children }: { children: ReactNode }) => <JotaiProvider store={store}>{children}</JotaiProvider>;
  const hook = renderHook(() => useAuthBootstrap(), { wrapper });
  return { ...hook, store };
}

/** What RootLayout's runtime-config load does once the server has answered. */
function configLoaded(store: Store, config: RuntimeConfig = embeddedConfig, status: 'ready' | 'fallback' = 'ready') {
  act(() => {
    store.set(runtimeConfigAtom, config);
    store.set(runtimeConfigStatusAtom, status);
  });
}

const fetchMock = jest.fn();

beforeEach(() => {
  jest.clearAllMocks();
  resetHub();
  resetAmplifyConfigurationForTests();
  resetIdentityClientForTests();
  localStorage.clear();
  resetApiAuthForTests();
  delete window.desktop;
  fetchMock.mockImplementation(async () => new Response('{}', { status: 200 }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  authMock.signOut.mockResolvedValue(undefined);
});

describe('start-up', () => {
  it('starts not authenticated, loading, with no user, until the configuration arrives', () => {
    const { store } = renderBootstrap();
    expect(store.get(authStateAtom)).toEqual({ isAuthenticated: false, isLoading: true, user: null });
    expect(amplifyMock.Amplify.configure).not.toHaveBeenCalled();
  });

  it('configures Amplify for the embedded service with its endpoint made absolute', async () => {
    givenSignedIn();
    const { store } = renderBootstrap();
    configLoaded(store);
    await waitFor(() => expect(amplifyMock.Amplify.configure).toHaveBeenCalled());
    expect(amplifyMock.Amplify.configure).toHaveBeenCalledWith({
      Auth: {
        Cognito: {
          userPoolId: 'us-east-1_NovaLocal',
          userPoolClientId: 'novaweb',
          userPoolEndpoint: `${window.location.origin}/idp`,
          loginWith: { email: true },
          signUpVerificationMethod: 'code',
          userAttributes: { email: { required: true }, name: { required: true } },
        },
      },
    });
    // A browser keeps Amplify's default token storage.
    expect(cognitoMock.cognitoUserPoolsTokenProvider.setKeyValueStorage).not.toHaveBeenCalled();
  });

  it("in the desktop app, points at the desktop backend and keeps tokens in the OS's secure storage", async () => {
    givenSignedIn();
    window.desktop = desktopBridge('http://127.0.0.1:4100/');
    const { store } = renderBootstrap();
    configLoaded(store);
    await waitFor(() => expect(amplifyMock.Amplify.configure).toHaveBeenCalled());
    const [[config]] = amplifyMock.Amplify.configure.mock.calls;
    expect(config.Auth.Cognito.userPoolEndpoint).toBe('http://127.0.0.1:4100/idp');
    expect(cognitoMock.cognitoUserPoolsTokenProvider.setKeyValueStorage).toHaveBeenCalledTimes(1);
    const storage = cognitoMock.cognitoUserPoolsTokenProvider.setKeyValueStorage.mock.calls[0][0];
    expect(Object.keys(storage).sort()).toEqual(['clear', 'getItem', 'removeItem', 'setItem']);
  });

  it('sends no endpoint for Amazon Cognito', async () => {
    givenSignedIn();
    const { store } = renderBootstrap();
    configLoaded(store, { ...embeddedConfig, identity: { ...embeddedConfig.identity!, provider: 'cognito', endpoint: null } });
    await waitFor(() => expect(amplifyMock.Amplify.configure).toHaveBeenCalled());
    expect(amplifyMock.Amplify.configure.mock.calls[0][0].Auth.Cognito).not.toHaveProperty('userPoolEndpoint');
  });

  it('loads the stored session into the user, then ends loading', async () => {
    givenSignedIn({ ...anaClaims, 'custom:role': 'admin' });
    const { store } = renderBootstrap();
    configLoaded(store);
    await waitFor(() => expect(store.get(authStateAtom).isLoading).toBe(false));
    expect(store.get(authStateAtom)).toEqual({
      isAuthenticated: true,
      isLoading: false,
      user: { userId: 'sub-ana', username: 'ana', email: 'ana@example.com', role: 'admin', contactName: 'Ana García' },
    });
    expect(store.get(identityStatusAtom)).toBe('ready');
  });

  it("gives the role 'user' when the token has no role claim", async () => {
    givenSignedIn(anaClaims);
    const { store } = renderBootstrap();
    configLoaded(store);
    await waitFor(() => expect(store.get(authStateAtom).user?.role).toBe('user'));
  });

  it('ends loading signed out when no session is stored, without logging an error', async () => {
    givenSignedOut();
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { store } = renderBootstrap();
    configLoaded(store);
    await waitFor(() => expect(store.get(authStateAtom).isLoading).toBe(false));
    expect(store.get(authStateAtom)).toEqual({ isAuthenticated: false, isLoading: false, user: null });
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it('logs a failed session load and leaves the user signed out', async () => {
    givenStoredSession();
    authMock.getCurrentUser.mockResolvedValue({ userId: 'sub-ana', username: 'ana' });
    authMock.fetchAuthSession.mockRejectedValue(authError('NetworkError', 'Network error'));
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { store } = renderBootstrap();
    configLoaded(store);
    await waitFor(() => expect(store.get(authStateAtom).isLoading).toBe(false));
    expect(store.get(authStateAtom).isAuthenticated).toBe(false);
    expect(error).toHaveBeenCalledWith('[auth] could not load the session', expect.objectContaining({ name: 'NetworkError' }));
    error.mockRestore();
  });

  it("does not load Amplify for a visitor (no stored session): signed out at once, sign-in ready", () => {
    givenSignedOut();
    const { store } = renderBootstrap();
    configLoaded(store);
    expect(store.get(authStateAtom)).toEqual({ isAuthenticated: false, isLoading: false, user: null });
    expect(store.get(identityStatusAtom)).toBe('ready');
    expect(amplifyMock.Amplify.configure).not.toHaveBeenCalled();
    expect(authMock.getCurrentUser).not.toHaveBeenCalled();
  });

  it('without an identity configuration (server unreachable) ends loading signed out', () => {
    const { store } = renderBootstrap();
    configLoaded(store, defaultRuntimeConfig, 'fallback');
    expect(store.get(authStateAtom)).toEqual({ isAuthenticated: false, isLoading: false, user: null });
    expect(store.get(identityStatusAtom)).toBe('unavailable');
    expect(amplifyMock.Amplify.configure).not.toHaveBeenCalled();
  });
});

describe('Amplify auth events', () => {
  it('a signedIn event reloads the session', async () => {
    givenSignedOut();
    const { store } = renderBootstrap();
    configLoaded(store);
    await waitFor(() => expect(store.get(authStateAtom).isLoading).toBe(false));

    // The sign-in screen loads the identity client; Amplify then announces the sign-in.
    givenSignedIn();
    await act(() => identityClient());
    act(() => emitHub('auth', 'signedIn'));
    await waitFor(() => expect(store.get(authStateAtom).user?.username).toBe('ana'));
    expect(store.get(authStateAtom).isAuthenticated).toBe(true);
  });

  it('a signedOut event clears the user', async () => {
    givenSignedIn();
    const { store } = renderBootstrap();
    configLoaded(store);
    await waitFor(() => expect(store.get(authStateAtom).isAuthenticated).toBe(true));

    act(() => emitHub('auth', 'signedOut'));
    expect(store.get(authStateAtom)).toEqual({ isAuthenticated: false, isLoading: false, user: null });
  });

  it('a failed token refresh reloads the session, which finds the user signed out', async () => {
    givenSignedIn();
    const { store } = renderBootstrap();
    configLoaded(store);
    await waitFor(() => expect(store.get(authStateAtom).isAuthenticated).toBe(true));

    givenSignedOut();
    act(() => emitHub('auth', 'tokenRefresh_failure'));
    await waitFor(() => expect(store.get(authStateAtom).isAuthenticated).toBe(false));
  });

  it('a sign-out during a slow session load wins over the load', async () => {
    let finishLoad: (value: unknown) => void = () => {};
    givenStoredSession();
    authMock.getCurrentUser.mockResolvedValue({ userId: 'sub-ana', username: 'ana' });
    authMock.fetchAuthSession.mockReturnValueOnce(new Promise((resolve) => (finishLoad = resolve)));
    const { store } = renderBootstrap();
    configLoaded(store);
    await waitFor(() => expect(authMock.fetchAuthSession).toHaveBeenCalled());

    act(() => emitHub('auth', 'signedOut'));
    await act(async () => finishLoad(sessionWith(anaClaims)));
    expect(store.get(authStateAtom).isAuthenticated).toBe(false);
  });

  it('stops listening when unmounted', async () => {
    givenSignedOut();
    const { unmount, store } = renderBootstrap();
    configLoaded(store);
    await waitFor(() => expect(store.get(authStateAtom).isLoading).toBe(false));
    unmount();
    authMock.getCurrentUser.mockClear();
    givenSignedIn();
    emitHub('auth', 'signedIn');
    expect(authMock.getCurrentUser).not.toHaveBeenCalled();
    expect(store.get(authStateAtom).isAuthenticated).toBe(false);
  });
});

describe('API calls', () => {
  it('carry the ID token as a bearer token', async () => {
    givenSignedIn(anaClaims, 'ana-id-token');
    const { store } = renderBootstrap();
    configLoaded(store);
    await api.GET('/api/conversations');
    const [request] = fetchMock.mock.calls[0] as [Request];
    expect(request.headers.get('Authorization')).toBe('Bearer ana-id-token');
  });

  it('go without a token for a visitor, without loading Amplify', async () => {
    givenSignedOut();
    const { store } = renderBootstrap();
    configLoaded(store);
    await api.GET('/api/agents');
    expect((fetchMock.mock.calls[0] as [Request])[0].headers.has('Authorization')).toBe(false);
    expect(authMock.fetchAuthSession).not.toHaveBeenCalled();
  });

  it('a 401 refreshes the tokens once; a 401 with the refreshed token signs out', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    givenSignedIn(anaClaims, 'old-token');
    authMock.fetchAuthSession.mockImplementation(async (options?: { forceRefresh?: boolean }) =>
      sessionWith(anaClaims, options?.forceRefresh ? 'new-token' : 'old-token'),
    );
    const { store } = renderBootstrap();
    configLoaded(store);

    await handleUnauthorized();
    expect(authMock.fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
    expect(authMock.signOut).not.toHaveBeenCalled();

    // From now on the stored token is the refreshed one, and the server still refuses it.
    authMock.fetchAuthSession.mockResolvedValue(sessionWith(anaClaims, 'new-token'));
    now.mockReturnValue(1_000_000 + 10_000);
    await handleUnauthorized();
    expect(authMock.signOut).toHaveBeenCalledTimes(1);
    now.mockRestore();
  });

  it('a 401 whose refresh fails signs out', async () => {
    givenSignedIn(anaClaims, 'old-token');
    const { store } = renderBootstrap();
    configLoaded(store);
    authMock.fetchAuthSession.mockImplementation(async (options?: { forceRefresh?: boolean }) => {
      if (options?.forceRefresh) throw authError('NotAuthorizedException', 'Refresh Token has been revoked');
      return sessionWith(anaClaims, 'old-token');
    });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    await handleUnauthorized();
    expect(authMock.signOut).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('a 401 answered to the typed client triggers the refresh', async () => {
    givenSignedIn(anaClaims, 'old-token');
    const { store } = renderBootstrap();
    configLoaded(store);
    fetchMock.mockResolvedValueOnce(new Response('{"statusCode":401,"message":"No autorizado"}', { status: 401 }));
    await expect(api.GET('/api/conversations')).rejects.toMatchObject({ status: 401 });
    await waitFor(() => expect(authMock.fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true }));
  });
});
