import { createStore } from 'jotai';
import { authStateAtom } from '../features/auth';
import { createQueryClient } from '../shared/api';
import { loadRuntimeConfigAtom } from '../shared/config';

/** The app's one jotai store, created with the entry script so that start-up work can begin before React renders. */
export const appStore = createStore();

/** The server state the screens have loaded (TanStack Query); jotai keeps only the client's own. */
export const queryClient = createQueryClient();

// What one user loaded is never shown to the next: another session, or none, starts from an empty
// cache. What the screen on show is reading is loaded again for the new session: emptying it with
// clear() left that screen waiting for ever (a signed-in user opening a marketplace page had it
// loaded before the stored session was read, and then dropped, with nothing asking again).
let cachedFor: string | null = null;
appStore.sub(authStateAtom, () => {
  const userId = appStore.get(authStateAtom).user?.userId ?? null;
  if (userId === cachedFor) return;
  cachedFor = userId;
  queryClient.getMutationCache().clear();
  queryClient.removeQueries({ type: 'inactive' });
  void queryClient.resetQueries();
});

/**
 * Asks for the runtime configuration as soon as the entry script runs: the first screen's code
 * loads meanwhile, instead of the request waiting for that code to render the root layout.
 */
export function startLoadingRuntimeConfig(): void {
  void appStore.set(loadRuntimeConfigAtom);
}
