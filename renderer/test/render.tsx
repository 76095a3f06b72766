import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider, createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '../src/shared/api';

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
