import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { guardedFetch, isPublicAddress, OUTBOUND_REFUSED_MESSAGE, resolveOutbound } from './ssrf-guard';

describe('the outbound SSRF guard', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.10.10',
    '0.0.0.0',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    '2002:7f00:1::',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows the public %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses a name whose addresses include a private one, and other schemes; allows what TOOL_ALLOWED_HOSTS names, port included', async () => {
    const lookup = async (hostname: string) =>
      hostname === 'mixto.example' ? [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.5', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    await expect(resolveOutbound('http://mixto.example/', { allowedHosts: [], lookup })).rejects.toThrow(OUTBOUND_REFUSED_MESSAGE);
    await expect(resolveOutbound('file:///etc/passwd', { allowedHosts: [] })).rejects.toThrow('La dirección de la herramienta debe empezar por http:// o https://.');
    await expect(resolveOutbound('http://user:pw@93.184.216.34/', { allowedHosts: [] })).rejects.toThrow(OUTBOUND_REFUSED_MESSAGE);
    await expect(resolveOutbound('http://interno:8080/', { allowedHosts: ['interno:9090'], lookup })).rejects.toThrow(OUTBOUND_REFUSED_MESSAGE);
    await expect(resolveOutbound('http://interno:8080/', { allowedHosts: ['interno:8080'], lookup })).resolves.toMatchObject({ address: { address: '127.0.0.1' } });
    await expect(resolveOutbound('http://interno/', { allowedHosts: ['interno'], lookup })).resolves.toMatchObject({ address: { address: '127.0.0.1' } });
    await expect(resolveOutbound('http://[::1]:8080/', { allowedHosts: ['[::1]:8080'] })).resolves.toMatchObject({ address: { address: '::1' } });
  });

  describe('against a server on loopback', () => {
    let server: Server;
    let port: number;
    const hosts: string[] = [];
    beforeAll(async () => {
      server = createServer((request, response) => {
        hosts.push(request.headers.host ?? '');
        if (request.url === '/bucle') return void response.writeHead(302, { location: '/bucle' }).end();
        if (request.url === '/fuera') return void response.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        if (request.url === '/aqui') return void response.writeHead(302, { location: '/hola' }).end();
        response.writeHead(200, { 'content-type': 'text/plain' }).end(`hola ${request.headers['x-api-key'] ?? ''}`);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('connects to the address it checked, whatever the name would resolve to later (no DNS rebinding)', async () => {
      // 'herramienta.test' has no DNS: only the pinned address can be reached.
      const fetch = guardedFetch({ allowedHosts: [`herramienta.test:${port}`], lookup: async () => [{ address: '127.0.0.1', family: 4 }] });
      const response = await fetch(`http://herramienta.test:${port}/hola`);
      expect(await response.text()).toBe('hola ');
      expect(hosts.at(-1)).toBe(`herramienta.test:${port}`);
    });

    it('follows redirects itself, checking each, at most 5', async () => {
      const fetch = guardedFetch({ allowedHosts: [`127.0.0.1:${port}`] });
      expect(await (await fetch(`http://127.0.0.1:${port}/aqui`)).text()).toBe('hola ');
      await expect(fetch(`http://127.0.0.1:${port}/fuera`)).rejects.toThrow(OUTBOUND_REFUSED_MESSAGE);
      const before = hosts.length;
      await expect(fetch(`http://127.0.0.1:${port}/bucle`)).rejects.toThrow('La herramienta redirige demasiadas veces.');
      expect(hosts.length - before).toBe(6);
      // With redirect 'manual' (the MCP SDK follows its own), the redirect is handed back.
      expect((await fetch(`http://127.0.0.1:${port}/aqui`, { redirect: 'manual' })).status).toBe(302);
    });

    it('refuses loopback when it is not allowed', async () => {
      const before = hosts.length;
      await expect(guardedFetch({ allowedHosts: [] })(`http://127.0.0.1:${port}/hola`)).rejects.toThrow(OUTBOUND_REFUSED_MESSAGE);
      await expect(guardedFetch({ allowedHosts: [] })(`http://localhost:${port}/hola`)).rejects.toThrow(OUTBOUND_REFUSED_MESSAGE);
      expect(hosts.length).toBe(before);
    });
  });
});
