import { expect, test } from '@playwright/test';
import { chatBaseURL, E2E_CHAT_DATA_DIR } from '../../playwright.config';
import { registerAndVerify, uniqueEmail } from './support/accounts';
import { auditAtBothSizes } from './support/axe';

// Against the chat server, whose fake model answers in prose, ignoring the JSON schema, in a
// conversation that mentions 'modelo local' (test/e2e/support/openai-fake.mjs), as many local models do.
test.use({ baseURL: chatBaseURL });
// axe runs on three screens at two sizes, besides the model's two replies.
test.setTimeout(240_000);

const DESCRIPTION = 'Explica a inquilinos su contrato de alquiler.';
const PROMPT = 'Eres un asesor de alquileres. Responde en español, con frases cortas.';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
});

test('a builder whose model answers plain text talks with the creator, comes back to the same draft and goes on with the form', async ({ page }, testInfo) => {
  const account = { email: uniqueEmail('creator-plain'), password: 'Nova-Creator-2026!', contactName: 'Lola Local' };
  await registerAndVerify(page, account, E2E_CHAT_DATA_DIR);

  await page.goto('/agent-creator');
  await expect(page.getByRole('heading', { level: 1, name: 'Crea tu agente conversando' })).toBeVisible();
  await auditAtBothSizes(page, '/agent-creator (empty)');
  await page.getByRole('textbox', { name: 'Nombre' }).fill('Asesor Local');
  await page.getByRole('textbox', { name: 'Descripción' }).fill(DESCRIPTION);
  await page.getByRole('textbox', { name: 'Instrucciones del agente (prompt del sistema)' }).fill(PROMPT);
  const composer = page.getByRole('textbox', { name: 'Mensaje para el creador de agentes' });
  await composer.fill('Quiero un agente para inquilinos; uso un modelo local');
  await composer.press('Enter');

  // The model's prose is the reply; the user's message stays; the draft is as it was, and the form is offered.
  const chat = page.getByRole('list', { name: 'Conversación con el creador de agentes' });
  await expect(chat.getByText('Quiero un agente para inquilinos; uso un modelo local')).toBeVisible();
  await expect(chat.getByText(/llega por partes/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('El modelo ha respondido sin cambiar el borrador.', { exact: false })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Asesor Local');
  await expect(page.getByRole('textbox', { name: 'Descripción' })).toHaveValue(DESCRIPTION);
  await auditAtBothSizes(page, '/agent-creator (the model answered in prose)');
  await page.screenshot({ path: testInfo.outputPath('agent-creator-plain-1280.png'), fullPage: true });

  // A second visit goes on with the same conversation and draft (no second 'Creador de agentes').
  await page.goto('/agent-creator');
  await expect(chat.getByText('Quiero un agente para inquilinos; uso un modelo local')).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Asesor Local');
  await page.goto('/chat');
  await expect(page.getByText('Nuevo agente: Asesor Local', { exact: true })).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByText('Creador de agentes', { exact: true })).toHaveCount(0);
  await page.goto('/agent-creator');
  await expect(chat.getByText('Quiero un agente para inquilinos; uso un modelo local')).toHaveCount(1);

  // On a phone the note and the way to the form are there too.
  await page.setViewportSize({ width: 390, height: 844 });
  await composer.fill('Sigue con el modelo local');
  await composer.press('Enter');
  await expect(chat.getByText(/llega por partes/)).toHaveCount(2, { timeout: 30_000 });
  const toForm = page.getByRole('link', { name: 'Crear con formulario' });
  await expect(toForm).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('agent-creator-plain-390.png'), fullPage: true });

  // The form opens with what the draft holds.
  await toForm.click();
  await expect(page).toHaveURL(/\/create-advanced-agent$/);
  await expect(page.getByRole('textbox', { name: /^Nombre/ })).toHaveValue('Asesor Local', { timeout: 20_000 });
  await expect(page.getByRole('textbox', { name: /^Descripción/ })).toHaveValue(DESCRIPTION);
  await expect(page.getByRole('textbox', { name: /^Prompt del sistema/ })).toHaveValue(PROMPT);
  await auditAtBothSizes(page, '/create-advanced-agent (with the draft)');
});
