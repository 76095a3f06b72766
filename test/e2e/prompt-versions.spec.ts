import { expect, test, type Page } from '@playwright/test';
import { chatBaseURL, E2E_CHAT_DATA_DIR } from '../../playwright.config';
import { registerAndVerify, uniqueEmail } from './support/accounts';
import { answerTo } from './support/chat';

// Against the chat server, whose fake model answers an agent whose prompt says 'Firma: WORD' with
// 'Firma WORD.' (test/e2e/support/openai-fake.mjs), so the spec sees which version a chat used.
test.use({ baseURL: chatBaseURL });
test.setTimeout(150_000);

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
});

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Menú lateral' });

async function chatOnce(page: Page, agentName: string, message: string) {
  await sidebar(page).getByRole('list', { name: 'Mis Agentes' }).getByRole('link', { name: agentName }).click();
  await page.getByRole('link', { name: 'Chatear con el agente' }).click();
  const composer = page.getByRole('textbox', { name: 'Escribe tu mensaje' });
  await composer.fill(message);
  await composer.press('Enter');
  return answerTo(page, message);
}

test('a creator versions a prompt, compares versions, runs the test cases, switches versions and the chat follows', async ({ page }, testInfo) => {
  await registerAndVerify(page, { email: uniqueEmail('versions'), password: 'Nova-Versions-2026!', contactName: 'Vera Versiones' }, E2E_CHAT_DATA_DIR);

  // An agent whose first prompt signs ALFA.
  await page.goto('/create-advanced-agent');
  await page.getByRole('textbox', { name: 'Nombre' }).fill('Agente Firmante');
  await page.getByRole('textbox', { name: 'Categoría' }).click();
  await page.getByRole('option', { name: 'General' }).click();
  await page.getByRole('textbox', { name: 'Descripción' }).fill('Firma cada respuesta.');
  await page.getByRole('textbox', { name: 'Prompt del sistema' }).fill('Eres un agente de prueba.\nFirma: ALFA');
  await page.getByRole('button', { name: 'Crear agente' }).click();
  await expect(page).toHaveURL(/\/edit-advanced-agent\/[^/]+$/);
  const editorUrl = new URL(page.url()).pathname;

  await page.getByRole('tab', { name: 'Versiones del prompt' }).click();
  const versions = page.getByRole('table', { name: 'Versiones del prompt' });
  await expect(versions.getByRole('row')).toHaveCount(2);
  await expect(versions.getByRole('row').nth(1)).toContainText('Actual');

  // 'Mejorar con IA' shows old and new side by side; the user keeps their own and saves it.
  const newVersion = page.getByRole('form', { name: 'Nueva versión' });
  await newVersion.getByRole('textbox', { name: 'Prompt del sistema' }).fill('Eres un agente de prueba.\nFirma: BETA');
  await newVersion.getByRole('textbox', { name: 'Nombre de la versión' }).fill('Firma beta');
  await newVersion.getByRole('button', { name: 'Mejorar con IA' }).click();
  await expect(page.getByText('Propuesta de la IA')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Prompt mejorado')).toBeVisible();
  await page.getByRole('button', { name: 'Descartar' }).click();
  await newVersion.getByRole('button', { name: 'Guardar como nueva versión' }).click();
  await expect(page.getByText('Versión 2 guardada como actual.')).toBeVisible();
  await expect(versions.getByRole('row')).toHaveCount(3);

  // Any two versions side by side, line by line.
  await page.getByRole('textbox', { name: 'Versión de la izquierda' }).click();
  await page.getByRole('option', { name: /^Versión 1/ }).click();
  await page.getByRole('textbox', { name: 'Versión de la derecha' }).click();
  await page.getByRole('option', { name: /^Versión 2/ }).click();
  const diff = page.getByRole('table', { name: 'Diferencias entre la versión 1 y la versión 2' });
  await expect(diff).toContainText('Firma: ALFA');
  await expect(diff).toContainText('Firma: BETA');
  await page.screenshot({ path: testInfo.outputPath('prompt-versions-1280.png'), fullPage: true });

  // The chat runs on the current version (2).
  await expect(await chatOnce(page, 'Agente Firmante', '¿Quién firma?')).toContainText('Firma BETA.', { timeout: 15_000 });

  // A test case that only version 2 passes, run against version 1 as the candidate.
  await page.goto(editorUrl);
  await page.getByRole('tab', { name: 'Casos de prueba' }).click();
  await page.getByRole('textbox', { name: 'Pregunta' }).fill('¿Quién firma?');
  await page.getByRole('textbox', { name: 'Expectativa' }).click();
  await page.getByRole('option', { name: 'Debe contener', exact: true }).click();
  await page.getByRole('textbox', { name: 'Texto o patrón esperado' }).fill('BETA');
  await page.getByRole('button', { name: 'Añadir caso' }).click();
  await expect(page.getByRole('list', { name: 'Casos de prueba' })).toContainText('¿Quién firma?');
  await page.getByRole('textbox', { name: 'Versión candidata' }).click();
  await page.getByRole('option', { name: /^Versión 1/ }).click();
  await page.getByRole('button', { name: 'Probar versión' }).click();
  await expect(page.getByText('Versión 1: 0 de 1 caso superado · Actual (versión 2): 1 de 1')).toBeVisible({ timeout: 20_000 });
  const run = page.getByRole('table', { name: 'Probar versión' });
  await expect(run).toContainText('No supera');
  await expect(run).toContainText('Supera');
  await page.screenshot({ path: testInfo.outputPath('prompt-test-run-1280.png'), fullPage: true });

  // Setting version 1 current warns that it passes fewer cases; the user goes ahead.
  await page.getByRole('tab', { name: 'Versiones del prompt' }).click();
  await page.getByRole('button', { name: 'Establecer la versión 1 como actual' }).click();
  const warning = page.getByRole('dialog', { name: 'Aviso de casos de prueba' });
  await expect(warning).toContainText('La versión candidata supera menos casos de prueba que la actual');
  await warning.getByRole('button', { name: 'Establecer de todos modos' }).click();
  await expect(page.getByText('La versión 1 es ahora la actual.')).toBeVisible();

  // A new chat follows the switch.
  await page.goto('/my-office');
  await expect(await chatOnce(page, 'Agente Firmante', '¿Y ahora quién firma?')).toContainText('Firma ALFA.', { timeout: 15_000 });
});
