// Issue 33, "Done means": a builder connects an MCP server and an HTTP API described by OpenAPI 3
// (both started here, on the two loopback ports the chat server admits through TOOL_ALLOWED_HOSTS),
// enables two tools and marks one 'Pide confirmación'; in the chat the agent calls the first on its
// own and asks before the second; the calls show folded under the answer, and again after a reload;
// a published key without allowConfirmedTools cannot run the confirmed one; one made with it can.
// On the chat server: its OpenAI-compatible fake calls the tools the user's message names with
// `[[tool:NAME {json}]]`, one per round.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startApiServer, startMcpServer, type ToolServer } from '../../backend/test/tools/tool-servers';
import { TOOL_API_PORT, TOOL_MCP_PORT } from '../../playwright.config';
import { createPaidAgent, idToken, newChatUser } from './support/accounts';
import { auditAtBothSizes, JOURNEY_SIZES, waitUntilSettled } from './support/axe';
import { answerTo } from './support/chat';

test.setTimeout(240_000);

const AGENT_NAME = 'Dependiente de Ferretería';
const STOCK_CALL = '[[tool:consultar_stock {"producto":"tornillo"}]]';
const ORDER_CALL = '[[tool:crearPedido {"body":{"producto":"tornillo","unidades":2}}]]';
const QUESTION = `¿Quedan tornillos? Si quedan, pide dos. ${STOCK_CALL} ${ORDER_CALL}`;
/** What a call that needs a confirmation nobody can give answers (and the model is told). */
const NOT_ALLOWED = 'No se ha permitido usar esta herramienta: necesita la confirmación del usuario y aquí no se puede pedir.';

let mcp: ToolServer;
let api: Awaited<ReturnType<typeof startApiServer>>;

test.beforeAll(async () => {
  mcp = await startMcpServer(TOOL_MCP_PORT);
  api = await startApiServer(TOOL_API_PORT);
});

test.afterAll(async () => {
  await mcp?.close();
  await api?.close();
});

/** The orders the HTTP API has received (POST /pedidos). */
const orders = () => api.requests.filter((request) => request.method === 'POST' && request.path === '/pedidos');

/** The answer's tool calls, folded: each 'Herramienta: x' summary, in order. */
const callSummaries = (answer: Locator) => answer.getByRole('list', { name: 'Herramientas usadas' }).locator('summary');

