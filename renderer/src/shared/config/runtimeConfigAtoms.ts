import { atom, useAtomValue } from 'jotai';
import { loadRuntimeConfig } from './loadRuntimeConfig';
import { defaultRuntimeConfig, setRuntimeConfig, type RuntimeConfig } from './runtimeConfig';

const configValueAtom = atom<RuntimeConfig>(defaultRuntimeConfig);

/** The runtime configuration; writing it also updates what the API client sends. */
export const runtimeConfigAtom = atom(
  (get) => get(configValueAtom),
  (_get, set, next: RuntimeConfig) => {
    setRuntimeConfig(next);
    set(configValueAtom, next);
  },
);

export type RuntimeConfigStatus = 'idle' | 'loading' | 'ready' | 'fallback';

/** `fallback` means the server was unreachable and the defaults are in use. */
export const runtimeConfigStatusAtom = atom<RuntimeConfigStatus>('idle');

/** Write-only: `useSetAtom(loadRuntimeConfigAtom)()` loads the configuration once at start-up. */
export const loadRuntimeConfigAtom = atom(null, async (_get, set, options?: { signal?: AbortSignal }) => {
  set(runtimeConfigStatusAtom, 'loading');
  const { config, source } = await loadRuntimeConfig(options);
  if (options?.signal?.aborted) return config;
  set(runtimeConfigAtom, config);
  set(runtimeConfigStatusAtom, source === 'server' ? 'ready' : 'fallback');
  return config;
});

export function useRuntimeConfig(): RuntimeConfig {
  return useAtomValue(runtimeConfigAtom);
}
