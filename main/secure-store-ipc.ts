import { ipcMain } from 'electron';
import type { IpcMainInvokeEvent } from 'electron';
import { IPC_CHANNELS } from '../preload/channels';
import type { SecureStore } from './secure-store';

export const MAX_KEY_LENGTH = 256;
export const MAX_VALUE_BYTES = 64 * 1024;
export const INVALID_ARGUMENTS_MESSAGE = 'Argumentos no válidos para el almacenamiento seguro.';
export const FORBIDDEN_SENDER_MESSAGE = 'Origen no autorizado para el almacenamiento seguro.';

export type SenderCheck = (event: IpcMainInvokeEvent) => boolean;

function assertKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new Error(INVALID_ARGUMENTS_MESSAGE);
  }
}

function assertValue(value: unknown): asserts value is string {
  if (typeof value !== 'string' || Buffer.byteLength(value, 'utf8') > MAX_VALUE_BYTES) {
    throw new Error(INVALID_ARGUMENTS_MESSAGE);
  }
}

export function registerSecureStoreIpc(store: SecureStore, isTrustedSender: SenderCheck): () => void {
  const guarded =
    <R>(handler: (...args: unknown[]) => Promise<R>) =>
    (event: IpcMainInvokeEvent, ...args: unknown[]): Promise<R> => {
      if (!isTrustedSender(event)) return Promise.reject(new Error(FORBIDDEN_SENDER_MESSAGE));
      try {
        return handler(...args);
      } catch (error) {
        return Promise.reject(error);
      }
    };

  ipcMain.handle(
    IPC_CHANNELS.secureStoreGet,
    guarded((key: unknown) => {
      assertKey(key);
      return store.get(key);
    }),
  );
  ipcMain.handle(
    IPC_CHANNELS.secureStoreSet,
    guarded((key: unknown, value: unknown) => {
      assertKey(key);
      assertValue(value);
      return store.set(key, value);
    }),
  );
  ipcMain.handle(
    IPC_CHANNELS.secureStoreRemove,
    guarded((key: unknown) => {
      assertKey(key);
      return store.remove(key);
    }),
  );

  return () => {
    ipcMain.removeHandler(IPC_CHANNELS.secureStoreGet);
    ipcMain.removeHandler(IPC_CHANNELS.secureStoreSet);
    ipcMain.removeHandler(IPC_CHANNELS.secureStoreRemove);
  };
}
