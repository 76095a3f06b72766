/**
 * Where the bytes of uploaded files live. The metadata stays in the `files` table; an adapter only
 * keeps bytes under a key (the file id). Local disk by default; an object store (S3) can implement
 * the same port so that several instances share the files.
 */
export abstract class FileStorage {
  /** Stores `bytes` under `key`, replacing nothing: keys are fresh UUIDs. */
  abstract put(key: string, bytes: Buffer): Promise<void>;

  /** The bytes under `key`, or null when there are none. */
  abstract get(key: string): Promise<Buffer | null>;

  /** Removes the bytes under `key`; nothing happens when there are none. */
  abstract delete(key: string): Promise<void>;
}