async function shoot(page: Page, name: string, testInfo: { outputPath: (name: string) => string }) {
  for (const [width, viewport] of Object.entries(JOURNEY_SIZES)) {
    await page.setViewportSize(viewport);
    // The side panel slides away when the screen narrows: the picture is taken once it has.
    await waitUntilSettled(page);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(JOURNEY_SIZES[1280]);
}

test('a builder connects an MCP server and an OpenAPI API; the agent uses one tool on its own and asks before the other; a published key without allowConfirmedTools cannot run it', async ({ browser }, testInfo) => {
  const builder = await newChatUser(browser, 'constructor-herramientas', 'Carla Constructora');
  const agentId = await createPaidAgent(builder, {
    name: AGENT_NAME,
    description: 'Mira el stock del almacén y hace pedidos.',
    price: '2,99',
    prompt: 'Eres el dependiente de una ferretería. Responde en español.',
  });

  // 'Herramientas': the MCP server, then the API from its OpenAPI document.
  await builder.getByRole('tab', { name: 'Herramientas' }).click();
  const panel = builder.getByRole('tabpanel', { name: 'Herramientas' });
  await expect(panel.getByText('El agente aún no tiene herramientas.')).toBeVisible();
  await panel.getByRole('textbox', { name: 'Nombre' }).fill('Inventario');
  await panel.getByRole('textbox', { name: 'URL del servidor MCP' }).fill(mcp.url);
  await panel.getByRole('button', { name: 'Añadir' }).click();
  const sources = panel.getByRole('list', { name: 'Fuentes de herramientas' });
  const inventory = sources.getByRole('region', { name: 'Inventario' });
  await expect(inventory).toContainText('Servidor MCP');
  await expect(inventory).toContainText('consultar_stock');
  await expect(inventory).toContainText('Unidades que quedan de un producto');
  await expect(inventory).toContainText('Parámetros: producto');

  await panel.getByText('API OpenAPI', { exact: true }).click();
  await panel.getByRole('textbox', { name: 'Nombre' }).fill('Pedidos');
  await panel.getByRole('textbox', { name: 'Documento OpenAPI 3 (JSON o YAML)' }).fill(api.document());
  await panel.getByRole('button', { name: 'Añadir' }).click();
  const ordersApi = sources.getByRole('region', { name: 'Pedidos' });
  await expect(ordersApi).toContainText('API OpenAPI');
  await expect(ordersApi).toContainText('crearPedido');
  await expect(ordersApi).toContainText('Crea un pedido');

  // Found, every tool is off: two are enabled, the order marked 'Pide confirmación' (each switch
  // turns once the server has kept the change).
  const stockSwitch = panel.getByRole('switch', { name: 'Activa: consultar_stock' });
  await expect(stockSwitch).not.toBeChecked();
  for (const name of ['Activa: consultar_stock', 'Activa: crearPedido', 'Pide confirmación: crearPedido']) {
    await panel.getByRole('switch', { name }).click();
    await expect(panel.getByRole('switch', { name })).toBeChecked();
  }
  await expect(panel.getByRole('switch', { name: 'Pide confirmación: consultar_stock' })).not.toBeChecked();
  await auditAtBothSizes(builder, "the agent's 'Herramientas' tab with an MCP server and an OpenAPI API");
  await shoot(builder, 'tools-tab', testInfo);

  // The chat: the stock look-up runs on its own; the order waits for 'Permitir'.
  await builder.goto(`/chat?agent=${encodeURIComponent(agentId)}`);
  const composer = builder.getByRole('textbox', { name: 'Escribe tu mensaje' });
  await composer.fill(QUESTION);
  await composer.press('Enter');
  const card = builder.getByRole('group', { name: 'Permiso para usar una herramienta' });
  await expect(card).toContainText(`¿Permitir que ${AGENT_NAME} use crearPedido?`, { timeout: 30_000 });
  await expect(card).toContainText('"unidades": 2');
  // The order's line under the answer waits for the user; it is not running.
  const calls = builder.getByRole('list', { name: 'Herramientas usadas' }).last();
  await expect(calls.getByRole('listitem').filter({ hasText: 'Herramienta: crearPedido' })).toContainText('Esperando tu permiso');
  expect(mcp.requests.some((request) => request.body.includes('"tools/call"') && request.body.includes('tornillo'))).toBe(true);
  expect(orders()).toHaveLength(0);
  await auditAtBothSizes(builder, "/chat with a tool waiting for 'Permitir'");
  await shoot(builder, 'tools-confirmation', testInfo);

  await card.getByRole('button', { name: 'Permitir' }).click();
  const answer = answerTo(builder, QUESTION);
  await expect(answer).toContainText('termina aquí.', { timeout: 30_000 });
  await expect(card).toHaveCount(0);
  expect(orders()).toHaveLength(1);
  expect(JSON.parse(orders()[0]!.body)).toEqual({ producto: 'tornillo', unidades: 2 });

  // Both calls, folded under the answer: opened, each shows its arguments and result.
  await expect(callSummaries(answer)).toHaveText(['Herramienta: consultar_stock', 'Herramienta: crearPedido']);
  const stockCall = answer.getByRole('list', { name: 'Herramientas usadas' }).getByRole('listitem').first();
  await expect(stockCall.getByText('Quedan 12 unidades de tornillo.')).toBeHidden();
  await stockCall.getByText('Herramienta: consultar_stock').click();
  await expect(stockCall.getByText('Quedan 12 unidades de tornillo.')).toBeVisible();
  await auditAtBothSizes(builder, '/chat with the tool calls folded under the answer');
  await shoot(builder, 'tools-answer', testInfo);

  // After a reload the stored answer keeps them.
  await builder.reload();
  const reloaded = answerTo(builder, QUESTION);
  await expect(reloaded).toContainText('termina aquí.');
  await expect(callSummaries(reloaded)).toHaveText(['Herramienta: consultar_stock', 'Herramienta: crearPedido']);
  const orderCall = reloaded.getByRole('list', { name: 'Herramientas usadas' }).getByRole('listitem').nth(1);
  await orderCall.getByText('Herramienta: crearPedido').click();
  await expect(orderCall).toContainText('P-1');

  // Published, its default key was created without allowConfirmedTools: through invoke the order is
  // refused (the model is told so), the look-up still runs.
  const authorization = { Authorization: `Bearer ${await idToken(builder)}` };
  const published = await builder.request.post(`/api/agent/${encodeURIComponent(agentId)}/publication`, { headers: authorization, data: {} });
  expect(published.status()).toBe(201);
  const { apiKey } = (await published.json()) as { apiKey: { secret: string; allowConfirmedTools: boolean } };
  expect(apiKey.allowConfirmedTools).toBe(false);
  const invoked = await builder.request.post(`/api/v1/agent/${encodeURIComponent(agentId)}/invoke`, {
    headers: { Authorization: `Bearer ${apiKey.secret}` },
    data: { input: `Pide dos tornillos. ${STOCK_CALL} ${ORDER_CALL}` },
  });
  expect(invoked.status()).toBe(200);
  const result = (await invoked.json()) as { output: string; toolCalls: { tool: string; ok: boolean; output: string }[] };
  expect(result.toolCalls).toEqual([
    { tool: 'consultar_stock', arguments: { producto: 'tornillo' }, ok: true, output: 'Quedan 12 unidades de tornillo.' },
    { tool: 'crearPedido', arguments: { body: { producto: 'tornillo', unidades: 2 } }, ok: false, output: NOT_ALLOWED },
  ]);
  expect(result.output).toContain('termina aquí.');
  expect(orders()).toHaveLength(1);

  // A key made in 'Publicar como API' with 'Permitir herramientas que piden confirmación' may run it.
  await builder.goto(`/edit-advanced-agent/${encodeURIComponent(agentId)}`);
  await builder.getByRole('tab', { name: 'Publicar como API' }).click();
  const keyForm = builder.getByRole('form', { name: 'Nueva clave' });
  await keyForm.getByRole('textbox', { name: /Nombre de la clave/ }).fill('Tienda online');
  const allow = keyForm.getByRole('switch', { name: /^Permitir herramientas que piden confirmación/ });
  await allow.click();
  await expect(allow).toBeChecked();
  await keyForm.getByRole('button', { name: 'Crear clave' }).click();
  const secretDialog = builder.getByRole('dialog', { name: 'Tu nueva clave de API' });
  const secret = ((await secretDialog.getByTestId('api-key-secret').textContent()) ?? '').trim();
  await secretDialog.getByRole('button', { name: 'He guardado la clave' }).click();
  const keyRow = builder.getByRole('table', { name: 'Claves de API' }).getByRole('row').filter({ hasText: 'Tienda online' });
  await expect(keyRow).toContainText('Permitidas');
  await expect(builder.getByRole('table', { name: 'Claves de API' }).getByRole('row').filter({ hasText: 'Clave por defecto' })).toContainText('No permitidas');
  await auditAtBothSizes(builder, "'Publicar como API' with a key that may run the tools that ask first");
  await shoot(builder, 'tools-keys', testInfo);
  const allowed = await builder.request.post(`/api/v1/agent/${encodeURIComponent(agentId)}/invoke`, {
    headers: { Authorization: `Bearer ${secret}` },
    data: { input: `Pide dos tornillos. ${ORDER_CALL}` },
  });
  expect(allowed.status()).toBe(200);
  expect(((await allowed.json()) as { toolCalls: { tool: string; ok: boolean }[] }).toolCalls).toMatchObject([{ tool: 'crearPedido', ok: true }]);
  expect(orders()).toHaveLength(2);
  // The builder's endpoints stay out of what a caller sees.
  expect(JSON.stringify(result)).not.toContain(`127.0.0.1:${TOOL_API_PORT}`);
});
