import { join } from 'node:path';
import { app, BrowserWindow, safeStorage, session } from 'electron';
import type { WebContents } from 'electron';
import { resolveBackendUrl } from './config';
import { buildContentSecurityPolicy, originOf } from './csp';
import { APP_ORIGIN, APP_START_URL, handleAppProtocol, registerAppScheme } from './protocol';
import { SECURE_STORE_FILE_NAME, SecureStore } from './secure-store';
import { registerSecureStoreIpc } from './secure-store-ipc';
import { isTrustedSender } from './sender';
import { registerAssistantShortcut, unregisterShortcuts } from './shortcuts';
import { createMainWindow, revealWindow } from './window';

export interface DesktopPaths {
  /** Folder holding out/main, out/preload and out/renderer (the built main sits in out/main). */
  outDir: string;
}

// Permissions the renderer legitimately needs (copy buttons in chats); everything else is denied.
const ALLOWED_PERMISSIONS = new Set(['clipboard-sanitized-write']);

function hardenWebContents(contents: WebContents): void {
  // No <webview> anywhere: it would be a second, unguarded way to load remote pages.
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/**
 * The dev server URL is only honoured in an unpackaged run: an installed app must not be pointed at
 * arbitrary content (with the preload bridge attached) through an environment variable.
 */
function devServerUrl(): string | undefined {
  const url = process.env.ELECTRON_RENDERER_URL;
  return !app.isPackaged && url && originOf(url) ? url : undefined;
}

export function startDesktopApp({ outDir }: DesktopPaths): void {
  registerAppScheme();

  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }

  const devUrl = devServerUrl();
  const startUrl = devUrl ?? APP_START_URL;
  const allowedOrigins = [devUrl ? originOf(devUrl) : APP_ORIGIN].filter((origin): origin is string => Boolean(origin));
  const userDataDir = app.getPath('userData');
  const backendUrl = resolveBackendUrl({ env: process.env, userDataDir });
  let mainWindow: BrowserWindow | null = null;

  const openWindow = (): BrowserWindow => {
    const window = createMainWindow({
      preloadPath: join(outDir, 'preload', 'index.js'),
      startUrl,
      backendUrl,
      allowedOrigins,
    });
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = null;
    });
    mainWindow = window;
    return window;
  };

  app.on('second-instance', () => {
    if (!app.isReady()) return;
    revealWindow(mainWindow ?? openWindow());
  });
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));

  app.on('window-all-closed', () => {
    // macOS apps stay in the dock until the user quits explicitly.
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', () => unregisterShortcuts());

  app
    .whenReady()
    .then(() => {
      handleAppProtocol({
        rootDir: join(outDir, 'renderer'),
        contentSecurityPolicy: buildContentSecurityPolicy(backendUrl),
      });
      session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) => {
        callback(ALLOWED_PERMISSIONS.has(permission));
      });

      const store = new SecureStore({ filePath: join(userDataDir, SECURE_STORE_FILE_NAME), crypto: safeStorage });
      registerSecureStoreIpc(store, (event) => isTrustedSender(event, mainWindow, allowedOrigins));

      openWindow();
      registerAssistantShortcut(() => mainWindow ?? openWindow());

      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) openWindow();
      });
    })
    .catch((error: unknown) => {
      console.error('No se pudo iniciar Nova:', error);
      app.quit();
    });
}
