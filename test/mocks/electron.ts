// Hand-written stand-in for the `electron` module in the desktop Jest project (the real package
// needs its binary). It covers only what main/ and preload/ use, behaves like Electron where our
// code depends on it (handlers are stored and can be invoked, events are emitted, safeStorage
// really transforms bytes), and is steered from tests through `electronMock`.
import { EventEmitter } from 'node:events';

type AnyFunction = (...args: any[]) => any;

const resettable: Array<{ fn: jest.Mock; impl: AnyFunction }> = [];

/** A jest.fn whose default behaviour comes back on `electronMock.reset()`. */
function mockFn<T extends AnyFunction>(impl: T): jest.Mock<ReturnType<T>, Parameters<T>> {
  const fn = jest.fn(impl) as unknown as jest.Mock<ReturnType<T>, Parameters<T>>;
  resettable.push({ fn, impl });
  return fn;
}

interface MockState {
  encryptionAvailable: boolean;
  storageBackend: 'basic_text' | 'gnome_libsecret' | 'kwallet' | 'kwallet5' | 'kwallet6' | 'unknown';
  singleInstanceLock: boolean;
  paths: Record<string, string>;
  /** Accelerators another application already owns: registering them fails. */
  takenAccelerators: Set<string>;
}

function initialState(): MockState {
  return {
    encryptionAvailable: true,
    storageBackend: 'gnome_libsecret',
    singleInstanceLock: true,
    paths: { userData: '/tmp/nova-user-data', home: '/tmp', temp: '/tmp' },
    takenAccelerators: new Set(),
  };
}

const state: MockState = initialState();

// ---------------------------------------------------------------------------------------------
// Events

export interface MockEvent {
  preventDefault: jest.Mock;
  readonly defaultPrevented: boolean;
}

