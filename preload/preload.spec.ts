import type * as ElectronMock from '../test/mocks/electron';
import { createDesktopBridge, readBackendUrlArgument } from './bridge';
import { IPC_CHANNELS } from './channels';
import type { DesktopBridge } from './desktop-bridge';

/** Loads preload/index.ts as Electron would, with the given renderer command line. */
function loadPreload(argv: string[]): { mock: typeof ElectronMock; bridge: DesktopBridge } {
  const originalArgv = process.argv;
  let mock!: typeof ElectronMock;
  process.argv = argv;
  try {
    jest.isolateModules(() => {
      mock = jest.requireActual<typeof ElectronMock>('../test/mocks/electron');
      require('./index');
    });
  } finally {
    process.argv = originalArgv;
  }
  return { mock, bridge: mock.contextBridge.exposed.desktop as DesktopBridge };
}

describe('preload', () => {
  it('exposes exactly one global, `desktop`, with the four bridge members', () => {
    const { mock, bridge } = loadPreload(['/opt/Nova/nova', '--type=renderer', '--nova-backend-url=https://api.nova.example']);
    expect(mock.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
    expect(Object.keys(mock.contextBridge.exposed)).toEqual(['desktop']);
    expect(Object.keys(bridge).sort()).toEqual(['backendUrl', 'onToggleAssistant', 'platform', 'secureStorage']);
    expect(Object.keys(bridge.secureStorage).sort()).toEqual(['getItem', 'removeItem', 'setItem']);
    expect(bridge.platform).toBe(process.platform);
    expect(bridge.backendUrl).toBe('https://api.nova.example');
  });

  it('never hands the page ipcRenderer or anything with send/invoke', () => {
    const { mock, bridge } = loadPreload(['nova']);
    const reachable = JSON.stringify(bridge);
    expect(reachable).not.toContain('invoke');
    for (const value of [bridge, bridge.secureStorage]) {
      for (const member of Object.values(value)) {
        expect(member).not.toBe(mock.ipcRenderer);
      }
    }
  });
});

describe('desktop bridge', () => {
  const makeIpc = () => {
    const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
    const ipc = {
      invoke: jest.fn(async (_channel: string, ..._args: unknown[]): Promise<unknown> => undefined),
      on: jest.fn((channel: string, listener: (...args: unknown[]) => void) => {
        if (!listeners.has(channel)) listeners.set(channel, new Set());
        listeners.get(channel)!.add(listener);
      }),
      removeListener: jest.fn((channel: string, listener: (...args: unknown[]) => void) => {
        listeners.get(channel)?.delete(listener);
      }),
      emit(channel: string, ...args: unknown[]) {
        for (const listener of listeners.get(channel) ?? []) listener(...args);
      },
      count: (channel: string) => listeners.get(channel)?.size ?? 0,
    };
    return ipc;
  };

  const bridgeWith = (ipc: ReturnType<typeof makeIpc>, argv: string[] = []) =>
    createDesktopBridge({ ipcRenderer: ipc as never, argv, platform: 'linux' });

  it('calls the secure-store channels with the arguments given', async () => {
    const ipc = makeIpc();
    ipc.invoke.mockResolvedValueOnce('token-1');
    const bridge = bridgeWith(ipc);

    await expect(bridge.secureStorage.getItem('idToken')).resolves.toBe('token-1');
    await expect(bridge.secureStorage.setItem('idToken', 'token-2')).resolves.toBeUndefined();
    await expect(bridge.secureStorage.removeItem('idToken')).resolves.toBeUndefined();

    expect(ipc.invoke.mock.calls).toEqual([
      [IPC_CHANNELS.secureStoreGet, 'idToken'],
      [IPC_CHANNELS.secureStoreSet, 'idToken', 'token-2'],
      [IPC_CHANNELS.secureStoreRemove, 'idToken'],
    ]);
  });

  it('gives getItem null for anything that is not a string', async () => {
    const ipc = makeIpc();
    ipc.invoke.mockResolvedValueOnce(undefined);
    await expect(bridgeWith(ipc).secureStorage.getItem('x')).resolves.toBeNull();
  });

  it("rejects with main's message, without Electron's remote-method wrapper", async () => {
    const ipc = makeIpc();
    ipc.invoke.mockRejectedValueOnce(
      new Error("Error invoking remote method 'secure-store:set': Error: El almacenamiento seguro no está disponible en este sistema."),
    );
    await expect(bridgeWith(ipc).secureStorage.setItem('idToken', 't')).rejects.toThrow(
      /^El almacenamiento seguro no está disponible en este sistema\.$/,
    );
  });

  it('calls toggle listeners with no arguments (the IPC event never reaches the page)', () => {
    const ipc = makeIpc();
    const listener = jest.fn();
    bridgeWith(ipc).onToggleAssistant(listener);

    ipc.emit(IPC_CHANNELS.toggleAssistant, { sender: 'ipcRenderer', ports: [] }, 'extra');

    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith();
  });

  it('stops calling the listener after unsubscribe, and unsubscribe is idempotent', () => {
    const ipc = makeIpc();
    const bridge = bridgeWith(ipc);
    const kept = jest.fn();
    const dropped = jest.fn();
    bridge.onToggleAssistant(kept);
    const unsubscribe = bridge.onToggleAssistant(dropped);

    unsubscribe();
    unsubscribe();
    ipc.emit(IPC_CHANNELS.toggleAssistant, {});

    expect(dropped).not.toHaveBeenCalled();
    expect(kept).toHaveBeenCalledTimes(1);
    expect(ipc.count(IPC_CHANNELS.toggleAssistant)).toBe(1);
    expect(ipc.removeListener).toHaveBeenCalledTimes(1);
  });

  it('refuses a non-function listener', () => {
    expect(() => bridgeWith(makeIpc()).onToggleAssistant('alert(1)' as never)).toThrow(TypeError);
  });

  it('works end to end with the electron mock: main sends assistant:toggle, the page listener runs', () => {
    const { mock, bridge } = loadPreload(['nova']);
    const listener = jest.fn();
    const unsubscribe = bridge.onToggleAssistant(listener);
    mock.electronMock.sendToRenderer('assistant:toggle');
    unsubscribe();
    mock.electronMock.sendToRenderer('assistant:toggle');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith();
    expect(mock.ipcRenderer.listenerCount('assistant:toggle')).toBe(0);
  });
});

describe('readBackendUrlArgument', () => {
  it('reads --nova-backend-url= and falls back to the default when absent or invalid', () => {
    expect(readBackendUrlArgument(['x', '--nova-backend-url=http://10.0.0.5:3000/'])).toBe('http://10.0.0.5:3000');
    expect(readBackendUrlArgument(['x'])).toBe('http://localhost:3000');
    expect(readBackendUrlArgument(['--nova-backend-url=javascript:alert(1)'])).toBe('http://localhost:3000');
  });
});
