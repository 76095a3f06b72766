import type { DesktopBridge } from '../../preload/desktop-bridge';

/** A stand-in for the Electron preload's `window.desktop`, with an in-memory secure storage. */
export function desktopBridge(backendUrl: string): DesktopBridge {
  const stored = new Map<string, string>();
  return {
    platform: 'linux',
    backendUrl,
    secureStorage: {
      getItem: async (key) => stored.get(key) ?? null,
      setItem: async (key, value) => void stored.set(key, value),
      removeItem: async (key) => void stored.delete(key),
    },
    onToggleAssistant: () => () => {},
  };
}
