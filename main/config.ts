import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_BACKEND_URL, normalizeBackendUrl } from '../preload/backend-url';

export const CONFIG_FILE_NAME = 'config.json';
export const BACKEND_URL_ENV = 'NOVA_BACKEND_URL';

export interface BackendUrlSources {
  env: NodeJS.ProcessEnv;
  userDataDir: string;
  warn?: (message: string) => void;
}

function readConfiguredBackendUrl(userDataDir: string, warn: (message: string) => void): unknown {
  const file = join(userDataDir, CONFIG_FILE_NAME);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    // No config file is the normal case; anything else is worth a line in the log.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      warn(`No se pudo leer ${file}: ${(error as Error).message}`);
    }
    return undefined;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && 'backendUrl' in parsed) {
      return (parsed as { backendUrl: unknown }).backendUrl;
    }
    return undefined;
  } catch {
    warn(`${file} no es JSON válido; se ignora.`);
    return undefined;
  }
}

/** Environment first (handy for one-off runs), then the per-user config file, then the default. */
export function resolveBackendUrl({ env, userDataDir, warn = console.warn }: BackendUrlSources): string {
  const fromEnv = env[BACKEND_URL_ENV];
  if (fromEnv !== undefined && fromEnv.trim() !== '') {
    const url = normalizeBackendUrl(fromEnv);
    if (url) return url;
    warn(`${BACKEND_URL_ENV} no es una URL http(s) válida; se usa ${DEFAULT_BACKEND_URL}.`);
    return DEFAULT_BACKEND_URL;
  }
  const fromFile = readConfiguredBackendUrl(userDataDir, warn);
  if (fromFile !== undefined) {
    const url = normalizeBackendUrl(fromFile);
    if (url) return url;
    warn(`backendUrl de ${CONFIG_FILE_NAME} no es una URL http(s) válida; se usa ${DEFAULT_BACKEND_URL}.`);
  }
  return DEFAULT_BACKEND_URL;
}
