import { globalShortcut } from 'electron';
import type { BrowserWindow } from 'electron';
import { IPC_CHANNELS } from '../preload/channels';
import { revealWindow } from './window';

export const TOGGLE_ASSISTANT_ACCELERATOR = 'CommandOrControl+Shift+Space';

/** Returns false when another application already owns the shortcut. */
export function registerAssistantShortcut(getWindow: () => BrowserWindow | null): boolean {
  const registered = globalShortcut.register(TOGGLE_ASSISTANT_ACCELERATOR, () => {
    const window = getWindow();
    if (!window || window.isDestroyed()) return;
    // Shown first so that the assistant opens where the user is looking.
    revealWindow(window);
    window.webContents.send(IPC_CHANNELS.toggleAssistant);
  });
  if (!registered) {
    console.warn(`No se pudo registrar el atajo ${TOGGLE_ASSISTANT_ACCELERATOR}: lo usa otra aplicación.`);
  }
  return registered;
}

export function unregisterShortcuts(): void {
  globalShortcut.unregisterAll();
}
