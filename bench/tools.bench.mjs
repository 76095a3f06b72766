// An agent's tools (issue 33), with an instant fake model (its own process, no delay between
// chunks) and an instant local tool (an OpenAPI-described HTTP API in this process, allowed
// through TOOL_ALLOWED_HOSTS):
//   · 1 connection: the server's own time per tool step. Calls of an agent whose model asks for
//     two tool steps (two markers, one per round) against calls of the same agent without them,
//     interleaved; each step costs one more model call and one tool call, measured directly
//     against the fake model and the API in the same run. Added per step = (p50 with two steps −
//     p50 without − 2 × (p50 model call + p50 tool call)) / 2. Target: at most 5 ms.
//   · 64 connections: turns with two tool steps each, at once. Target: no errors.
// BENCH_TOOLS_RUNS sets the sequential calls of each kind (default 300).
import { createServer, Agent, request as httpRequest } from 'node:http';
import autocannon from 'autocannon';
import { signedInUser } from './lib/identity.mjs';
import { percentile } from './lib/percentile.mjs';
import { startBackend, startOpenAiFakeProcess } from './lib/servers.mjs';

const RUNS = Number(process.env.BENCH_TOOLS_RUNS ?? 300);
const CONNECTIONS = 64;
const TARGET_ADDED_P50_MS = 5;
const MODEL_PORT = 3341;
const BACKEND_PORT = 3342;
const TOOL_PORT = 3343;

const OPENAPI = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Inventario', version: '1.0.0' },
  paths: {
    '/stock/{sku}': {
      get: {
        operationId: 'consultar_stock',
        summary: 'Unidades en almacén de un producto',
        parameters: [{ name: 'sku', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 200: { description: 'Las unidades' } },
      },
    },
  },
});

const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });

function timed(url, { method = 'GET', headers = {}, body } = {}) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, agent: keepAlive, headers: body ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers }, (res) => {
      const parts = [];
      res.on('data', (part) => parts.push(part));
      res.on('end', () => (res.statusCode === 200 ? resolve({ ms: performance.now() - started, body: Buffer.concat(parts).toString('utf8') }) : reject(new Error(`HTTP ${res.statusCode}`))));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function startToolApi() {
  const server = createServer((req, res) => {
    req.resume();
    const sku = decodeURIComponent((req.url ?? '').split('/').pop() ?? '');
    const body = JSON.stringify({ sku, unidades: 7 });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  server.keepAliveTimeout = 30_000;
  return new Promise((resolve) => server.listen(TOOL_PORT, '127.0.0.1', () => resolve({ close: () => new Promise((done) => server.close(done)) })));
}

async function json(url, init) {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

export async function run({ seconds = 8 } = {}) {
  const tool = await startToolApi();
  const model = await startOpenAiFakeProcess(MODEL_PORT, { chunks: ['Quedan 7.'], intervalMs: 0 });
  const backend = await startBackend(BACKEND_PORT, {
    MODEL_PROVIDER: 'openai-compatible',
    OPENAI_BASE_URL: model.url,
    OPENAI_MODEL: 'fake',
    TOOL_ALLOWED_HOSTS: `127.0.0.1:${TOOL_PORT}`,
    API_KEY_RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_API_MODEL_CALLS_PER_MINUTE: '1000000',
    RATE_LIMIT_AGENTS_PER_HOUR: '1000',
  });
  try {
    const authorization = await signedInUser(backend, `bench-tools-${Date.now()}@example.com`);
    const headers = { authorization, 'content-type': 'application/json' };
    const agent = await json(`${backend.url}/api/agents`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Inventario', category: 'legal', description: 'Para medir', prompt: 'Eres un agente de inventario.' }),
    });
    const source = await json(`${backend.url}/api/agents/${agent.id}/tools`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ type: 'openapi', name: 'Inventario', openapi: OPENAPI, baseUrl: `http://127.0.0.1:${TOOL_PORT}`, auth: { type: 'none' } }),
    });
    await json(`${backend.url}/api/agents/${agent.id}/tools/${source.id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ tools: source.tools.map((found) => ({ name: found.name, enabled: true, requiresConfirmation: false })) }),
    });
    const publication = await json(`${backend.url}/api/agent/${agent.id}/publication`, { method: 'POST', headers, body: '{}' });
    const key = await json(`${backend.url}/api/publication/${publication.apiId}/keys`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Benchmark', rateLimitPerMinute: 1_000_000 }),
    });

    const invokeUrl = `${backend.url}/api/v1/agent/${agent.id}/invoke`;
    const invokeHeaders = { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' };
    const twoSteps = JSON.stringify({ input: '¿Cuántas quedan? [[tool:consultar_stock {"sku":"A1"}]] [[tool:consultar_stock {"sku":"B2"}]]' });
    const noSteps = JSON.stringify({ input: '¿Cuántas quedan?' });
    const check = JSON.parse((await timed(invokeUrl, { method: 'POST', headers: invokeHeaders, body: twoSteps })).body);
    if (check.toolCalls?.length !== 2 || !check.toolCalls.every((call) => call.ok)) throw new Error(`La llamada de prueba no usó dos herramientas: ${JSON.stringify(check)}`);

    const modelBody = JSON.stringify({ model: 'fake', stream: false, messages: [{ role: 'user', content: 'Hola' }] });
    const times = { with: [], without: [], model: [], tool: [] };
    for (let i = 0; i < RUNS; i += 1) {
      times.with.push((await timed(invokeUrl, { method: 'POST', headers: invokeHeaders, body: twoSteps })).ms);
      times.without.push((await timed(invokeUrl, { method: 'POST', headers: invokeHeaders, body: noSteps })).ms);
      times.model.push((await timed(`${model.url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: modelBody })).ms);
      times.tool.push((await timed(`http://127.0.0.1:${TOOL_PORT}/stock/A1`)).ms);
    }
    const p50 = Object.fromEntries(Object.entries(times).map(([name, values]) => [name, percentile(values, 0.5)]));
    const addedPerStep = (p50.with - p50.without - 2 * (p50.model + p50.tool)) / 2;

    await autocannon({ url: invokeUrl, method: 'POST', headers: invokeHeaders, body: twoSteps, connections: CONNECTIONS, duration: 1 });
    const loaded = await autocannon({ url: invokeUrl, method: 'POST', headers: invokeHeaders, body: twoSteps, connections: CONNECTIONS, duration: seconds });
    const errors = loaded.errors + loaded.timeouts + loaded.non2xx;

    console.log('\nHerramientas (issue 33): invoke con dos pasos de herramienta, modelo y herramienta instantáneos');
    console.table({
      'p50 con dos pasos (ms)': p50.with.toFixed(2),
      'p50 sin herramientas (ms)': p50.without.toFixed(2),
      'p50 llamada al modelo (ms)': p50.model.toFixed(2),
      'p50 llamada a la herramienta (ms)': p50.tool.toFixed(2),
      'servidor por paso, p50 (ms)': addedPerStep.toFixed(2),
      [`${CONNECTIONS} turnos a la vez: peticiones/s`]: Math.round(loaded.requests.average),
      [`${CONNECTIONS} turnos a la vez: errores`]: errors,
    });
    console.log(`Objetivo por paso ≤ ${TARGET_ADDED_P50_MS} ms: ${addedPerStep <= TARGET_ADDED_P50_MS ? 'cumplido' : 'NO cumplido'}; ${CONNECTIONS} turnos a la vez sin errores: ${errors === 0 ? 'cumplido' : 'NO cumplido'}`);
  } finally {
    await backend.stop();
    await model.stop();
    await tool.close();
  }
}
