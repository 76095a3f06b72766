import { IPC_CHANNELS } from '../preload/channels';
import { BrowserWindow, electronMock, globalShortcut } from '../test/mocks/electron';
import { registerAssistantShortcut, TOGGLE_ASSISTANT_ACCELERATOR, unregisterShortcuts } from './shortcuts';

describe('assistant shortcut', () => {
  beforeEach(() => electronMock.reset());

  it('is CommandOrControl+Shift+Space', () => {
    expect(TOGGLE_ASSISTANT_ACCELERATOR).toBe('CommandOrControl+Shift+Space');
  });

  it('shows and focuses the window, then sends assistant:toggle', () => {
    const window = new BrowserWindow({ show: false });
    window.minimized = true;
    expect(registerAssistantShortcut(() => window as never)).toBe(true);

    expect(electronMock.pressShortcut('CommandOrControl+Shift+Space')).toBe(true);

    expect(window.restore).toHaveBeenCalled();
    expect(window.show).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
    expect(window.webContents.send).toHaveBeenCalledWith('assistant:toggle');
    expect(IPC_CHANNELS.toggleAssistant).toBe('assistant:toggle');
    expect(window.focus.mock.invocationCallOrder[0]).toBeLessThan(window.webContents.send.mock.invocationCallOrder[0]);
  });

  it('does nothing when there is no live window', () => {
    registerAssistantShortcut(() => null);
    expect(() => electronMock.pressShortcut(TOGGLE_ASSISTANT_ACCELERATOR)).not.toThrow();

    const closed = new BrowserWindow();
    closed.close();
    electronMock.reset();
    registerAssistantShortcut(() => closed as never);
    electronMock.pressShortcut(TOGGLE_ASSISTANT_ACCELERATOR);
    expect(closed.webContents.send).not.toHaveBeenCalled();
  });

  it('reports false, with a warning, when another application owns the shortcut', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    electronMock.state.takenAccelerators.add(TOGGLE_ASSISTANT_ACCELERATOR);
    expect(registerAssistantShortcut(() => null)).toBe(false);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('is gone after unregisterShortcuts', () => {
    registerAssistantShortcut(() => null);
    unregisterShortcuts();
    expect(globalShortcut.isRegistered(TOGGLE_ASSISTANT_ACCELERATOR)).toBe(false);
  });
});
