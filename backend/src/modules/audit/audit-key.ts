import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../../config/app-config';

/** The injection token of the audit chain's HMAC key (a Buffer). */
export const AUDIT_HMAC_KEY = Symbol('AUDIT_HMAC_KEY');

export const AUDIT_KEY_FILE = 'audit-hmac.key';

/**
 * The key the audit chain is signed with, kept outside the database so that whoever can edit the
 * rows cannot recompute their hashes: AUDIT_HMAC_KEY, which every instance of a deployment must
 * share; or, without it, a random key written once to `<dataDir>/audit-hmac.key` (readable by the
 * server's user only), which serves one machine.
 */
export function loadAuditKey(config: Pick<AppConfig, 'auditHmacKey' | 'dataDir'>): Buffer {
  if (config.auditHmacKey !== null) return Buffer.from(config.auditHmacKey, 'utf8');
  const path = join(config.dataDir, AUDIT_KEY_FILE);
  mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx': of two processes starting at once, one writes the key and the other reads it.
    writeFileSync(path, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = readFileSync(path, 'utf8').trim();
  if (key.length < 32) throw new Error(`La clave del registro de auditoría (${path}) está vacía o incompleta.`);
  return Buffer.from(key, 'utf8');
}
