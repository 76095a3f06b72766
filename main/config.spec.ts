import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_BACKEND_URL, normalizeBackendUrl } from '../preload/backend-url';
import { CONFIG_FILE_NAME, resolveBackendUrl } from './config';

describe('resolveBackendUrl', () => {
  let userDataDir: string;
  let warn: jest.Mock;

  beforeEach(() => {
    userDataDir = mkdtempSync(join(tmpdir(), 'nova-config-'));
    warn = jest.fn();
  });
  afterEach(() => rmSync(userDataDir, { recursive: true, force: true }));

  const writeConfig = (content: string) => writeFileSync(join(userDataDir, CONFIG_FILE_NAME), content);

  it('uses http://localhost:3000 when neither the environment nor config.json set an address', () => {
    expect(resolveBackendUrl({ env: {}, userDataDir, warn })).toBe('http://localhost:3000');
    expect(DEFAULT_BACKEND_URL).toBe('http://localhost:3000');
    expect(warn).not.toHaveBeenCalled();
  });

  it('takes NOVA_BACKEND_URL before config.json', () => {
    writeConfig(JSON.stringify({ backendUrl: 'https://from-file.example' }));
    expect(resolveBackendUrl({ env: { NOVA_BACKEND_URL: 'https://api.nova.example/' }, userDataDir, warn })).toBe(
      'https://api.nova.example',
    );
  });

  it('reads backendUrl from config.json in userData', () => {
    writeConfig(JSON.stringify({ backendUrl: 'https://nova.example:8443/backend/' }));
    expect(resolveBackendUrl({ env: {}, userDataDir, warn })).toBe('https://nova.example:8443/backend');
  });

  it('falls back to the default and logs when the environment value is not an http(s) URL', () => {
    writeConfig(JSON.stringify({ backendUrl: 'https://from-file.example' }));
    expect(resolveBackendUrl({ env: { NOVA_BACKEND_URL: 'file:///etc/passwd' }, userDataDir, warn })).toBe(DEFAULT_BACKEND_URL);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('NOVA_BACKEND_URL'));
  });

  it.each([['javascript:alert(1)'], ['not a url'], [42], ['https://user:secret@nova.example'], ['https://nova.example/?x=1']])(
    'falls back to the default and logs when config.json has %p',
    (backendUrl) => {
      writeConfig(JSON.stringify({ backendUrl }));
      expect(resolveBackendUrl({ env: {}, userDataDir, warn })).toBe(DEFAULT_BACKEND_URL);
      expect(warn).toHaveBeenCalledTimes(1);
    },
  );

  it('ignores a config.json that is not JSON, with a warning', () => {
    writeConfig('{ backendUrl: ');
    expect(resolveBackendUrl({ env: {}, userDataDir, warn })).toBe(DEFAULT_BACKEND_URL);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no es JSON válido'));
  });

  it('treats an empty NOVA_BACKEND_URL as unset', () => {
    writeConfig(JSON.stringify({ backendUrl: 'http://192.168.1.20:3000' }));
    expect(resolveBackendUrl({ env: { NOVA_BACKEND_URL: '  ' }, userDataDir, warn })).toBe('http://192.168.1.20:3000');
  });
});

describe('normalizeBackendUrl', () => {
  it('keeps the scheme, host, port and path without the trailing slash', () => {
    expect(normalizeBackendUrl(' http://LOCALHOST:3000/ ')).toBe('http://localhost:3000');
    expect(normalizeBackendUrl('https://nova.example/api/')).toBe('https://nova.example/api');
  });

  it('refuses anything but plain http(s)', () => {
    expect(normalizeBackendUrl('ftp://nova.example')).toBeNull();
    expect(normalizeBackendUrl('app://nova/')).toBeNull();
    expect(normalizeBackendUrl('')).toBeNull();
    expect(normalizeBackendUrl(undefined)).toBeNull();
  });
});
