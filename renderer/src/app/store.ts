import { createStore } from 'jotai';
import { authStateAtom } from '../features/auth';
import { createQueryClient } from '../shared/api';
import { loadRuntimeConfigAtom } from '../shared/config';

/** The app's one jotai store, created with the entry script so that start-up work can begin before React renders. */
export const appStore = createStore();

/** The server state the screens have loaded (TanStack Query); jotai keeps only the client's own. */
export const queryClient = createQueryClient();

// What one user loaded is never shown to the next: another session, or none, starts from an empty cache.
let cachedFor: string | null = null;
appStore.sub(authStateAtom, () => {
  const userId = appStore.get(authStateAtom).user?.userId ?? null;
  if (userId === cachedFor) return;
  cachedFor = userId;
  queryClient.clear();
});

/**
 * Asks for the runtime configuration as soon as the entry script runs: the first screen's code
 * loads meanwhile, instead of the request waiting for that code to render the root layout.
 */
export function startLoadingRuntimeConfig(): void {
  void appStore.set(loadRuntimeConfigAtom);
}