export function createEvent<P extends object>(params: P = {} as P): MockEvent & P {
  let prevented = false;
  return {
    ...params,
    preventDefault: jest.fn(() => {
      prevented = true;
    }),
    get defaultPrevented() {
      return prevented;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// BrowserWindow / webContents

export interface MockWebFrame {
  url: string;
  parent: MockWebFrame | null;
}

export interface MockHandlerDetails {
  url: string;
  frameName: string;
  features: string;
  disposition: 'default' | 'foreground-tab' | 'background-tab' | 'new-window' | 'other';
}

let nextWebContentsId = 1;

export class MockWebContents extends EventEmitter {
  readonly id = nextWebContentsId++;
  readonly mainFrame: MockWebFrame = { url: '', parent: null };
  windowOpenHandler: ((details: MockHandlerDetails) => { action: 'allow' | 'deny' }) | undefined;
  destroyed = false;

  send = jest.fn((_channel: string, ..._args: unknown[]) => undefined);
  setWindowOpenHandler = jest.fn((handler: (details: MockHandlerDetails) => { action: 'allow' | 'deny' }) => {
    this.windowOpenHandler = handler;
  });
  isDestroyed = jest.fn(() => this.destroyed);
  getURL = jest.fn(() => this.mainFrame.url);

  /** What Chromium does on window.open / target=_blank: ask the handler. */
  simulateWindowOpen(url: string): { action: 'allow' | 'deny' } {
    if (!this.windowOpenHandler) return { action: 'allow' };
    return this.windowOpenHandler({ url, frameName: '', features: '', disposition: 'foreground-tab' });
  }

  /** Emits will-navigate (or will-redirect) like Electron 40 and returns the event. */
  simulateNavigation(url: string, kind: 'will-navigate' | 'will-redirect' = 'will-navigate') {
    const event = createEvent({ url, isSameDocument: false, isMainFrame: true, frame: this.mainFrame });
    this.emit(kind, event, url);
    return event;
  }
}

export class BrowserWindow extends EventEmitter {
  static instances: BrowserWindow[] = [];
  static getAllWindows = jest.fn(() => BrowserWindow.instances.filter((window) => !window.destroyed));

  readonly options: Record<string, any>;
  readonly webContents = new MockWebContents();
  destroyed = false;
  visible = false;
  minimized = false;

  constructor(options: Record<string, any> = {}) {
    super();
    this.options = options;
    this.visible = options.show !== false;
    BrowserWindow.instances.push(this);
  }

  loadURL = jest.fn(async (url: string) => {
    this.webContents.mainFrame.url = url;
  });
  show = jest.fn(() => {
    this.visible = true;
  });
  hide = jest.fn(() => {
    this.visible = false;
  });
  focus = jest.fn(() => undefined);
  restore = jest.fn(() => {
    this.minimized = false;
  });
  minimize = jest.fn(() => {
    this.minimized = true;
  });
  isMinimized = jest.fn(() => this.minimized);
  isVisible = jest.fn(() => this.visible);
  isDestroyed = jest.fn(() => this.destroyed);
  close = jest.fn(() => {
    if (this.destroyed) return;
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.emit('closed');
  });
}

// ---------------------------------------------------------------------------------------------
// app

let resolveReady: () => void = () => undefined;
let readyPromise: Promise<void> = Promise.resolve();
let ready = false;

function armReady(): void {
  ready = false;
  readyPromise = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });
}
armReady();

class MockApp extends EventEmitter {
  isPackaged = false;
  whenReady = mockFn(() => readyPromise);
  isReady = mockFn(() => ready);
  quit = mockFn(() => undefined);
  requestSingleInstanceLock = mockFn(() => state.singleInstanceLock);
  getPath = mockFn((name: string) => {
    const path = state.paths[name];
    if (!path) throw new Error(`Failed to get '${name}' path`);
    return path;
  });
}

export const app = new MockApp();

// ---------------------------------------------------------------------------------------------
// IPC

export interface MockInvokeEvent extends MockEvent {
  sender: MockWebContents;
  senderFrame: MockWebFrame | null;
  frameId: number;
  processId: number;
}

class MockIpcMain extends EventEmitter {
  readonly handlers = new Map<string, AnyFunction>();
  handle = mockFn((channel: string, listener: AnyFunction) => {
    if (this.handlers.has(channel)) {
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    }
    this.handlers.set(channel, listener);
  });
  removeHandler = mockFn((channel: string) => {
    this.handlers.delete(channel);
  });
}

export const ipcMain = new MockIpcMain();

class MockIpcRenderer extends EventEmitter {
  invoke = mockFn(async (_channel: string, ..._args: unknown[]): Promise<unknown> => undefined);
}

export const ipcRenderer = new MockIpcRenderer();

export const contextBridge = {
  exposed: {} as Record<string, unknown>,
  exposeInMainWorld: mockFn((apiKey: string, api: unknown) => {
    if (apiKey in contextBridge.exposed) throw new Error(`Cannot bind an API on top of an existing property on the window object`);
    contextBridge.exposed[apiKey] = api;
  }),
};

// ---------------------------------------------------------------------------------------------
// safeStorage: a reversible transform with a marker, so tests can tell ciphertext from plain text

const CIPHER_MARKER = Buffer.from('v11');
const CIPHER_KEY = 0x5a;

export const safeStorage = {
  isEncryptionAvailable: mockFn(() => state.encryptionAvailable),
  getSelectedStorageBackend: mockFn(() => state.storageBackend),
  encryptString: mockFn((plainText: string): Buffer => {
    if (!state.encryptionAvailable) {
      throw new Error('Error while encrypting the text provided to safeStorage.encryptString. Encryption is not available.');
    }
    const bytes = Buffer.from(plainText, 'utf8').map((byte) => byte ^ CIPHER_KEY);
    return Buffer.concat([CIPHER_MARKER, bytes]);
  }),
  decryptString: mockFn((encrypted: Buffer): string => {
    if (!state.encryptionAvailable) {
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString. Decryption is not available.');
    }
    if (!Buffer.isBuffer(encrypted) || !encrypted.subarray(0, CIPHER_MARKER.length).equals(CIPHER_MARKER)) {
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    }
    return Buffer.from(encrypted.subarray(CIPHER_MARKER.length).map((byte) => byte ^ CIPHER_KEY)).toString('utf8');
  }),
};

// ---------------------------------------------------------------------------------------------
// shell, globalShortcut, protocol, net, session

export const shell = {
  openExternal: mockFn(async (_url: string, _options?: unknown): Promise<void> => undefined),
};

const shortcuts = new Map<string, () => void>();

export const globalShortcut = {
  register: mockFn((accelerator: string, callback: () => void): boolean => {
    if (state.takenAccelerators.has(accelerator) || shortcuts.has(accelerator)) return false;
    shortcuts.set(accelerator, callback);
    return true;
  }),
  unregister: mockFn((accelerator: string) => {
    shortcuts.delete(accelerator);
  }),
  unregisterAll: mockFn(() => {
    shortcuts.clear();
  }),
  isRegistered: mockFn((accelerator: string) => shortcuts.has(accelerator)),
};

type ProtocolHandler = (request: Request) => Response | Promise<Response>;
const protocolHandlers = new Map<string, ProtocolHandler>();

export const protocol = {
  registerSchemesAsPrivileged: mockFn((_schemes: Array<{ scheme: string; privileges?: Record<string, boolean> }>) => {
    if (ready) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
  }),
  handle: mockFn((scheme: string, handler: ProtocolHandler) => {
    if (protocolHandlers.has(scheme)) throw new Error(`Failed to register protocol: ${scheme}`);
    protocolHandlers.set(scheme, handler);
  }),
  isProtocolHandled: mockFn((scheme: string) => protocolHandlers.has(scheme)),
};

export const net = {
  fetch: mockFn(async (_input: string | Request, _init?: RequestInit): Promise<Response> => {
    throw new Error('net.fetch no está simulado en esta prueba');
  }),
};

type PermissionRequestHandler = (contents: unknown, permission: string, callback: (granted: boolean) => void, details?: unknown) => void;
let permissionRequestHandler: PermissionRequestHandler | null = null;

export const session = {
  defaultSession: {
    setPermissionRequestHandler: mockFn((handler: PermissionRequestHandler | null) => {
      permissionRequestHandler = handler;
    }),
    setPermissionCheckHandler: mockFn((_handler: unknown) => undefined),
  },
};

// ---------------------------------------------------------------------------------------------
// Test controls

export const electronMock = {
  state,

  /** Back to a fresh Electron: no windows, handlers, shortcuts; encryption available; not ready. */
  reset(): void {
    Object.assign(state, initialState());
    for (const { fn, impl } of resettable) {
      fn.mockReset();
      fn.mockImplementation(impl);
    }
    BrowserWindow.instances = [];
    BrowserWindow.getAllWindows.mockClear();
    app.removeAllListeners();
    app.isPackaged = false;
    ipcMain.handlers.clear();
    ipcMain.removeAllListeners();
    ipcRenderer.removeAllListeners();
    contextBridge.exposed = {};
    shortcuts.clear();
    protocolHandlers.clear();
    permissionRequestHandler = null;
    armReady();
  },

  /** Fires `ready` and resolves `app.whenReady()`, then lets the `.then` callbacks run. */
  async emitReady(): Promise<void> {
    ready = true;
    resolveReady();
    app.emit('ready');
    await new Promise((resolve) => setImmediate(resolve));
  },

  /** Calls the ipcMain.handle handler as Electron would for `ipcRenderer.invoke` from `event.sender`. */
  async invokeMain(channel: string, event: MockInvokeEvent, ...args: unknown[]): Promise<unknown> {
    const handler = ipcMain.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler(event, ...args);
  },

  /** An invoke event coming from the top frame of `contents` (override the frame to simulate iframes). */
  invokeEventFrom(contents: MockWebContents, senderFrame: MockWebFrame | null = contents.mainFrame): MockInvokeEvent {
    return Object.assign(createEvent(), { sender: contents, senderFrame, frameId: 1, processId: 1 });
  },

  /** Delivers `channel` to ipcRenderer listeners as webContents.send would. */
  sendToRenderer(channel: string, ...args: unknown[]): void {
    ipcRenderer.emit(channel, Object.assign(createEvent(), { sender: ipcRenderer, ports: [] }), ...args);
  },

  /** Presses a registered global shortcut; returns false if nothing is registered for it. */
  pressShortcut(accelerator: string): boolean {
    const callback = shortcuts.get(accelerator);
    if (!callback) return false;
    callback();
    return true;
  },

  /** Sends a request through the handler registered with protocol.handle. */
  async request(url: string, init?: RequestInit): Promise<Response> {
    const scheme = new URL(url).protocol.slice(0, -1);
    const handler = protocolHandlers.get(scheme);
    if (!handler) throw new Error(`No protocol handler for '${scheme}'`);
    return handler(new Request(url, init));
  },

  get permissionRequestHandler(): PermissionRequestHandler | null {
    return permissionRequestHandler;
  },
};

export default {
  app,
  BrowserWindow,
  ipcMain,
  ipcRenderer,
  contextBridge,
  safeStorage,
  shell,
  globalShortcut,
  protocol,
  net,
  session,
};
