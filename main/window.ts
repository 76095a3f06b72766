import { BrowserWindow } from 'electron';
import { BACKEND_URL_ARGUMENT_PREFIX } from '../preload/channels';
import { guardNavigation } from './navigation';

export interface MainWindowOptions {
  preloadPath: string;
  startUrl: string;
  backendUrl: string;
  /** Origins the window may navigate within (app://nova, or the dev server). */
  allowedOrigins: readonly string[];
  iconPath?: string;
}

export function createMainWindow({ preloadPath, startUrl, backendUrl, allowedOrigins, iconPath }: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 360,
    minHeight: 560,
    show: false,
    title: 'Nova',
    // Matches the renderer's dark theme so the window does not flash white while loading.
    backgroundColor: '#1a1b1e',
    autoHideMenuBar: true,
    ...(iconPath ? { icon: iconPath } : {}),
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      additionalArguments: [`${BACKEND_URL_ARGUMENT_PREFIX}${backendUrl}`],
    },
  });

  guardNavigation(window.webContents, allowedOrigins);
  window.once('ready-to-show', () => window.show());
  window.loadURL(startUrl).catch((error: unknown) => {
    console.error(`No se pudo cargar ${startUrl}:`, error);
  });
  return window;
}

/** Brings the window to the front, restoring it if minimised or hidden. */
export function revealWindow(window: BrowserWindow): void {
  if (window.isMinimized()) window.restore();
  if (!window.isVisible()) window.show();
  window.focus();
}
