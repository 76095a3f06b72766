import { api } from '../api/client';
import { CONFIG_FETCH_TIMEOUT_MS } from './constants';
import { defaultRuntimeConfig, parseRuntimeConfig, setRuntimeConfig, type RuntimeConfig } from './runtimeConfig';

export type RuntimeConfigSource = 'server' | 'default';

export interface LoadedRuntimeConfig {
  config: RuntimeConfig;
  /** `default` when the server could not be reached or answered with an error. */
  source: RuntimeConfigSource;
  error?: unknown;
}

/**
 * Fetches `GET {apiBase}/config` and makes it the configuration the API client uses. Never
 * rejects: without the server the app still starts, with the defaults.
 */
export async function loadRuntimeConfig(options: { signal?: AbortSignal } = {}): Promise<LoadedRuntimeConfig> {
  try {
    const signal = AbortSignal.any([AbortSignal.timeout(CONFIG_FETCH_TIMEOUT_MS), ...(options.signal ? [options.signal] : [])]);
    const { data: raw } = await api.GET('/api/config', { signal });
    const config = parseRuntimeConfig(raw);
    setRuntimeConfig(config);
    return { config, source: 'server' };
  } catch (error) {
    // A cancelled load (e.g. an effect cleaned up) must not clobber one that is still running.
    if (!options.signal?.aborted) setRuntimeConfig(defaultRuntimeConfig);
    return { config: defaultRuntimeConfig, source: 'default', error };
  }
}
