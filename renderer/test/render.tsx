import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Provider as JotaiProvider, createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';

type JotaiStore = ReturnType<typeof createStore>;

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** Initial location of the MemoryRouter; defaults to '/'. */
  route?: string;
  /** A store prepared by the test (e.g. with atoms already set); a fresh one otherwise. */
  store?: JotaiStore;
}

export interface RenderWithProvidersResult extends RenderResult {
  store: JotaiStore;
}

export function renderWithProviders(
  ui: ReactElement,
  { route = '/', store = createStore(), ...options }: RenderWithProvidersOptions = {},
): RenderWithProvidersResult {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      // env="test" turns off Mantine transitions and portals so assertions do not race animations.
      <MantineProvider defaultColorScheme="dark" env="test">
        <JotaiProvider store={store}>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </JotaiProvider>
      </MantineProvider>
    );
  }
  return { ...render(ui, { wrapper: Wrapper, ...options }), store };
}
