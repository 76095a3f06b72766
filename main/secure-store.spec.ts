import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IPC_CHANNELS } from '../preload/channels';
import { BrowserWindow, electronMock, ipcMain, safeStorage } from '../test/mocks/electron';
import { SECURE_STORAGE_UNAVAILABLE_MESSAGE, SECURE_STORE_FILE_NAME, SecureStore } from './secure-store';
import { FORBIDDEN_SENDER_MESSAGE, INVALID_ARGUMENTS_MESSAGE, MAX_VALUE_BYTES, registerSecureStoreIpc } from './secure-store-ipc';
import { isTrustedSender } from './sender';

const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.secreto-del-usuario.firma';

describe('SecureStore', () => {
  let dir: string;
  let filePath: string;
  let store: SecureStore;

  beforeEach(() => {
    electronMock.reset();
    dir = mkdtempSync(join(tmpdir(), 'nova-secure-'));
    filePath = join(dir, SECURE_STORE_FILE_NAME);
    store = new SecureStore({ filePath, crypto: safeStorage, platform: 'linux' });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('round-trips values and keeps only ciphertext on disk', async () => {
    await store.set('idToken', TOKEN);
    await store.set('refreshToken', 'r-123');

    expect(await store.get('idToken')).toBe(TOKEN);
    expect(await store.get('refreshToken')).toBe('r-123');
    const onDisk = readFileSync(filePath, 'utf8');
    expect(onDisk).not.toContain(TOKEN);
    expect(onDisk).not.toContain('secreto-del-usuario');
    expect(onDisk).not.toContain('r-123');
    const parsed = JSON.parse(onDisk) as Record<string, string>;
    expect(safeStorage.decryptString(Buffer.from(parsed.idToken, 'base64'))).toBe(TOKEN);
  });

  it('returns null for unknown keys and forgets removed ones', async () => {
    expect(await store.get('nada')).toBeNull();
    await store.set('idToken', TOKEN);
    await store.remove('idToken');
    expect(await store.get('idToken')).toBeNull();
    expect(readFileSync(filePath, 'utf8')).not.toContain('idToken');
  });

  it('refuses to store anything when encryption is unavailable', async () => {
    electronMock.state.encryptionAvailable = false;
    await expect(store.set('idToken', TOKEN)).rejects.toThrow(SECURE_STORAGE_UNAVAILABLE_MESSAGE);
    expect(readdirSync(dir)).toEqual([]);
    expect(safeStorage.encryptString).not.toHaveBeenCalled();
  });

  it("treats Linux's basic_text backend (a fixed, public key) as unavailable", async () => {
    electronMock.state.storageBackend = 'basic_text';
    await expect(store.set('idToken', TOKEN)).rejects.toThrow(SECURE_STORAGE_UNAVAILABLE_MESSAGE);
    const onMac = new SecureStore({ filePath, crypto: safeStorage, platform: 'darwin' });
    await expect(onMac.set('idToken', TOKEN)).resolves.toBeUndefined();
  });

  it('returns null for entries it cannot decrypt', async () => {
    writeFileSync(filePath, JSON.stringify({ idToken: Buffer.from('not ciphertext').toString('base64') }));
    expect(await store.get('idToken')).toBeNull();
  });

  it('starts empty when the file is corrupt, and rewrites it on the next set', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    writeFileSync(filePath, '{"idToken": ');
    expect(await store.get('idToken')).toBeNull();
    await store.set('idToken', TOKEN);
    expect(await store.get('idToken')).toBe(TOKEN);
    warn.mockRestore();
  });

  it('writes atomically: concurrent sets all land and no temp file is left behind', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, index) => store.set(`key-${index}`, `value-${index}`)));
    for (let index = 0; index < 20; index += 1) {
      expect(await store.get(`key-${index}`)).toBe(`value-${index}`);
    }
    expect(readdirSync(dir)).toEqual([SECURE_STORE_FILE_NAME]);
  });

  it('keeps "__proto__" as an ordinary key', async () => {
    await store.set('__proto__', 'x');
    expect(await store.get('__proto__')).toBe('x');
    expect(await store.get('constructor')).toBeNull();
  });
});

