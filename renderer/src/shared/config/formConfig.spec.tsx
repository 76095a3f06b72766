import { renderHook } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import type { ReactNode } from 'react';
import servedConfig from '../../../test/served-config.json';
import { useCategories, useFormLimits } from './formConfig';
import { defaultRuntimeConfig, type RuntimeConfig } from './runtimeConfig';
import { runtimeConfigAtom } from './runtimeConfigAtoms';

function withConfig(config: RuntimeConfig) {
  const store = createStore();
  store.set(runtimeConfigAtom, config);
  return ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
}

const loaded = { ...defaultRuntimeConfig, ...(servedConfig as Pick<RuntimeConfig, 'limits' | 'categories'>) };

describe("the server's form configuration", () => {
  it('labels a category as the server does, and shows any other text as it is', () => {
    const { result } = renderHook(() => useCategories(), { wrapper: withConfig(loaded) });
    expect(result.current.options[1]).toEqual({ value: 'finance', label: 'Finanzas' });
    expect(result.current.label('tech')).toBe('Tecnología');
    expect(result.current.label('Mi propia categoría')).toBe('Mi propia categoría');
  });

  it('has no limits and no categories until the configuration arrives', () => {
    const { result } = renderHook(() => [useFormLimits(), useCategories().options], { wrapper: withConfig(defaultRuntimeConfig) });
    expect(result.current).toEqual([null, []]);
  });

  it('gives the limits the server sent', () => {
    const { result } = renderHook(() => useFormLimits(), { wrapper: withConfig(loaded) });
    expect(result.current?.contact.message).toEqual({ min: 10, max: 5000 });
  });
});
