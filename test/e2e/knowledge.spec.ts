// Issue 32: a builder gives an agent its documents in the editor's 'Conocimiento' tab, watches them
// become ready, tries a question and sees the passage with its document and page, chats with the
// agent and finds the passage under 'Fuentes' (after a reload too), and deletes the document.
// On the chat server (a model is needed to create an agent with the form).
import { expect, test } from '@playwright/test';
import { chatBaseURL, E2E_CHAT_DATA_DIR } from '../../playwright.config';
import { registerAndVerify, uniqueEmail } from './support/accounts';
import { auditAtBothSizes } from './support/axe';
import { answerTo } from './support/chat';

test.use({ baseURL: chatBaseURL });
// The builder's whole journey: two uploads, a search, a chat turn, a reload and a deletion.
test.setTimeout(90_000);

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
});

const NOTES = [
  '# Contrato de alquiler',
  '',
  '## Fianza',
  'La fianza equivale a dos mensualidades de renta.',
  '',
  '## Preaviso',
  'El arrendatario puede desistir avisando con treinta días de antelación.',
].join('\n');

test("a builder adds documents in 'Conocimiento', finds a passage with 'Probar búsqueda', sees it under the chat answer's 'Fuentes' and deletes the document", async ({ page }, testInfo) => {
  await registerAndVerify(page, { email: uniqueEmail('conocimiento'), password: 'Nova-Conocer-2026!', contactName: 'Clara Conocimiento' }, E2E_CHAT_DATA_DIR);
  await page.goto('/create-advanced-agent');
  await page.getByRole('textbox', { name: 'Nombre' }).fill('Asesora de Alquileres');
  await page.getByRole('textbox', { name: 'Categoría' }).click();
  await page.getByRole('option', { name: 'Legal' }).click();
  await page.getByRole('textbox', { name: 'Descripción' }).fill('Responde con el contrato en la mano.');
  await page.getByRole('textbox', { name: 'Prompt del sistema' }).fill('Eres una asesora de alquileres.');
  await page.getByRole('button', { name: 'Crear agente' }).click();
  await expect(page).toHaveURL(/\/edit-advanced-agent\/[^/]+$/);

  await page.getByRole('tab', { name: 'Conocimiento' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Conocimiento' });
  await expect(panel.getByText('Este agente todavía no tiene documentos.')).toBeVisible();
  await panel.locator('input[type="file"]').setInputFiles([
    { name: 'contrato.md', mimeType: 'text/markdown', buffer: Buffer.from(NOTES) },
    { name: 'programa.bin', mimeType: 'application/octet-stream', buffer: Buffer.from([0, 159, 146, 150, 0, 1, 2, 3]) },
  ]);

  const documents = panel.getByRole('list', { name: 'Documentos del agente' });
  await expect(documents.getByRole('listitem').filter({ hasText: 'contrato.md' })).toContainText(/Listo · \d+ fragmentos?/, { timeout: 20_000 });
  // The second file is refused by its content, with the server's Spanish reason.
  await expect(page.getByRole('region', { name: 'Notificaciones' })).toContainText('programa.bin');
  await expect(documents.getByRole('listitem')).toHaveCount(1);

  await panel.getByRole('textbox', { name: 'Pregunta de prueba' }).fill('¿Con cuántos días de preaviso?');
  await panel.getByRole('button', { name: 'Buscar' }).click();
  const results = panel.getByRole('list', { name: 'Fragmentos encontrados' });
  await expect(results.getByRole('listitem').first()).toContainText('treinta días de antelación');
  await expect(results.getByRole('listitem').first()).toContainText('contrato.md');
  await auditAtBothSizes(page, "/edit-advanced-agent/{id} 'Conocimiento'");
  await page.screenshot({ path: testInfo.outputPath('knowledge-1280.png'), fullPage: true });

  // The agent answers from it and says where from: 'Fuentes' under the answer opens the passage.
  const editorUrl = page.url();
  await page.getByRole('link', { name: 'Chatear con el agente' }).click();
  const composer = page.getByRole('textbox', { name: 'Escribe tu mensaje' });
  await composer.fill('¿Con cuántos días de preaviso puedo irme?');
  await composer.press('Enter');
  const answer = answerTo(page, '¿Con cuántos días de preaviso puedo irme?');
  await expect(answer).toContainText('termina aquí.', { timeout: 20_000 });
  await answer.getByRole('button', { name: 'Fuentes' }).click();
  await expect(answer.getByRole('list', { name: 'Fuentes' })).toContainText('contrato.md');
  await expect(answer.getByRole('list', { name: 'Fuentes' })).toContainText('treinta días de antelación');
  await auditAtBothSizes(page, "/chat/{id} with 'Fuentes' open");
  await page.reload();
  const reloaded = answerTo(page, '¿Con cuántos días de preaviso puedo irme?');
  await reloaded.getByRole('button', { name: 'Fuentes' }).click();
  await expect(reloaded.getByRole('list', { name: 'Fuentes' })).toContainText('contrato.md');

  await page.goto(editorUrl);
  await page.getByRole('tab', { name: 'Conocimiento' }).click();
  await documents.getByRole('button', { name: 'Eliminar «contrato.md»' }).click();
  await page.getByRole('dialog', { name: 'Eliminar documento' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(panel.getByText('Este agente todavía no tiene documentos.')).toBeVisible();
  await panel.getByRole('textbox', { name: 'Pregunta de prueba' }).fill('¿Con cuántos días de preaviso?');
  await panel.getByRole('button', { name: 'Buscar' }).click();
  await expect(panel.getByText('Ningún fragmento coincide con esta pregunta.')).toBeVisible();
});