describe('secure store IPC', () => {
  let dir: string;
  let filePath: string;
  let window: BrowserWindow;
  const ORIGINS = ['app://nova'];

  beforeEach(() => {
    electronMock.reset();
    dir = mkdtempSync(join(tmpdir(), 'nova-secure-ipc-'));
    filePath = join(dir, SECURE_STORE_FILE_NAME);
    window = new BrowserWindow();
    window.webContents.mainFrame.url = 'app://nova/login';
    const store = new SecureStore({ filePath, crypto: safeStorage, platform: 'linux' });
    registerSecureStoreIpc(store, (event) => isTrustedSender(event, window as never, ORIGINS));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const fromWindow = () => electronMock.invokeEventFrom(window.webContents);

  it('registers get, set and remove handlers', () => {
    expect([...ipcMain.handlers.keys()].sort()).toEqual(
      [IPC_CHANNELS.secureStoreGet, IPC_CHANNELS.secureStoreRemove, IPC_CHANNELS.secureStoreSet].sort(),
    );
  });

  it('round-trips a value for our window', async () => {
    await electronMock.invokeMain(IPC_CHANNELS.secureStoreSet, fromWindow(), 'idToken', TOKEN);
    expect(readFileSync(filePath, 'utf8')).not.toContain(TOKEN);
    await expect(electronMock.invokeMain(IPC_CHANNELS.secureStoreGet, fromWindow(), 'idToken')).resolves.toBe(TOKEN);
    await electronMock.invokeMain(IPC_CHANNELS.secureStoreRemove, fromWindow(), 'idToken');
    await expect(electronMock.invokeMain(IPC_CHANNELS.secureStoreGet, fromWindow(), 'idToken')).resolves.toBeNull();
  });

  it('rejects with the Spanish message when encryption is unavailable, storing nothing', async () => {
    electronMock.state.encryptionAvailable = false;
    await expect(electronMock.invokeMain(IPC_CHANNELS.secureStoreSet, fromWindow(), 'idToken', TOKEN)).rejects.toThrow(
      'El almacenamiento seguro no está disponible en este sistema.',
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('rejects other windows', async () => {
    const stranger = new BrowserWindow();
    stranger.webContents.mainFrame.url = 'app://nova/';
    const event = electronMock.invokeEventFrom(stranger.webContents);
    await expect(electronMock.invokeMain(IPC_CHANNELS.secureStoreSet, event, 'idToken', TOKEN)).rejects.toThrow(FORBIDDEN_SENDER_MESSAGE);
    await expect(electronMock.invokeMain(IPC_CHANNELS.secureStoreGet, event, 'idToken')).rejects.toThrow(FORBIDDEN_SENDER_MESSAGE);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('rejects subframes and pages from other origins inside our window', async () => {
    const iframe = { url: 'app://nova/embed', parent: window.webContents.mainFrame };
    await expect(
      electronMock.invokeMain(IPC_CHANNELS.secureStoreGet, electronMock.invokeEventFrom(window.webContents, iframe), 'idToken'),
    ).rejects.toThrow(FORBIDDEN_SENDER_MESSAGE);

    window.webContents.mainFrame.url = 'https://evil.example/';
    await expect(electronMock.invokeMain(IPC_CHANNELS.secureStoreGet, fromWindow(), 'idToken')).rejects.toThrow(FORBIDDEN_SENDER_MESSAGE);

    await expect(
      electronMock.invokeMain(IPC_CHANNELS.secureStoreGet, electronMock.invokeEventFrom(window.webContents, null), 'idToken'),
    ).rejects.toThrow(FORBIDDEN_SENDER_MESSAGE);
  });

  it('rejects once our window is closed', async () => {
    window.close();
    await expect(electronMock.invokeMain(IPC_CHANNELS.secureStoreGet, fromWindow(), 'idToken')).rejects.toThrow(FORBIDDEN_SENDER_MESSAGE);
  });

  it.each<[string, unknown[]]>([
    ['a non-string key', [42, 'v']],
    ['an empty key', ['', 'v']],
    ['a key over 256 characters', ['k'.repeat(257), 'v']],
    ['a non-string value', ['idToken', { token: 'x' }]],
    ['a missing value', ['idToken']],
    ['a value over 64 KiB', ['idToken', 'x'.repeat(MAX_VALUE_BYTES + 1)]],
    ['a value over 64 KiB once encoded as UTF-8', ['idToken', 'ñ'.repeat(MAX_VALUE_BYTES / 2 + 1)]],
  ])('set rejects %s', async (_label, args) => {
    await expect(electronMock.invokeMain(IPC_CHANNELS.secureStoreSet, fromWindow(), ...args)).rejects.toThrow(INVALID_ARGUMENTS_MESSAGE);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('accepts the limits themselves', async () => {
    const key = 'k'.repeat(256);
    const value = 'x'.repeat(MAX_VALUE_BYTES);
    await electronMock.invokeMain(IPC_CHANNELS.secureStoreSet, fromWindow(), key, value);
    await expect(electronMock.invokeMain(IPC_CHANNELS.secureStoreGet, fromWindow(), key)).resolves.toBe(value);
  });

  it.each([[IPC_CHANNELS.secureStoreGet], [IPC_CHANNELS.secureStoreRemove]])('%s rejects a bad key', async (channel) => {
    await expect(electronMock.invokeMain(channel, fromWindow(), null)).rejects.toThrow(INVALID_ARGUMENTS_MESSAGE);
    await expect(electronMock.invokeMain(channel, fromWindow(), 'k'.repeat(300))).rejects.toThrow(INVALID_ARGUMENTS_MESSAGE);
  });
});
