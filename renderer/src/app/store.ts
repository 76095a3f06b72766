import { createStore } from 'jotai';
import { loadRuntimeConfigAtom } from '../shared/config';

/** The app's one jotai store, created with the entry script so that start-up work can begin before React renders. */
export const appStore = createStore();

/**
 * Asks for the runtime configuration as soon as the entry script runs: the first screen's code
 * loads meanwhile, instead of the request waiting for that code to render the root layout.
 */
export function startLoadingRuntimeConfig(): void {
  void appStore.set(loadRuntimeConfigAtom);
}
