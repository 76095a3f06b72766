import type { DesktopBridge } from '../../../../preload/desktop-bridge';

export type { DesktopBridge };

declare global {
  interface Window {
    /** Present only inside the Electron app (exposed by the preload); undefined in a browser. */
    desktop?: DesktopBridge;
  }
}

export function getDesktop(): DesktopBridge | undefined {
  if (typeof window === 'undefined') return undefined;
  return window.desktop ?? undefined;
}

export function isDesktop(): boolean {
  return getDesktop() !== undefined;
}
