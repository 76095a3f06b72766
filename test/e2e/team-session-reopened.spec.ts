// Issue 31, item 6: a team chat opened again shows each question as its session: the steps' log,
// the team's answer with every agent's part, 'Repetir' and 'Guardar como ecosistema' (before, only
// the final answer came back). Walked as a user would against the chat server (a fake
// OpenAI-compatible model, test/e2e/support/openai-fake.mjs).
import { expect, test } from '@playwright/test';
import { chatBaseURL, E2E_CHAT_DATA_DIR } from '../../playwright.config';
import { registerAndVerify, uniqueEmail } from './support/accounts';

test.use({ baseURL: chatBaseURL });
test.setTimeout(180_000);

const SAMPLE_AGENTS = ['Asesor Legal', 'Analista Financiero'];

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
});

test('a team chat opened again shows its whole log, the answer, Repetir and Guardar como ecosistema', async ({ page }) => {
  await registerAndVerify(page, { email: uniqueEmail('reabrir'), password: 'Nova-Reabrir-2026!', contactName: 'Rita Reabre' }, E2E_CHAT_DATA_DIR);
  await page.goto('/marketplace');
  for (const name of SAMPLE_AGENTS) await page.getByRole('button', { name: `Añadir al equipo: ${name}` }).click();

  await page.goto('/start-team-chat');
  for (const name of SAMPLE_AGENTS) await page.getByRole('checkbox', { name: new RegExp(name) }).check();
  await page.getByRole('button', { name: 'Empezar chat de equipo' }).click();
  await page.getByRole('textbox', { name: 'Tu pregunta para el equipo' }).fill('¿Qué necesito para abrir una cafetería?');
  await page.getByRole('button', { name: 'Preguntar al equipo' }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('article', { name: 'Respuesta del equipo' })).toBeVisible({ timeout: 60_000 });
  const steps = await page.getByRole('log', { name: 'Pasos de la colaboración' }).getByRole('listitem').count();
  const conversation = page.url();

  // Elsewhere, then back to the conversation (a new page load: nothing kept from the visit).
  await page.goto('/marketplace');
  await page.goto(conversation);
  // The question heads the turn (the agents' tasks and parts repeat it after).
  await expect(page.getByText('¿Qué necesito para abrir una cafetería?', { exact: true }).first()).toBeVisible();
  const log = page.getByRole('log', { name: 'Pasos de la colaboración' });
  await expect(log.getByRole('listitem')).toHaveCount(steps);
  await expect(page.getByText(/^Coordina: /)).toBeVisible();
  await expect(page.getByRole('article', { name: 'Respuesta del equipo' })).toBeVisible();
  for (const name of SAMPLE_AGENTS) await expect(page.getByRole('article', { name: `Aportación de ${name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guardar como ecosistema' })).toBeVisible();

  // 'Repetir' works from the reopened conversation: both runs side by side.
  await page.getByRole('button', { name: 'Repetir' }).click();
  const comparison = page.getByRole('region', { name: 'Comparación de ejecuciones' });
  await expect(comparison.getByRole('region', { name: 'Repetición' }).getByRole('article', { name: 'Respuesta del equipo' })).toBeVisible({ timeout: 60_000 });
});
