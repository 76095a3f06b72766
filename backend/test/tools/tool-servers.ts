import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

export interface ToolServer {
  port: number;
  url: string;
  /** The headers of every request received, in order. */
  requests: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[];
  close(): Promise<void>;
}

const BIG = 'x'.repeat(1024 * 1024 + 300 * 1024);

/** Listens on 127.0.0.1: on `port`, or on a free one when it is 0. */
async function listen(server: Server, port = 0): Promise<number> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function closer(server: Server): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

/** An MCP server (the official SDK's McpServer over Streamable HTTP, stateless) with a few tools; on a free port unless one is given. */
export async function startMcpServer(atPort = 0): Promise<ToolServer> {
  const requests: ToolServer['requests'] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const body = await readBody(request);
      requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body });
      // '/privado' wants a bearer token.
      if (request.url?.startsWith('/privado') && !request.headers.authorization?.startsWith('Bearer ')) {
        response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'unauthorized' }));
        return;
      }
      const mcp = new McpServer({ name: 'inventario', version: '1.0.0' });
      mcp.registerTool(
        'consultar_stock',
        { description: 'Unidades que quedan de un producto', inputSchema: { producto: z.string().describe('El producto') } },
        ({ producto }) => ({ content: [{ type: 'text' as const, text: `Quedan 12 unidades de ${producto}.` }] }),
      );
      mcp.registerTool('lento', { description: 'Tarda 3 segundos', inputSchema: {} }, async () => {
        await new Promise((resolve) => setTimeout(resolve, 3000));
        return { content: [{ type: 'text' as const, text: 'por fin' }] };
      });
      mcp.registerTool('grande', { description: 'Responde más de 1 MB', inputSchema: {} }, () => ({ content: [{ type: 'text' as const, text: BIG }] }));
      mcp.registerTool('enorme', { description: 'Responde 9 MB', inputSchema: {} }, () => ({ content: [{ type: 'text' as const, text: 'y'.repeat(9 * 1024 * 1024) }] }));
      mcp.registerTool('falla', { description: 'Siempre falla', inputSchema: {} }, () => ({ isError: true, content: [{ type: 'text' as const, text: 'sin conexión con el almacén' }] }));
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      response.on('close', () => {
        void transport.close();
        void mcp.close();
      });
      await mcp.connect(transport);
      await transport.handleRequest(request, response, body ? (JSON.parse(body) as unknown) : undefined);
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  const port = await listen(server, atPort);
  return { port, url: `http://127.0.0.1:${port}/mcp`, requests, close: closer(server) };
}

/** An HTTP API with its OpenAPI 3 document (YAML at /openapi.yaml, the same as JSON in `document`); on a free port unless one is given. */
export async function startApiServer(atPort = 0): Promise<ToolServer & { document: (serverUrl?: string) => string }> {
  const requests: ToolServer['requests'] = [];
  let port = 0;
  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body });
      const url = new URL(request.url ?? '/', 'http://api');
      const json = (status: number, value: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      const stock = /^\/stock\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && stock) return json(200, { producto: decodeURIComponent(stock[1]), almacen: url.searchParams.get('almacen'), unidades: 7 });
      if (request.method === 'POST' && url.pathname === '/pedidos') return json(201, { id: 'P-1', recibido: JSON.parse(body) as unknown });
      if (url.pathname === '/grande') return response.writeHead(200, { 'content-type': 'text/plain' }).end(BIG);
      if (url.pathname === '/lento') {
        setTimeout(() => json(200, { ok: true }), 3000).unref();
        return;
      }
      if (url.pathname === '/error') return json(500, { error: 'almacén caído' });
      if (url.pathname === '/redirige') return response.writeHead(302, { location: `http://localhost:${port}/stock/tornillo` }).end();
      json(404, { error: 'no existe' });
    })();
  });
  port = await listen(server, atPort);
  const document = (serverUrl = `http://127.0.0.1:${port}`) =>
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Almacén', version: '1.0.0' },
      servers: [{ url: serverUrl }],
      paths: {
        '/stock/{producto}': {
          get: {
            operationId: 'verStock',
            summary: 'Stock de un producto',
            parameters: [
              { name: 'producto', in: 'path', required: true, schema: { type: 'string' } },
              { name: 'almacen', in: 'query', schema: { type: 'string' } },
            ],
            responses: { '200': { description: 'ok' } },
          },
        },
        '/pedidos': {
          post: {
            operationId: 'crearPedido',
            summary: 'Crea un pedido',
            requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pedido' } } } },
            responses: { '201': { description: 'creado' } },
          },
        },
        '/grande': { get: { operationId: 'grande', responses: { '200': { description: 'ok' } } } },
        '/lento': { get: { summary: 'Tarda', responses: { '200': { description: 'ok' } } } },
        '/error': { get: { operationId: 'error', responses: { '500': { description: 'mal' } } } },
        '/redirige': { get: { operationId: 'redirige', responses: { '302': { description: 'a otro sitio' } } } },
      },
      components: {
        schemas: {
          Pedido: { type: 'object', required: ['producto', 'unidades'], properties: { producto: { type: 'string' }, unidades: { type: 'integer', minimum: 1 } } },
        },
      },
    });
  return { port, url: `http://127.0.0.1:${port}`, requests, document, close: closer(server) };
}

/** An MCP server that speaks only the older HTTP+SSE transport (GET /sse, POST /messages). */
export async function startSseMcpServer(): Promise<ToolServer> {
  const { SSEServerTransport } = await import('@modelcontextprotocol/sdk/server/sse.js');
  const requests: ToolServer['requests'] = [];
  const transports = new Map<string, InstanceType<typeof SSEServerTransport>>();
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://mcp');
      if (request.method === 'GET' && url.pathname === '/sse') {
        requests.push({ method: 'GET', path: url.pathname, headers: request.headers, body: '' });
        const transport = new SSEServerTransport('/messages', response);
        transports.set(transport.sessionId, transport);
        const mcp = new McpServer({ name: 'antiguo', version: '1.0.0' });
        mcp.registerTool('saludar', { description: 'Saluda', inputSchema: { nombre: z.string() } }, ({ nombre }) => ({
          content: [{ type: 'text' as const, text: `Hola, ${nombre}.` }],
        }));
        response.on('close', () => transports.delete(transport.sessionId));
        await mcp.connect(transport);
        return;
      }
      const body = await readBody(request);
      requests.push({ method: request.method ?? '', path: url.pathname, headers: request.headers, body });
      const transport = transports.get(url.searchParams.get('sessionId') ?? '');
      if (request.method === 'POST' && url.pathname === '/messages' && transport) {
        await transport.handlePostMessage(request, response, JSON.parse(body) as unknown);
        return;
      }
      response.writeHead(405).end();
    })();
  });
  const port = await listen(server);
  return { port, url: `http://127.0.0.1:${port}/sse`, requests, close: closer(server) };
}
