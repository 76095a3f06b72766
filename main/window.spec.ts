import { BACKEND_URL_ARGUMENT_PREFIX } from '../preload/channels';
import { BrowserWindow, electronMock, shell } from '../test/mocks/electron';
import { createMainWindow } from './window';

function openWindow(allowedOrigins = ['app://nova']): BrowserWindow {
  createMainWindow({
    preloadPath: '/opt/nova/out/preload/index.js',
    startUrl: 'app://nova/',
    backendUrl: 'https://api.nova.example',
    allowedOrigins,
  });
  return BrowserWindow.instances[BrowserWindow.instances.length - 1];
}

describe('main window', () => {
  beforeEach(() => electronMock.reset());

  it('is created with isolated, sandboxed, Node-free web preferences and our preload', () => {
    const window = openWindow();
    expect(window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      preload: '/opt/nova/out/preload/index.js',
    });
    expect(window.options.webPreferences.nodeIntegrationInSubFrames).not.toBe(true);
    expect(window.options.webPreferences.webviewTag).not.toBe(true);
  });

  it('passes the backend address to the preload as a command-line switch', () => {
    const window = openWindow();
    expect(window.options.webPreferences.additionalArguments).toEqual([`${BACKEND_URL_ARGUMENT_PREFIX}https://api.nova.example`]);
  });

  it('loads the start URL and shows the window once it is ready to paint', () => {
    const window = openWindow();
    expect(window.loadURL).toHaveBeenCalledWith('app://nova/');
    expect(window.visible).toBe(false);
    window.emit('ready-to-show');
    expect(window.show).toHaveBeenCalled();
  });

  it('opens http(s) links from window.open in the browser and denies the new window', () => {
    const window = openWindow();
    expect(window.webContents.simulateWindowOpen('https://stripe.com/legal')).toEqual({ action: 'deny' });
    expect(shell.openExternal).toHaveBeenCalledWith('https://stripe.com/legal');
    expect(BrowserWindow.instances).toHaveLength(1);
  });

  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'smb://server/share', 'app://nova/otra'])(
    'denies window.open(%s) without opening anything',
    (url) => {
      const window = openWindow();
      expect(window.webContents.simulateWindowOpen(url)).toEqual({ action: 'deny' });
      expect(shell.openExternal).not.toHaveBeenCalled();
    },
  );

  it('keeps navigation inside the app and sends web links to the browser', () => {
    const window = openWindow();

    const inside = window.webContents.simulateNavigation('app://nova/login');
    expect(inside.preventDefault).not.toHaveBeenCalled();

    const outside = window.webContents.simulateNavigation('https://evil.example/phish');
    expect(outside.preventDefault).toHaveBeenCalled();
    expect(shell.openExternal).toHaveBeenCalledWith('https://evil.example/phish');

    const redirect = window.webContents.simulateNavigation('http://tracker.example/', 'will-redirect');
    expect(redirect.preventDefault).toHaveBeenCalled();
  });

  it('blocks navigation to non-web schemes without opening them', () => {
    const window = openWindow();
    const event = window.webContents.simulateNavigation('file:///home/user/.ssh/id_rsa');
    expect(event.preventDefault).toHaveBeenCalled();
    expect(shell.openExternal).not.toHaveBeenCalled();
  });

  it('allows the dev server origin when that is what the window shows', () => {
    const window = openWindow(['http://localhost:5173']);
    expect(window.webContents.simulateNavigation('http://localhost:5173/chat').preventDefault).not.toHaveBeenCalled();
    expect(window.webContents.simulateNavigation('http://localhost:3000/api').preventDefault).toHaveBeenCalled();
  });

  it('logs instead of crashing when the browser cannot be opened', async () => {
    const error = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    shell.openExternal.mockRejectedValueOnce(new Error('no browser'));
    const window = openWindow();
    window.webContents.simulateWindowOpen('https://nova.example');
    await new Promise((resolve) => setImmediate(resolve));
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
