import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createTestApp, TestApp } from '../support/test-app';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent, not decoded. */
  body: Buffer;
}

const INDEX_HTML = '<!doctype html><title>Nova</title><div id="root" aria-busy="true"></div>';
const SCRIPT = `export const greeting = ${JSON.stringify('hola '.repeat(400))};\n`;
/** The marketplace's copy of index.html, which also asks for its route's chunks. */
const MARKETPLACE_HTML = '<!doctype html><title>Nova</title><link rel="modulepreload" href="/static/js/market-1.js"><div id="root"></div>';
const ICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';

function decode(response: RawResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.body).toString('utf8');
  return response.body.toString('utf8');
}

describe('the renderer served compressed', () => {
  let testApp: TestApp;
  let rendererDir: string;
  let port: number;

  /** A plain node:http client: it neither asks for nor decodes any encoding unless told to. */
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<RawResponse>((resolve, reject) => {
      const outgoing = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }));
        incoming.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end();
    });

  beforeAll(async () => {
    rendererDir = mkdtempSync(join(tmpdir(), 'nova-renderer-'));
    mkdirSync(join(rendererDir, 'static/js'), { recursive: true });
    mkdirSync(join(rendererDir, 'first-screens'));
    const precompressed = { 'index.html': INDEX_HTML, 'static/js/main-Ab12Cd34.js': SCRIPT, 'first-screens/marketplace.html': MARKETPLACE_HTML };
    for (const [file, text] of Object.entries(precompressed)) {
      writeFileSync(join(rendererDir, file), text);
      writeFileSync(join(rendererDir, `${file}.br`), brotliCompressSync(text));
      writeFileSync(join(rendererDir, `${file}.gz`), gzipSync(text));
    }
    writeFileSync(join(rendererDir, 'favicon.svg'), ICON);
    writeFileSync(
      join(rendererDir, 'first-screens.json'),
      JSON.stringify([{ prefixes: ['/marketplace', '/my-office'], html: 'first-screens/marketplace.html' }]),
    );
    testApp = await createTestApp({ RENDERER_DIR: rendererDir });
    await testApp.app.listen(0, '127.0.0.1');
    port = (testApp.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await testApp.close();
    rmSync(rendererDir, { recursive: true, force: true });
  });

  describe('a hashed script', () => {
    it.each([
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ])('with Accept-Encoding "%s" is sent as %s, cached for good', async (acceptEncoding, encoding) => {
      const response = await get('/static/js/main-Ab12Cd34.js', { 'Accept-Encoding': acceptEncoding });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(response.headers['content-length'])).toBe(response.body.length);
      expect(response.body.length).toBeLessThan(Buffer.byteLength(SCRIPT));
      expect(decode(response)).toBe(SCRIPT);
    });

    it.each([[{}], [{ 'Accept-Encoding': 'identity' }], [{ 'Accept-Encoding': 'br;q=0.5, identity' }]])(
      'is sent as is to a client that does not take a compressed copy (%j)',
      async (headers) => {
        const response = await get('/static/js/main-Ab12Cd34.js', headers);
        expect(response.status).toBe(200);
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(response.body.toString('utf8')).toBe(SCRIPT);
      },
    );

    it('answers HEAD with the headers of the compressed copy and no body', async () => {
      const response = await get('/static/js/main-Ab12Cd34.js', { 'Accept-Encoding': 'br' }, 'HEAD');
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.body.length).toBe(0);
    });
  });

  it.each(['/', '/chat', '/marketplaces', '/index.html'])('sends the page for %s compressed and always revalidated', async (path) => {
    const response = await get(path, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(decode(response)).toBe(INDEX_HTML);
  });

  it.each(['/marketplace', '/marketplace/agent/42', '/my-office'])(
    "sends %s the marketplace's copy of the page, which asks for the route's chunks at once",
    async (path) => {
      const compressed = await get(path, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(compressed.status).toBe(200);
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(compressed.headers['cache-control']).toBe('no-cache');
      expect(decode(compressed)).toBe(MARKETPLACE_HTML);
      const plain = await get(path);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString('utf8')).toBe(MARKETPLACE_HTML);
    },
  );

  it('sends a file that has no compressed copy as it is', async () => {
    const response = await get('/favicon.svg', { 'Accept-Encoding': 'gzip, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body.toString('utf8')).toBe(ICON);
  });

  it('keeps the 404 of a missing chunk', async () => {
    const response = await get('/static/js/missing-123.js', { 'Accept-Encoding': 'br' });
    expect(response.status).toBe(404);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});
