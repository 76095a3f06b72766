import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../../config/app-config';

export const TOOL_SECRETS_KEY_FILE = 'tool-secrets.key';

/** 32 bytes from base64 (standard or url-safe) or 64 hex digits. */
export function parseSecretsKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (key.length !== 32) throw new Error('La clave de las credenciales de herramientas debe tener 32 bytes (base64 o hexadecimal).');
  return key;
}

/**
 * The key tool credentials are encrypted with: TOOL_SECRETS_KEY, which every instance of a
 * deployment must share; or, without it, a random one written once to `<dataDir>/tool-secrets.key`
 * (mode 0600) and reused.
 */
export function loadToolSecretsKey(config: Pick<AppConfig, 'tools' | 'dataDir'>): Buffer {
  if (config.tools.secretsKey !== null) return parseSecretsKey(config.tools.secretsKey);
  const path = join(config.dataDir, TOOL_SECRETS_KEY_FILE);
  mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx': of two processes starting at once, one writes the key and the other reads it.
    writeFileSync(path, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseSecretsKey(readFileSync(path, 'utf8'));
}

/** AES-256-GCM: 'v1.' + base64(iv ‖ tag ‖ ciphertext). */
export class ToolSecrets {
  constructor(private readonly key: Buffer) {}

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
  }

  decrypt(sealed: string): string {
    if (!sealed.startsWith('v1.')) throw new Error('Credencial cifrada no reconocida');
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  }
}
