import type { IpcRenderer } from 'electron';
import { DEFAULT_BACKEND_URL, normalizeBackendUrl } from './backend-url';
import { BACKEND_URL_ARGUMENT_PREFIX, IPC_CHANNELS } from './channels';
import type { DesktopBridge } from './desktop-bridge';

type BridgeIpc = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>;

export interface DesktopBridgeOptions {
  ipcRenderer: BridgeIpc;
  argv: readonly string[];
  platform: string;
}

export function readBackendUrlArgument(argv: readonly string[]): string {
  const argument = argv.find((entry) => entry.startsWith(BACKEND_URL_ARGUMENT_PREFIX));
  const value = argument?.slice(BACKEND_URL_ARGUMENT_PREFIX.length);
  return normalizeBackendUrl(value) ?? DEFAULT_BACKEND_URL;
}

// ipcRenderer.invoke wraps handler errors as "Error invoking remote method '<channel>': Error: <msg>";
// the page should see only the user-facing message that main wrote.
const REMOTE_ERROR_PREFIX = /^Error invoking remote method '[^']*': (?:[A-Za-z]*Error: )?/;

async function invoke<T>(ipc: BridgeIpc, channel: string, ...args: unknown[]): Promise<T> {
  try {
    return (await ipc.invoke(channel, ...args)) as T;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(message.replace(REMOTE_ERROR_PREFIX, ''));
  }
}

export function createDesktopBridge({ ipcRenderer, argv, platform }: DesktopBridgeOptions): DesktopBridge {
  return {
    platform,
    backendUrl: readBackendUrlArgument(argv),
    secureStorage: {
      async getItem(key: string): Promise<string | null> {
        const value = await invoke<unknown>(ipcRenderer, IPC_CHANNELS.secureStoreGet, key);
        return typeof value === 'string' ? value : null;
      },
      async setItem(key: string, value: string): Promise<void> {
        await invoke<unknown>(ipcRenderer, IPC_CHANNELS.secureStoreSet, key, value);
      },
      async removeItem(key: string): Promise<void> {
        await invoke<unknown>(ipcRenderer, IPC_CHANNELS.secureStoreRemove, key);
      },
    },
    onToggleAssistant(listener: () => void): () => void {
      if (typeof listener !== 'function') {
        throw new TypeError('onToggleAssistant necesita una función.');
      }
      // The wrapper drops the IpcRendererEvent: it carries `sender` (the ipcRenderer itself) and
      // would hand the page a way around the bridge.
      const forward = (): void => listener();
      ipcRenderer.on(IPC_CHANNELS.toggleAssistant, forward);
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        ipcRenderer.removeListener(IPC_CHANNELS.toggleAssistant, forward);
      };
    },
  };
}
