// Issue 37, item 1: 'Descargar mis datos' in 'Mi perfil', as a new user tries it: ask, wait while it
// is prepared, download the ZIP and find their conversation and agent in it; axe at 1280 and 390 px.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import JSZip from 'jszip';
import { createPaidAgent, idToken, registerAndVerify, uniqueEmail } from './support/accounts';
import { expectAccessibleAtBothSizes } from './support/axe';


test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
});

test.setTimeout(180_000);


test('a user asks for their data, waits while it is prepared, downloads the ZIP and finds their conversation and agent in it', async ({ page }) => {
  const account = { email: uniqueEmail('export'), password: 'Nova-Export-2026!', contactName: 'Elena Exporta' };
  await registerAndVerify(page, account);
  const headers = { Authorization: `Bearer ${await idToken(page)}` };
  const conversation = await page.request.post('/api/conversations', { headers, data: { title: 'Presupuesto de la reforma' } });
  expect(conversation.status()).toBe(201);
  const conversationId = ((await conversation.json()) as { id: string }).id;
  const message = await page.request.post(`/api/conversations/${conversationId}/messages`, { headers, data: { id: 'q-1', role: 'user', content: '¿Cuánto cuesta reformar la cocina?' } });
  expect(message.status()).toBe(201);
  const agentId = await createPaidAgent(page, { name: 'Asesor de Reformas', description: 'Presupuestos de obra y materiales', price: '5', prompt: 'Eres un asesor de reformas.' });

  await page.goto('/mi-perfil');
  const section = page.getByRole('region', { name: 'Tus datos' });
  await expectAccessibleAtBothSizes(page, 'mi-perfil-tus-datos');
  // The export's state is held back until 'Preparando…' has been seen: on an idle machine the
  // export can be ready before the first look.
  let answerStates: () => void = () => undefined;
  const statesHeld = new Promise<void>((resolve) => (answerStates = resolve));
  await page.route(/\/api\/me\/export\/[^/]+$/, async (route) => {
    await statesHeld;
    await route.continue();
  });
  await section.getByRole('button', { name: 'Descargar mis datos' }).click();
  await expect(section.getByText('Preparando tu exportación…')).toBeVisible();
  answerStates();

  const download = section.getByRole('button', { name: 'Descargar el archivo ZIP' });
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expect(section.getByText(/^Tu exportación está lista\. Puedes descargarla hasta el /)).toBeVisible();
  await expectAccessibleAtBothSizes(page, 'mi-perfil-exportacion-lista');

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe('mis-datos.zip');
  const zip = await JSZip.loadAsync(await readFile(await file.path()));
  const names = Object.keys(zip.files);
  const read = (pattern: RegExp) => zip.file(names.find((name) => pattern.test(name)) ?? '')?.async('string');
  expect(await read(/^LEEME\.md$/)).toContain('Esta es la exportación de todos tus datos');
  expect(await read(/^perfil\.json$/)).toContain(account.email);
  expect(await read(/^conversaciones\/.*Presupuesto de la reforma\.md$/)).toContain('¿Cuánto cuesta reformar la cocina?');
  const agent = JSON.parse((await read(/^agentes\/.*\/agente\.json$/)) ?? '{}') as { id: string; name: string; promptVersions: { prompt: string }[] };
  expect(agent).toMatchObject({ id: agentId, name: 'Asesor de Reformas' });
  expect(agent.promptVersions.map((version) => version.prompt)).toContain('Eres un asesor de reformas.');

  // After a reload the ready export is still offered; a second one the same day is refused in Spanish.
  await page.reload();
  await expect(section.getByRole('button', { name: 'Descargar el archivo ZIP' })).toBeVisible();
  const again = await page.request.post('/api/me/export', { headers });
  expect(again.status()).toBe(429);
  expect(((await again.json()) as { message: string }).message).toMatch(/^Ya pediste una exportación de tus datos en las últimas 24 horas\./);
});
