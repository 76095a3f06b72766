// Shared by main and preload so that both ends of every IPC channel are spelled in one place.
export const IPC_CHANNELS = {
  secureStoreGet: 'secure-store:get',
  secureStoreSet: 'secure-store:set',
  secureStoreRemove: 'secure-store:remove',
  toggleAssistant: 'assistant:toggle',
} as const;

export type IpcChannel = (typeof IPC_CHANNELS)[keyof typeof IPC_CHANNELS];

/**
 * Main hands the backend address to the preload as a renderer command-line switch rather than a
 * synchronous IPC call: it is known before the page exists, needs no handler that any frame could
 * call, and never blocks the renderer.
 */
export const BACKEND_URL_ARGUMENT_PREFIX = '--nova-backend-url=';
