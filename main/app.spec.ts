import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IPC_CHANNELS } from '../preload/channels';
import { app, BrowserWindow, electronMock, globalShortcut, ipcMain, protocol, session } from '../test/mocks/electron';
import { startDesktopApp } from './app';

describe('startDesktopApp', () => {
  let outDir: string;
  let userData: string;
  const originalPlatform = process.platform;
  const originalEnv = { ...process.env };

  beforeEach(() => {
    electronMock.reset();
    outDir = mkdtempSync(join(tmpdir(), 'nova-out-'));
    userData = mkdtempSync(join(tmpdir(), 'nova-user-'));
    mkdirSync(join(outDir, 'renderer'));
    writeFileSync(join(outDir, 'renderer', 'index.html'), '<title>Inicio</title>');
    electronMock.state.paths.userData = userData;
    delete process.env.ELECTRON_RENDERER_URL;
    delete process.env.NOVA_BACKEND_URL;
  });
  afterEach(() => {
    Object.defineProperty(process, 'platform', { value: originalPlatform });
    process.env = { ...originalEnv };
    rmSync(outDir, { recursive: true, force: true });
    rmSync(userData, { recursive: true, force: true });
  });

  const setPlatform = (platform: NodeJS.Platform) => Object.defineProperty(process, 'platform', { value: platform });
  const onlyWindow = () => {
    expect(BrowserWindow.instances).toHaveLength(1);
    return BrowserWindow.instances[0];
  };

  it('registers app:// before ready and everything else once ready', async () => {
    startDesktopApp({ outDir });
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalled();
    expect(BrowserWindow.instances).toHaveLength(0);

    await electronMock.emitReady();

    expect(protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    expect([...ipcMain.handlers.keys()]).toEqual(
      expect.arrayContaining([IPC_CHANNELS.secureStoreGet, IPC_CHANNELS.secureStoreSet, IPC_CHANNELS.secureStoreRemove]),
    );
    expect(globalShortcut.isRegistered('CommandOrControl+Shift+Space')).toBe(true);
    const window = onlyWindow();
    expect(window.loadURL).toHaveBeenCalledWith('app://nova/');
    expect(window.options.webPreferences.preload).toBe(join(outDir, 'preload', 'index.js'));
  });

  it('serves out/renderer with a CSP that lets the page reach the configured backend', async () => {
    process.env.NOVA_BACKEND_URL = 'https://api.nova.example';
    startDesktopApp({ outDir });
    await electronMock.emitReady();
    const response = await electronMock.request('app://nova/agentes/42');
    expect(await response.text()).toContain('Inicio');
    expect(response.headers.get('content-security-policy')).toContain("connect-src 'self' https://api.nova.example");
    expect(onlyWindow().options.webPreferences.additionalArguments).toEqual(['--nova-backend-url=https://api.nova.example']);
  });

  it('quits at once when another instance holds the lock', async () => {
    electronMock.state.singleInstanceLock = false;
    startDesktopApp({ outDir });
    expect(app.quit).toHaveBeenCalled();
    await electronMock.emitReady();
    expect(BrowserWindow.instances).toHaveLength(0);
  });

  it('brings the existing window forward when a second instance starts', async () => {
    startDesktopApp({ outDir });
    await electronMock.emitReady();
    const window = onlyWindow();
    window.minimized = true;
    app.emit('second-instance');
    expect(window.restore).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
    expect(BrowserWindow.instances).toHaveLength(1);
  });

  it('loads the electron-vite dev server when ELECTRON_RENDERER_URL is set in an unpackaged run', async () => {
    process.env.ELECTRON_RENDERER_URL = 'http://localhost:5173';
    startDesktopApp({ outDir });
    await electronMock.emitReady();
    const window = onlyWindow();
    expect(window.loadURL).toHaveBeenCalledWith('http://localhost:5173');
    expect(window.webContents.simulateNavigation('http://localhost:5173/login').preventDefault).not.toHaveBeenCalled();
  });

  it('ignores ELECTRON_RENDERER_URL in a packaged app', async () => {
    process.env.ELECTRON_RENDERER_URL = 'https://evil.example';
    app.isPackaged = true;
    startDesktopApp({ outDir });
    await electronMock.emitReady();
    expect(onlyWindow().loadURL).toHaveBeenCalledWith('app://nova/');
  });

  it('quits when the last window closes, except on macOS', async () => {
    setPlatform('linux');
    startDesktopApp({ outDir });
    await electronMock.emitReady();
    app.emit('window-all-closed');
    expect(app.quit).toHaveBeenCalledTimes(1);

    setPlatform('darwin');
    app.emit('window-all-closed');
    expect(app.quit).toHaveBeenCalledTimes(1);
  });

  it('re-creates the window on activate when none is open', async () => {
    startDesktopApp({ outDir });
    await electronMock.emitReady();
    app.emit('activate');
    expect(BrowserWindow.instances).toHaveLength(1);

    BrowserWindow.instances[0].close();
    app.emit('activate');
    expect(BrowserWindow.getAllWindows()).toHaveLength(1);
    expect(BrowserWindow.instances).toHaveLength(2);
  });

  it('trusts IPC from the re-created window, not from the closed one', async () => {
    startDesktopApp({ outDir });
    await electronMock.emitReady();
    const first = onlyWindow();
    first.close();
    app.emit('activate');
    const second = BrowserWindow.instances[1];

    await expect(
      electronMock.invokeMain(IPC_CHANNELS.secureStoreGet, electronMock.invokeEventFrom(second.webContents), 'idToken'),
    ).resolves.toBeNull();
    await expect(
      electronMock.invokeMain(IPC_CHANNELS.secureStoreGet, electronMock.invokeEventFrom(first.webContents), 'idToken'),
    ).rejects.toThrow();
  });

  it('unregisters the global shortcut on will-quit', async () => {
    startDesktopApp({ outDir });
    await electronMock.emitReady();
    app.emit('will-quit');
    expect(globalShortcut.unregisterAll).toHaveBeenCalled();
    expect(globalShortcut.isRegistered('CommandOrControl+Shift+Space')).toBe(false);
  });

  it('denies permission requests except writing to the clipboard', async () => {
    startDesktopApp({ outDir });
    await electronMock.emitReady();
    expect(session.defaultSession.setPermissionRequestHandler).toHaveBeenCalled();
    const decide = (permission: string) => {
      let granted: boolean | undefined;
      electronMock.permissionRequestHandler!(null, permission, (value) => {
        granted = value;
      });
      return granted;
    };
    expect(decide('media')).toBe(false);
    expect(decide('geolocation')).toBe(false);
    expect(decide('openExternal')).toBe(false);
    expect(decide('clipboard-sanitized-write')).toBe(true);
  });

  it('refuses <webview> in any web contents', async () => {
    startDesktopApp({ outDir });
    const contents = new BrowserWindow().webContents;
    app.emit('web-contents-created', {}, contents);
    const event = { preventDefault: jest.fn() };
    contents.emit('will-attach-webview', event, {}, {});
    expect(event.preventDefault).toHaveBeenCalled();
  });
});
