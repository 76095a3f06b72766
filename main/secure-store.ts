import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { dirname } from 'node:path';
import type { SafeStorage } from 'electron';

export const SECURE_STORE_FILE_NAME = 'secure-store.json';
export const SECURE_STORAGE_UNAVAILABLE_MESSAGE = 'El almacenamiento seguro no está disponible en este sistema.';

export type SecureStoreCrypto = Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString'> &
  Partial<Pick<SafeStorage, 'getSelectedStorageBackend'>>;

export interface SecureStoreOptions {
  filePath: string;
  crypto: SecureStoreCrypto;
  platform?: NodeJS.Platform;
}

type Entries = Map<string, string>;

/**
 * Key/value strings encrypted with the OS keychain (safeStorage) and kept as base64 in a JSON file.
 * Every operation runs in order through one queue so that concurrent writes cannot interleave.
 */
export class SecureStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: SecureStoreOptions) {}

  isAvailable(): boolean {
    const { crypto, platform = process.platform } = this.options;
    if (!crypto.isEncryptionAvailable()) return false;
    // On Linux without a keyring Chromium falls back to a fixed, publicly known key ("basic_text"):
    // that is obfuscation, not encryption, so we treat it as unavailable.
    if (platform === 'linux' && crypto.getSelectedStorageBackend?.() === 'basic_text') return false;
    return true;
  }

  get(key: string): Promise<string | null> {
    return this.enqueue(async () => {
      const encoded = (await this.read()).get(key);
      if (encoded === undefined || !this.isAvailable()) return null;
      try {
        return this.options.crypto.decryptString(Buffer.from(encoded, 'base64'));
      } catch {
        // Written under another OS account or keychain: unreadable, but not worth failing the caller.
        return null;
      }
    });
  }

  set(key: string, value: string): Promise<void> {
    return this.enqueue(async () => {
      if (!this.isAvailable()) throw new Error(SECURE_STORAGE_UNAVAILABLE_MESSAGE);
      const encrypted = this.options.crypto.encryptString(value).toString('base64');
      const entries = await this.read();
      entries.set(key, encrypted);
      await this.write(entries);
    });
  }

  remove(key: string): Promise<void> {
    return this.enqueue(async () => {
      const entries = await this.read();
      if (!entries.delete(key)) return;
      await this.write(entries);
    });
  }

  private enqueue<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.queue.then(operation, operation);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async read(): Promise<Entries> {
    let text: string;
    try {
      text = await fs.readFile(this.options.filePath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
      throw error;
    }
    const entries: Entries = new Map();
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
        for (const [key, value] of Object.entries(parsed)) {
          if (typeof value === 'string') entries.set(key, value);
        }
      }
    } catch {
      console.warn(`${this.options.filePath} está dañado; se empieza vacío.`);
    }
    return entries;
  }

  private async write(entries: Entries): Promise<void> {
    const { filePath } = this.options;
    await fs.mkdir(dirname(filePath), { recursive: true });
    // Write a sibling file and rename it over the old one: a crash mid-write leaves either the old
    // or the new store, never half of one.
    const temp = `${filePath}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await fs.open(temp, 'w', 0o600);
    try {
      await handle.writeFile(JSON.stringify(Object.fromEntries(entries), null, 2), 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await fs.rename(temp, filePath);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }
}
