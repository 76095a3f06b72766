import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { loadedRuntimeConfig } from '../../../../test/render';
import { defaultRuntimeConfig, runtimeConfigAtom } from '../../../shared/config';
import { givenIdentityConfigured } from './amplifyMocks';
import { authStateAtom, identityStatusAtom, type AuthState, type IdentityStatus } from '../state/authState';

type JotaiStore = ReturnType<typeof createStore>;

/** Prints where the app went, so that a test can assert a navigation and its history state. */
function Landing({ name }: { name: string }) {
  const location = useLocation();
  return (
    <div data-testid="landing">
      <p>{`${name}:${location.pathname}${location.search}`}</p>
      <pre data-testid="landing-state">{JSON.stringify(location.state ?? null)}</pre>
    </div>
  );
}

export interface RenderAuthOptions {
  path: string;
  /** The entry to start at: a path, or a path with history state. */
  entry?: string | { pathname: string; search?: string; state?: unknown };
  auth?: AuthState;
  identityStatus?: IdentityStatus;
  store?: JotaiStore;
}

/**
 * Renders one auth screen at `path` inside the app's providers; every other path renders a
 * landing marker (see `landedAt`).
 */
export function renderAuthScreen(ui: ReactElement, { path, entry = path, auth, identityStatus = 'ready', store = createStore() }: RenderAuthOptions) {
  // The configuration as it is once the server answered (its form limits), unless the test set its own.
  if (store.get(runtimeConfigAtom) === defaultRuntimeConfig) store.set(runtimeConfigAtom, loadedRuntimeConfig);
  if (auth) store.set(authStateAtom, auth);
  store.set(identityStatusAtom, identityStatus);
  if (identityStatus === 'ready') givenIdentityConfigured();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MantineProvider defaultColorScheme="dark" env="test">
        <JotaiProvider store={store}>
          <MemoryRouter initialEntries={[entry]}>{children}</MemoryRouter>
        </JotaiProvider>
      </MantineProvider>
    );
  }
  const result = render(
    <Routes>
      <Route path={path} element={ui} />
      <Route path="*" element={<Landing name="en" />} />
    </Routes>,
    { wrapper: Wrapper },
  );
  return { ...result, store };
}

/** Waits for a navigation away from the screen and returns the landing path with query. */
export async function landedAt(): Promise<string> {
  const text = (await screen.findByTestId('landing')).querySelector('p')!.textContent!;
  return text.replace(/^en:/, '');
}

export function landingState<T = Record<string, unknown>>(): T {
  return JSON.parse(screen.getByTestId('landing-state').textContent!) as T;
}

export const signedOut: AuthState = { isAuthenticated: false, isLoading: false, user: null };
