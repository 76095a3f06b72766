import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { electronMock, protocol } from '../test/mocks/electron';
import { APP_SCHEME, createAppRequestHandler, handleAppProtocol, registerAppScheme } from './protocol';

const CSP = "default-src 'self'";

describe('app:// protocol', () => {
  let base: string;
  let root: string;
  let handle: (request: Request) => Promise<Response>;

  beforeEach(() => {
    electronMock.reset();
    base = mkdtempSync(join(tmpdir(), 'nova-protocol-'));
    root = join(base, 'renderer');
    mkdirSync(join(root, 'static', 'js'), { recursive: true });
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Inicio</title>');
    writeFileSync(join(root, 'static', 'js', 'main-abc.js'), 'console.log("hola")');
    writeFileSync(join(base, 'secret.txt'), 'do not serve');
    handle = createAppRequestHandler({ rootDir: root, contentSecurityPolicy: CSP });
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  const get = (url: string, init?: RequestInit) => handle(new Request(url, init));

  it('registers app as a standard, secure, fetch-capable scheme', () => {
    registerAppScheme();
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
  });

  it('serves built files with their content type and the Content-Security-Policy', async () => {
    const response = await get('app://nova/static/js/main-abc.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(CSP);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe('console.log("hola")');
  });

  it('serves index.html at the root', async () => {
    const response = await get('app://nova/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(CSP);
    expect(await response.text()).toContain('<title>Inicio</title>');
  });

  it.each(['app://nova/login', 'app://nova/chat/123?agent=7', 'app://nova/mi-perfil/', 'app://nova/static'])(
    'falls back to index.html for the client-side route %s',
    async (url) => {
      const response = await get(url);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>Inicio</title>');
    },
  );

  it('answers 404 for a missing hashed asset instead of handing back HTML', async () => {
    const response = await get('app://nova/static/js/gone-123.js');
    expect(response.status).toBe(404);
  });

  it.each([
    'app://nova/%2e%2e/secret.txt',
    'app://nova/static/..%2f..%2f..%2fsecret.txt',
    'app://nova/..%5c..%5csecret.txt',
    'app://nova/%2E%2E%2Fsecret.txt',
  ])('never serves a file above the build for %s', async (url) => {
    const response = await get(url);
    expect(await response.text()).not.toContain('do not serve');
  });

  it('refuses encoded parent segments with 403', async () => {
    const response = await get('app://nova/static/..%2f..%2fsecret.txt');
    expect(response.status).toBe(403);
  });

  it('refuses a symlink that points outside the build', async () => {
    symlinkSync(join(base, 'secret.txt'), join(root, 'leak.txt'));
    const response = await get('app://nova/leak.txt');
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain('do not serve');
  });

  it('only answers for the nova host and for GET/HEAD', async () => {
    expect((await get('app://other/index.html')).status).toBe(404);
    expect((await get('app://nova/', { method: 'POST', body: 'x' })).status).toBe(405);
    const head = await get('app://nova/index.html', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('installs the handler with protocol.handle', async () => {
    handleAppProtocol({ rootDir: root, contentSecurityPolicy: CSP });
    expect(protocol.handle).toHaveBeenCalledWith(APP_SCHEME, expect.any(Function));
    const response = await electronMock.request('app://nova/login');
    expect(await response.text()).toContain('Inicio');
  });
});
