import type { BrowserWindow, IpcMainInvokeEvent } from 'electron';
import { isAllowedOrigin } from './navigation';

/**
 * Trusted means: our window's own webContents, its top-level frame (never an iframe), showing one
 * of our origins. Anything else — another window, a frame that navigated away — is refused.
 */
export function isTrustedSender(
  event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>,
  window: BrowserWindow | null,
  allowedOrigins: readonly string[],
): boolean {
  if (!window || window.isDestroyed()) return false;
  if (event.sender !== window.webContents) return false;
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  return isAllowedOrigin(frame.url, allowedOrigins);
}
