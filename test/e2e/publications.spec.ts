import { expect, test, type Page } from '@playwright/test';
import { chatBaseURL, E2E_CHAT_DATA_DIR } from '../../playwright.config';
import { registerAndVerify, uniqueEmail } from './support/accounts';

// Against the chat server: its fake OpenAI-compatible model answers, so that invoking the published
// agent gives a real 200 with an output.
test.use({ baseURL: chatBaseURL });
test.setTimeout(150_000);

test.beforeEach(async ({ page, context }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: chatBaseURL });
});

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

const invoke = (page: Page, agentId: string, key: string) =>
  page.request.post(`/api/v1/agent/${agentId}/invoke`, {
    headers: { Authorization: `Bearer ${key}` },
    data: { input: '¿Qué puedes hacer por mí?', context: { canal: 'e2e' }, fileIds: [] },
  });

test('a builder publishes an agent as an API, calls it with the copied key, sees the usage and revokes the key', async ({ page }, testInfo) => {
  await registerAndVerify(page, { email: uniqueEmail('api'), password: 'Nova-Api-2026!', contactName: 'Adela API' }, E2E_CHAT_DATA_DIR);

  await page.goto('/create-advanced-agent');
  await page.getByRole('textbox', { name: 'Nombre' }).fill('Asesor Fiscal API');
  await choose(page, 'Categoría', 'Finanzas');
  await page.getByRole('textbox', { name: 'Descripción' }).fill('Responde dudas de impuestos desde otras aplicaciones.');
  await choose(page, 'Modelo', 'fake');
  await page.getByRole('textbox', { name: 'Prompt del sistema' }).fill('Eres un asesor fiscal. Responde en español.');
  await page.getByRole('button', { name: 'Crear agente' }).click();
  await expect(page).toHaveURL(/\/edit-advanced-agent\/[^/?]+$/);
  const agentId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');

  await page.getByRole('tab', { name: 'Publicar como API' }).click();
  await expect(page.getByText('Este agente todavía no está publicado como API.')).toBeVisible();
  await page.getByRole('button', { name: 'Publicar como API' }).click();

  // The default key's secret, once, with the warning and a copy button.
  const dialog = page.getByRole('dialog', { name: 'Tu nueva clave de API' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Esta es la clave «Clave por defecto».');
  await expect(dialog.getByRole('alert')).toHaveText('Copia la clave ahora y guárdala en un lugar seguro: no se volverá a mostrar.');
  const shown = (await dialog.getByTestId('api-key-secret').textContent())?.trim() ?? '';
  expect(shown).toMatch(/^nova_sk_/);
  await dialog.getByRole('button', { name: 'Copiar la clave' }).click();
  await expect(dialog.getByRole('button', { name: 'Copiar la clave' })).toHaveText('Copiado');
  const secret = await page.evaluate(() => navigator.clipboard.readText());
  expect(secret).toBe(shown);
  await page.screenshot({ path: testInfo.outputPath('publication-secret-1280.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'He guardado la clave' }).click();
  await expect(dialog).toBeHidden();

  // The keys list shows a prefix, never the secret; the addresses and examples carry this server and agent.
  const keys = page.getByRole('table', { name: 'Claves de API' });
  await expect(keys.getByRole('row', { name: /Clave por defecto/ })).toBeVisible();
  await expect(keys).not.toContainText(secret);
  const addresses = page.getByRole('list', { name: 'Direcciones' });
  await expect(addresses).toContainText(`${chatBaseURL}/api/v1/agent/${agentId}/invoke`);
  await expect(page.getByRole('region', { name: 'Ejemplo: curl' })).toContainText(`curl -X POST '${chatBaseURL}/api/v1/agent/${agentId}/invoke'`);

  const answer = await invoke(page, agentId, secret);
  expect(answer.status(), await answer.text()).toBe(200);
  const body = (await answer.json()) as { output: string; agentId: string; requestId: string };
  expect(body.agentId).toBe(agentId);
  expect(body.output.length).toBeGreaterThan(0);
  expect(body.requestId).toBeTruthy();

  // The same agent over A2A: its Agent Card's address is listed and served, and a message with the key is answered.
  const cardUrl = `${chatBaseURL}/api/a2a/${agentId}/.well-known/agent-card.json`;
  await expect(addresses).toContainText(cardUrl);
  const card = await page.request.get(cardUrl);
  expect(card.status()).toBe(200);
  expect(await card.json()).toMatchObject({ name: 'Asesor Fiscal API', url: `${chatBaseURL}/api/a2a/${agentId}` });
  const sent = await page.request.post(`/api/a2a/${agentId}`, {
    headers: { Authorization: `Bearer ${secret}` },
    data: { jsonrpc: '2.0', id: 1, method: 'message/send', params: { message: { kind: 'message', role: 'user', messageId: 'e2e-1', parts: [{ kind: 'text', text: '¿Qué puedes hacer?' }] } } },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  expect(await sent.json()).toMatchObject({ result: { kind: 'task', status: { state: 'completed' } } });

  // The call is metered (buffered, flushed within seconds): the usage table shows it for the key.
  await expect(async () => {
    await page.goto(`/edit-advanced-agent/${encodeURIComponent(agentId)}?tab=publish`);
    const usage = page.getByRole('table', { name: 'Uso por día y por clave' });
    await expect(usage.getByRole('row', { name: /Clave por defecto/ })).toBeVisible({ timeout: 10_000 });
    // A reload of the editor takes seconds on a busy two-core machine: room for several.
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole('figure', { name: /Gráfico de barras: peticiones por día y por clave/ })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('publication-published-1280.png'), fullPage: true });

  // Revoked, the key is refused at once.
  await page.getByRole('button', { name: 'Revocar la clave «Clave por defecto»' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revocar clave' });
  await expect(confirm).toContainText('¿Seguro que quieres revocar la clave «Clave por defecto»?');
  await confirm.getByRole('button', { name: 'Revocar' }).click();
  await expect(page.getByText('Clave «Clave por defecto» revocada.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Revocar la clave «Clave por defecto»' })).toHaveCount(0);
  const refused = await invoke(page, agentId, secret);
  expect(refused.status()).toBe(401);

  // A new key with limits works, and unpublishing refuses it too.
  await page.getByRole('textbox', { name: /Nombre de la clave/ }).fill('Producción');
  await page.getByRole('textbox', { name: 'Peticiones por minuto' }).fill('60');
  await page.getByRole('button', { name: 'Crear clave' }).click();
  const second = page.getByRole('dialog', { name: 'Tu nueva clave de API' });
  const newSecret = (await second.getByTestId('api-key-secret').textContent())?.trim() ?? '';
  await second.getByRole('button', { name: 'He guardado la clave' }).click();
  await expect(page.getByRole('table', { name: 'Claves de API' })).toContainText('60 peticiones/min');
  expect((await invoke(page, agentId, newSecret)).status()).toBe(200);

  await page.getByRole('button', { name: 'Dejar de publicar' }).click();
  await page.getByRole('dialog', { name: 'Dejar de publicar' }).getByRole('button', { name: 'Dejar de publicar' }).click();
  await expect(page.getByRole('button', { name: 'Publicar como API' })).toBeVisible();
  expect([401, 404]).toContain((await invoke(page, agentId, newSecret)).status());
});

test('the publication tab on a phone', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerAndVerify(page, { email: uniqueEmail('api-phone'), password: 'Nova-Api-2026!', contactName: 'Pedro API' }, E2E_CHAT_DATA_DIR);
  await page.goto('/create-advanced-agent');
  await page.getByRole('textbox', { name: 'Nombre' }).fill('Agente Móvil API');
  await choose(page, 'Categoría', 'Legal');
  await page.getByRole('textbox', { name: 'Descripción' }).fill('Responde dudas legales.');
  await page.getByRole('button', { name: 'Crear agente' }).click();
  await expect(page).toHaveURL(/\/edit-advanced-agent\/[^/?]+$/);
  await page.goto(`${new URL(page.url()).pathname}?tab=publish`);
  await page.getByRole('button', { name: 'Publicar como API' }).click();
  await page.getByRole('dialog', { name: 'Tu nueva clave de API' }).getByRole('button', { name: 'He guardado la clave' }).click();
  await expect(page.getByRole('table', { name: 'Claves de API' })).toBeVisible();
  // Nothing wider than the screen but the tables' own scroll areas.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('publication-390.png'), fullPage: true });
});
