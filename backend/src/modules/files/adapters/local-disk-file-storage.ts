import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStorage } from '../ports/file-storage';

const KEY_PATTERN = /^[0-9a-f-]{36}$/;

/** Keeps each file as `<directory>/<key>`; the embedded default (`${dataDir}/files/`). */
export class LocalDiskFileStorage extends FileStorage {
  private ready: Promise<unknown> | undefined;

  constructor(private readonly directory: string) {
    super();
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.pathOf(key);
    this.ready ??= mkdir(this.directory, { recursive: true }).catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    await this.ready;
    // Written aside and renamed, so that a reader never sees half a file.
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, bytes, { flag: 'wx', mode: 0o600 });
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Keys are server-made UUIDs; anything else must never become a path. */
  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`Clave de archivo no válida: ${key}`);
    return join(this.directory, key);
  }
}
