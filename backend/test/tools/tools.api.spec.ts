import request from 'supertest';
import { DataSource } from 'typeorm';
import { AgentToolbox } from '../../src/modules/tools/agent-toolbox';
import { ToolSource } from '../../src/modules/tools/entities/tool-source.entity';
import { ToolRunner } from '../../src/modules/tools/tool-runner';
import { freePort } from '../support/free-port';
import { signUpAndSignIn, type SignedInUser } from '../support/identity-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { startApiServer, startMcpServer, startSseMcpServer, type ToolServer } from './tool-servers';

jest.setTimeout(120_000);

const REFUSED = 'La dirección de la herramienta no está permitida.';
const TOKEN = 'secreto-del-almacen-a1b2';
const API_KEY = 'clave-de-la-api-9z8y';

describe("an agent's tool sources (issue 33, item 1)", () => {
  let mcp: ToolServer;
  let sse: ToolServer;
  let api: Awaited<ReturnType<typeof startApiServer>>;
  let closedPort: number;
  let unreachablePort: number;
  let testApp: TestApp;
  let creator: SignedInUser;
  let other: SignedInUser;
  let publicAgent: string;
  let privateAgent: string;
  const http = () => request(testApp.server);
  /** Every response body the test saw: none may carry a credential. */
  const bodies: string[] = [];
  const seen = <T extends { text: string }>(response: T): T => {
    bodies.push(response.text);
    return response;
  };

  /** Everything the application logged: no credential either. */
  const logged: string[] = [];

  beforeAll(async () => {
    // The application's logger writes JSON lines to stdout and stderr: kept here to be read.
    const stderr = process.stderr.write.bind(process.stderr);
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      logged.push(String(chunk));
      return true;
    });
    jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
      logged.push(String(chunk));
      return stderr(chunk, ...(rest as []));
    });
    mcp = await startMcpServer();
    api = await startApiServer();
    sse = await startSseMcpServer();
    // Two different ports where nothing listens, that no server started meanwhile can be given.
    closedPort = await freePort();
    unreachablePort = await freePort();
    testApp = await createTestApp({ LOG_LEVEL: 'debug', RATE_LIMIT_AGENTS_PER_HOUR: '1000', TOOL_ALLOWED_HOSTS: `127.0.0.1:${mcp.port},127.0.0.1:${api.port},127.0.0.1:${sse.port},127.0.0.1:${unreachablePort}` });
    creator = await signUpAndSignIn(testApp, 'constructora@example.com');
    other = await signUpAndSignIn(testApp, 'otra@example.com');
    const newAgent = async (name: string, isPublic: boolean) =>
      (
        await http()
          .post('/api/agents')
          .set(creator.authorization)
          .send({ name, category: 'legal', description: 'Consulta el almacén', price: 0, isPublic, prompt: 'Eres un agente de almacén.' })
          .expect(201)
      ).body.id as string;
    publicAgent = await newAgent('Almacenero', true);
    privateAgent = await newAgent('Almacenero privado', false);
  });
  afterAll(async () => {
    await testApp.close();
    await mcp.close();
    await api.close();
    await sse.close();
    jest.restoreAllMocks();
  });

  const addMcp = (agentId: string, url: string, auth: object = { type: 'none' }) =>
    http().post(`/api/agents/${agentId}/tools`).set(creator.authorization).send({ type: 'mcp', name: 'Inventario', url, auth }).then(seen);
  const testTool = (agentId: string, sourceId: string, tool: string, args: object = {}) =>
    http().post(`/api/agents/${agentId}/tools/${sourceId}/test`).set(creator.authorization).send({ tool, arguments: args }).expect(200).then(seen);

  it('connects an MCP server with a bearer token: its tools are listed, disabled, and the token never comes back', async () => {
    const created = await addMcp(publicAgent, mcp.url, { type: 'bearer', value: TOKEN }).then((response) => response);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'mcp', name: 'Inventario', status: 'ready', error: null, auth: { type: 'bearer', value: '••••a1b2' } });
    const names = (created.body.tools as { name: string }[]).map((tool) => tool.name).sort();
    expect(names).toEqual(['consultar_stock', 'enorme', 'falla', 'grande', 'lento']);
    const stock = (created.body.tools as Record<string, unknown>[]).find((tool) => tool.name === 'consultar_stock');
    expect(stock).toMatchObject({ description: 'Unidades que quedan de un producto', enabled: false, requiresConfirmation: false });
    expect(stock?.parameters).toMatchObject({ type: 'object', properties: { producto: { type: 'string' } }, required: ['producto'] });
    // The server was reached with the token.
    expect(mcp.requests.some((entry) => entry.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
    // Stored encrypted.
    const row = await testApp.app.get(DataSource).getRepository(ToolSource).findOneByOrFail({ id: created.body.id as string });
    expect(row.authSecret).not.toContain(TOKEN);
    expect(row.authSecret?.startsWith('v1.')).toBe(true);

    const list = await http().get(`/api/agents/${publicAgent}/tools`).set(creator.authorization).expect(200).then(seen);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({ id: created.body.id, status: 'ready' });
  });

  it('enables tools and marks confirmation through PUT; the toolbox offers only the enabled ones; a call runs with the arguments checked', async () => {
    const sourceId = (await http().get(`/api/agents/${publicAgent}/tools`).set(creator.authorization).expect(200)).body.items[0].id as string;
    const updated = await http()
      .put(`/api/agents/${publicAgent}/tools/${sourceId}`)
      .set(creator.authorization)
      .send({ name: 'Almacén central', tools: [{ name: 'consultar_stock', enabled: true, requiresConfirmation: true }, { name: 'falla', enabled: true, requiresConfirmation: false }] })
      .expect(200)
      .then(seen);
    expect(updated.body.name).toBe('Almacén central');
    expect(updated.body.auth).toEqual({ type: 'bearer', headerName: null, value: '••••a1b2' });
    expect(updated.body.tools.find((tool: { name: string }) => tool.name === 'consultar_stock')).toMatchObject({ enabled: true, requiresConfirmation: true });

    const toolbox = testApp.app.get(AgentToolbox);
    const offered = await toolbox.toolsFor(publicAgent);
    expect(offered.map((tool) => tool.name).sort()).toEqual(['consultar_stock', 'falla']);
    expect(offered.find((tool) => tool.name === 'consultar_stock')).toMatchObject({ requiresConfirmation: true, sourceName: 'Almacén central' });
    expect(await toolbox.toolsFor(privateAgent)).toEqual([]);

    const signal = new AbortController().signal;
    expect(await toolbox.call(publicAgent, 'consultar_stock', { producto: 'tornillos' }, signal)).toEqual({ ok: true, output: 'Quedan 12 unidades de tornillos.' });
    expect(await toolbox.call(publicAgent, 'consultar_stock', {}, signal)).toEqual({ ok: false, output: 'Los argumentos no son válidos: falta «producto»' });
    expect(await toolbox.call(publicAgent, 'falla', {}, signal)).toEqual({ ok: false, output: 'La herramienta devolvió un error: sin conexión con el almacén' });
    expect(await toolbox.call(publicAgent, 'lento', {}, signal)).toEqual({ ok: false, output: 'La herramienta «lento» no existe o no está activa.' });

    await http()
      .put(`/api/agents/${publicAgent}/tools/${sourceId}`)
      .set(creator.authorization)
      .send({ tools: [{ name: 'no_existe', enabled: true, requiresConfirmation: false }] })
      .expect(404);
  });

  it("'Probar' calls a tool (enabled or not), says when it is too slow and cuts an answer over 1 MB", async () => {
    const sourceId = (await http().get(`/api/agents/${publicAgent}/tools`).set(creator.authorization).expect(200)).body.items[0].id as string;
    expect((await testTool(publicAgent, sourceId, 'consultar_stock', { producto: 'tuercas' })).body).toEqual({ ok: true, output: 'Quedan 12 unidades de tuercas.', truncated: false });
    expect((await testTool(publicAgent, sourceId, 'consultar_stock', { producto: 3 })).body).toEqual({
      ok: false,
      output: 'Los argumentos no son válidos: «producto» debe ser de tipo string',
      truncated: false,
    });
    const big = (await testTool(publicAgent, sourceId, 'grande')).body as { ok: boolean; output: string; truncated: boolean };
    expect(big.ok).toBe(true);
    expect(big.truncated).toBe(true);
    expect(big.output.endsWith('\n(respuesta recortada: supera 1 MB)')).toBe(true);
    expect(Buffer.byteLength(big.output)).toBeLessThanOrEqual(1024 * 1024 + 64);

    // Past 8 MB the MCP exchange itself is cut off: said, not parsed.
    expect((await testTool(publicAgent, sourceId, 'enorme')).body).toEqual({ ok: false, output: 'La respuesta del servidor MCP supera los 8 MB.', truncated: false });

    const runner = testApp.app.get(ToolRunner);
    runner.timeoutMs = 1000;
    try {
      expect((await testTool(publicAgent, sourceId, 'lento')).body).toEqual({ ok: false, output: 'La herramienta no respondió en 1 s.', truncated: false });
    } finally {
      runner.timeoutMs = 20_000;
    }
    await http().post(`/api/agents/${publicAgent}/tools/${sourceId}/test`).set(creator.authorization).send({ tool: 'no_existe', arguments: {} }).expect(404);
  });

  it('falls back to the SSE transport for an MCP server that does not speak Streamable HTTP', async () => {
    const created = await addMcp(privateAgent, sse.url);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'ready', tools: [{ name: 'saludar', description: 'Saluda', enabled: false }] });
    expect(sse.requests.some((entry) => entry.method === 'GET' && entry.path === '/sse')).toBe(true);
    expect((await testTool(privateAgent, created.body.id as string, 'saludar', { nombre: 'Ana' })).body).toEqual({ ok: true, output: 'Hola, Ana.', truncated: false });
    await http().delete(`/api/agents/${privateAgent}/tools/${created.body.id as string}`).set(creator.authorization).expect(204);
  });

  it('connects an OpenAPI document with a named header: each operation is a tool that builds its request', async () => {
    const created = await http()
      .post(`/api/agents/${publicAgent}/tools`)
      .set(creator.authorization)
      .send({ type: 'openapi', name: 'Almacén API', openapi: api.document(), auth: { type: 'header', headerName: 'X-Api-Key', value: API_KEY } })
      .expect(201)
      .then(seen);
    expect(created.body).toMatchObject({ type: 'openapi', status: 'ready', baseUrl: `http://127.0.0.1:${api.port}`, auth: { type: 'header', headerName: 'X-Api-Key', value: '••••9z8y' } });
    const tools = created.body.tools as { name: string; parameters: Record<string, unknown> }[];
    expect(tools.map((tool) => tool.name)).toEqual(['verStock', 'crearPedido', 'grande', 'get_lento', 'error', 'redirige']);
    expect(tools[1].parameters).toMatchObject({ required: ['body'], properties: { body: { required: ['producto', 'unidades'] } } });
    const sourceId = created.body.id as string;

    expect((await testTool(publicAgent, sourceId, 'verStock', { producto: 'llave inglesa', almacen: 'norte' })).body).toEqual({
      ok: true,
      output: JSON.stringify({ producto: 'llave inglesa', almacen: 'norte', unidades: 7 }),
      truncated: false,
    });
    const call = api.requests.at(-1);
    expect(call).toMatchObject({ method: 'GET', path: '/stock/llave%20inglesa?almacen=norte' });
    expect(call?.headers['x-api-key']).toBe(API_KEY);

    const order = await testTool(publicAgent, sourceId, 'crearPedido', { body: { producto: 'tornillo', unidades: 3 } });
    expect(order.body).toEqual({ ok: true, output: JSON.stringify({ id: 'P-1', recibido: { producto: 'tornillo', unidades: 3 } }), truncated: false });
    expect((await testTool(publicAgent, sourceId, 'crearPedido', { body: { producto: 'tornillo' } })).body.output).toBe('Los argumentos no son válidos: falta «unidades»');
    expect((await testTool(publicAgent, sourceId, 'error')).body).toEqual({
      ok: false,
      output: 'La herramienta respondió con un error (HTTP 500): {"error":"almacén caído"}',
      truncated: false,
    });
    const big = (await testTool(publicAgent, sourceId, 'grande')).body as { output: string; truncated: boolean };
    expect(big.truncated).toBe(true);
    expect(big.output.endsWith('\n(respuesta recortada: supera 1 MB)')).toBe(true);
    // A redirect to a name that resolves to loopback is refused, and the credential never follows it.
    const before = api.requests.length;
    expect((await testTool(publicAgent, sourceId, 'redirige')).body).toEqual({ ok: false, output: REFUSED, truncated: false });
    expect(api.requests.length).toBe(before + 1);
  });

  it('refresh discovers again keeping the switches; an invalid document or unreachable server is a failed source with the reason', async () => {
    const sources = (await http().get(`/api/agents/${publicAgent}/tools`).set(creator.authorization).expect(200)).body.items as { id: string; type: string }[];
    const mcpSource = sources.find((source) => source.type === 'mcp')!;
    const refreshed = await http().post(`/api/agents/${publicAgent}/tools/${mcpSource.id}/refresh`).set(creator.authorization).expect(200).then(seen);
    expect(refreshed.body.status).toBe('ready');
    expect(refreshed.body.tools.find((tool: { name: string }) => tool.name === 'consultar_stock')).toMatchObject({ enabled: true, requiresConfirmation: true });

    const invalid = await http()
      .post(`/api/agents/${publicAgent}/tools`)
      .set(creator.authorization)
      .send({ type: 'openapi', name: 'Rota', openapi: '{"openapi":"3.0.3","paths":{}}', baseUrl: api.url })
      .expect(201);
    expect(invalid.body.status).toBe('failed');
    expect(invalid.body.error).toMatch(/^El documento OpenAPI no es válido: /);
    expect(invalid.body.tools).toEqual([]);

    const yaml = await http()
      .post(`/api/agents/${publicAgent}/tools`)
      .set(creator.authorization)
      .send({ type: 'openapi', name: 'En YAML', openapi: `openapi: 3.0.3\ninfo:\n  title: T\n  version: '1'\npaths:\n  /stock/{producto}:\n    get:\n      operationId: verStock\n      parameters:\n        - name: producto\n          in: path\n          required: true\n          schema:\n            type: string\n      responses:\n        '200':\n          description: ok\n`, baseUrl: api.url })
      .expect(201);
    expect(yaml.body).toMatchObject({ status: 'ready', baseUrl: api.url });
    expect(yaml.body.tools.map((tool: { name: string }) => tool.name)).toEqual(['verStock']);

    const unreachable = await addMcp(publicAgent, `http://127.0.0.1:${unreachablePort}/mcp`);
    expect(unreachable.body).toMatchObject({
      status: 'failed',
      error: 'No se pudo obtener la lista de herramientas: el servidor no responde o no es un servidor de herramientas.',
    });
    const offline = await http()
      .post(`/api/agents/${publicAgent}/tools`)
      .set(creator.authorization)
      .send({ type: 'openapi', name: 'Apagada', openapi: api.document(`http://127.0.0.1:${unreachablePort}`) })
      .expect(201);
    expect((await testTool(publicAgent, offline.body.id as string, 'grande')).body).toEqual({
      ok: false,
      output: 'No se pudo llamar a la herramienta: el servidor no responde o no es un servidor de herramientas.',
      truncated: false,
    });

    const unauthorised = await addMcp(publicAgent, `http://127.0.0.1:${mcp.port}/privado`);
    expect(unauthorised.body).toMatchObject({ status: 'failed', error: 'No se pudo obtener la lista de herramientas: el servidor respondió con HTTP 401.' });
    // With the token, the same server answers: refresh after PUT of the credential.
    await http()
      .put(`/api/agents/${publicAgent}/tools/${unauthorised.body.id as string}`)
      .set(creator.authorization)
      .send({ auth: { type: 'bearer', value: TOKEN } })
      .expect(200);
    const authorised = await http().post(`/api/agents/${publicAgent}/tools/${unauthorised.body.id as string}/refresh`).set(creator.authorization).expect(200).then(seen);
    expect(authorised.body).toMatchObject({ status: 'ready', error: null, auth: { type: 'bearer', value: '••••a1b2' } });

    await http().post(`/api/agents/${publicAgent}/tools`).set(creator.authorization).send({ type: 'mcp', name: 'Sin URL' }).expect(400);
    await http().post(`/api/agents/${publicAgent}/tools`).set(creator.authorization).send({ type: 'openapi', name: 'Sin documento', baseUrl: api.url }).expect(400);
    await http().post(`/api/agents/${publicAgent}/tools`).set(creator.authorization).send({ type: 'mcp', name: 'Sin clave', url: mcp.url, auth: { type: 'bearer' } }).expect(400);

    for (const id of [invalid.body.id, yaml.body.id, unreachable.body.id, offline.body.id, unauthorised.body.id]) await http().delete(`/api/agents/${publicAgent}/tools/${id as string}`).set(creator.authorization).expect(204);
  });

  it.each([
    ['a loopback port not allowed', () => `http://127.0.0.1:${closedPort}/mcp`],
    ['IPv6 loopback', () => `http://[::1]:${mcp.port}/mcp`],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a name that resolves to loopback', () => `http://localhost:${mcp.port}/mcp`],
    ['a private address', () => 'http://10.0.0.8/mcp'],
    ['0.0.0.0', () => `http://0.0.0.0:${mcp.port}/mcp`],
  ])('refuses a tool URL that reaches %s', async (_label, url) => {
    const before = mcp.requests.length;
    const created = await addMcp(privateAgent, url());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'failed', error: REFUSED, tools: [] });
    expect(mcp.requests.length).toBe(before);
    await http().delete(`/api/agents/${privateAgent}/tools/${created.body.id as string}`).set(creator.authorization).expect(204);
  });

  it("only the agent's creator reaches its tool sources: another user 403 (public agent) or 404 (private), a visitor 401", async () => {
    const mcpSource = ((await http().get(`/api/agents/${publicAgent}/tools`).set(creator.authorization).expect(200)).body.items as { id: string }[])[0];
    const privateSource = (await addMcp(privateAgent, mcp.url)).body.id as string;
    const routes = (agentId: string, sourceId: string) => [
      ['get', `/api/agents/${agentId}/tools`, undefined],
      ['post', `/api/agents/${agentId}/tools`, { type: 'mcp', name: 'Mía', url: mcp.url }],
      ['put', `/api/agents/${agentId}/tools/${sourceId}`, { name: 'Mía' }],
      ['delete', `/api/agents/${agentId}/tools/${sourceId}`, undefined],
      ['post', `/api/agents/${agentId}/tools/${sourceId}/refresh`, undefined],
      ['post', `/api/agents/${agentId}/tools/${sourceId}/test`, { tool: 'consultar_stock', arguments: { producto: 'x' } }],
    ] as const;
    for (const [agentId, sourceId, status] of [
      [publicAgent, mcpSource.id, 403],
      [privateAgent, privateSource, 404],
    ] as const) {
      for (const [method, path, body] of routes(agentId, sourceId)) {
        const response = await http()[method](path).set(other.authorization).send(body);
        expect([method, path, response.status]).toEqual([method, path, status]);
        seen(response);
        const visitor = await http()[method](path).send(body);
        expect([method, path, visitor.status]).toEqual([method, path, 401]);
      }
    }
    // Still there, unchanged.
    expect((await http().get(`/api/agents/${publicAgent}/tools`).set(creator.authorization).expect(200)).body.items[0].name).toBe('Almacén central');
  });

  it('deletes a source: its tools leave the toolbox', async () => {
    const toolbox = testApp.app.get(AgentToolbox);
    const sources = (await http().get(`/api/agents/${publicAgent}/tools`).set(creator.authorization).expect(200)).body.items as { id: string }[];
    for (const source of sources) await http().delete(`/api/agents/${publicAgent}/tools/${source.id}`).set(creator.authorization).expect(204);
    expect(await toolbox.toolsFor(publicAgent)).toEqual([]);
    expect((await http().get(`/api/agents/${publicAgent}/tools`).set(creator.authorization).expect(200)).body.items).toEqual([]);
    await http().delete(`/api/agents/${publicAgent}/tools/${sources[0].id}`).set(creator.authorization).expect(404);
  });

  it('never returned a credential in any response, nor logged one', () => {
    expect(bodies.length).toBeGreaterThan(10);
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) {
      expect(line).not.toContain(TOKEN);
      expect(line).not.toContain(API_KEY);
    }
    for (const body of bodies) {
      expect(body).not.toContain(TOKEN);
      expect(body).not.toContain(API_KEY);
    }
  });
});
