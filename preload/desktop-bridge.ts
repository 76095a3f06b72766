// Type-only contract between the preload and the renderer (`window.desktop`). Keep this file free
// of runtime imports: the renderer's build imports it as a type.

export interface DesktopSecureStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

export interface DesktopBridge {
  /** `process.platform` of the desktop app (e.g. `darwin`, `win32`, `linux`). */
  platform: string;
  /** Configured backend address, without a trailing slash. */
  backendUrl: string;
  /** Values encrypted by the OS keychain in the main process; rejects when none is available. */
  secureStorage: DesktopSecureStorage;
  /** Called on the global shortcut; returns the function that removes the listener. */
  onToggleAssistant(listener: () => void): () => void;
}
