import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider, createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '../src/shared/api';
import { defaultRuntimeConfig, runtimeConfigAtom, type RuntimeConfig } from '../src/shared/config';
import servedConfig from './served-config.json';

/**
 * The configuration as the app has it once `GET /api/config` answered: the server's categories and
 * form limits (served-config.json, which a backend test keeps equal to what the server serves).
 */
export const loadedRuntimeConfig: RuntimeConfig = { ...defaultRuntimeConfig, ...(servedConfig as Pick<RuntimeConfig, 'limits' | 'categories'>) };

type JotaiStore = ReturnType<typeof createStore>;

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** Initial location of the MemoryRouter; defaults to '/'. */
  route?: string;
  /** A store prepared by the test (e.g. with atoms already set); a fresh one otherwise. */
  store?: JotaiStore;
  /** A query cache prepared by the test (e.g. with server state already loaded); an empty one otherwise. */
  queryClient?: QueryClient;
}

export interface RenderWithProvidersResult extends RenderResult {
  store: JotaiStore;
  queryClient: QueryClient;
}

export function renderWithProviders(
  ui: ReactElement,
  // The app's cache settings, empty for each test unless the test brings its own.
  { route = '/', store = createStore(), queryClient = createQueryClient(), ...options }: RenderWithProvidersOptions = {},
): RenderWithProvidersResult {
  // A test that set its own configuration keeps it.
  if (store.get(runtimeConfigAtom) === defaultRuntimeConfig) store.set(runtimeConfigAtom, loadedRuntimeConfig);
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      // env="test" turns off Mantine transitions and portals so assertions do not race animations.
      <MantineProvider defaultColorScheme="dark" env="test">
        <QueryClientProvider client={queryClient}>
          <JotaiProvider store={store}>
            <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
          </JotaiProvider>
        </QueryClientProvider>
      </MantineProvider>
    );
  }
  return { ...render(ui, { wrapper: Wrapper, ...options }), store, queryClient };
}
