import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadToolSecretsKey, parseSecretsKey, TOOL_SECRETS_KEY_FILE, ToolSecrets } from './tool-secrets';

describe('tool credentials at rest', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'nova-tool-secrets-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('takes TOOL_SECRETS_KEY as 32 bytes in hex or base64, and refuses another length', () => {
    const hex = 'ab'.repeat(32);
    expect(loadToolSecretsKey({ dataDir, tools: { secretsKey: hex, allowedHosts: [] } })).toEqual(Buffer.from(hex, 'hex'));
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(parseSecretsKey(base64)).toEqual(Buffer.alloc(32, 7));
    expect(() => parseSecretsKey(Buffer.alloc(16).toString('base64'))).toThrow('La clave de las credenciales de herramientas debe tener 32 bytes (base64 o hexadecimal).');
  });

  it('without it, generates a key under DATA_DIR once (mode 0600) and reuses it', () => {
    const first = loadToolSecretsKey({ dataDir, tools: { secretsKey: null, allowedHosts: [] } });
    const again = loadToolSecretsKey({ dataDir, tools: { secretsKey: null, allowedHosts: [] } });
    expect(again).toEqual(first);
    expect(first).toHaveLength(32);
    const path = join(dataDir, TOOL_SECRETS_KEY_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8')).toBe(first.toString('base64'));
  });

  it('encrypts with AES-256-GCM: a new IV each time, and a changed byte or another key fails', () => {
    const secrets = new ToolSecrets(Buffer.alloc(32, 1));
    const sealed = secrets.encrypt('token-del-almacen');
    expect(sealed).not.toContain('token-del-almacen');
    expect(secrets.encrypt('token-del-almacen')).not.toBe(sealed);
    expect(secrets.decrypt(sealed)).toBe('token-del-almacen');
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes[bytes.length - 1] ^= 1;
    expect(() => secrets.decrypt(`v1.${bytes.toString('base64')}`)).toThrow();
    expect(() => new ToolSecrets(Buffer.alloc(32, 2)).decrypt(sealed)).toThrow();
  });
});
