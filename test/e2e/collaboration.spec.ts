// Agents working together (issue 16), walked as a user would against the chat server (a fake
// OpenAI-compatible model, test/e2e/support/openai-fake.mjs): three sample agents join the team,
// /start-team-chat starts a 'Flujo de Agentes', the steps stream into the live log and the team's
// answer shows each agent's part; a second question is cancelled. Then an admin builds, saves and
// runs a flow in the editor, and a non-admin is sent away from /agent-flow.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { chatBaseURL, E2E_CHAT_DATA_DIR } from '../../playwright.config';
import { registerAndVerify, signIn, uniqueEmail } from './support/accounts';

test.use({ baseURL: chatBaseURL });
test.setTimeout(180_000);

const PASSWORD = 'Nova-Flujo-2026!';
const SAMPLE_AGENTS = ['Asesor Legal', 'Analista Financiero', 'Estratega de Marketing'];

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
});

async function addSampleAgentsToTeam(page: Page) {
  await page.goto('/marketplace');
  for (const name of SAMPLE_AGENTS) {
    await page.getByRole('button', { name: `Añadir al equipo: ${name}` }).click();
  }
}

test('three agents answer one question together; the steps stream in and a run can be cancelled', async ({ page }) => {
  const account = { email: uniqueEmail('flujo'), password: PASSWORD, contactName: 'Flora Flujo' };
  await registerAndVerify(page, account, E2E_CHAT_DATA_DIR);
  await addSampleAgentsToTeam(page);

  // /start-team-chat refuses an empty selection, then opens the flow chat with the team.
  await page.goto('/start-team-chat');
  await page.getByRole('button', { name: 'Empezar chat de equipo' }).click();
  await expect(page.getByRole('alert')).toContainText('No agents selected for collaboration');
  for (const name of SAMPLE_AGENTS) await page.getByRole('checkbox', { name: new RegExp(name) }).check();
  await page.getByRole('button', { name: 'Empezar chat de equipo' }).click();
  await expect(page).toHaveURL(/\/chat\?flow=true&agents=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Flujo de Agentes' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Tu pregunta para el equipo' }).fill('¿Cómo lanzo una tienda online de cosmética?');
  await page.getByRole('button', { name: 'Preguntar al equipo' }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const log = page.getByRole('log', { name: 'Pasos de la colaboración' });
  await expect(log.getByRole('listitem').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/^Coordina: /)).toBeVisible();

  const answer = page.getByRole('article', { name: 'Respuesta del equipo' });
  await expect(answer).toBeVisible({ timeout: 60_000 });
  for (const name of SAMPLE_AGENTS) {
    await expect(page.getByRole('article', { name: `Aportación de ${name}` })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Repetir' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guardar como ecosistema' })).toBeVisible();

  // Stored in the conversation: still there after a reload, with its whole log (the agents' tasks
  // and contributions repeat the question, so the question is found as its own text, first).
  await page.reload();
  await expect(page.getByText('¿Cómo lanzo una tienda online de cosmética?', { exact: true }).first()).toBeVisible();
  for (const name of SAMPLE_AGENTS) {
    await expect(page.getByRole('article', { name: `Aportación de ${name}` })).toBeVisible();
  }

  // A second question, cancelled while it runs.
  for (const name of SAMPLE_AGENTS) await page.getByRole('checkbox', { name: new RegExp(name) }).check();
  await page.getByRole('textbox', { name: 'Tu pregunta para el equipo' }).fill('Y el plan de marketing, ¿cuál sería?');
  await page.getByRole('button', { name: 'Preguntar al equipo' }).click();
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText('Has cancelado la colaboración.')).toBeVisible({ timeout: 20_000 });
});

test('an admin builds, saves and runs a flow; a user is sent away from the editor', async ({ browser }) => {
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await userPage.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
  await registerAndVerify(userPage, { email: uniqueEmail('flujo-user'), password: PASSWORD, contactName: 'Ulises Usuario' }, E2E_CHAT_DATA_DIR);
  await expect(userPage.getByText('Próximamente disponible')).toBeVisible();
  await userPage.goto('/agent-flow');
  await expect(userPage).toHaveURL(/\/$/);
  await userContext.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
  const admin = { email: uniqueEmail('flujo-admin'), password: PASSWORD, contactName: 'Ada Admin' };
  await registerAndVerify(page, admin, E2E_CHAT_DATA_DIR);
  execFileSync(process.execPath, [join(__dirname, '../../dist/backend/cli/admin.js'), 'grant', admin.email], {
    env: { ...process.env, DATA_DIR: E2E_CHAT_DATA_DIR, LOG_LEVEL: 'error' },
  });
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/login');
  await signIn(page, admin.email, admin.password);

  await page.getByRole('link', { name: 'Editor de Flujos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editor de Flujos' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Lienzo del flujo' })).toBeVisible();
  for (const name of ['Asesor Legal', 'Analista Financiero']) {
    await page.getByRole('textbox', { name: 'Agente' }).click();
    await page.getByRole('option', { name }).click();
    await page.getByRole('button', { name: 'Añadir', exact: true }).click();
  }
  await page.getByRole('textbox', { name: 'Desde' }).click();
  await page.getByRole('option', { name: 'Asesor Legal' }).click();
  await page.getByRole('textbox', { name: 'Hasta' }).click();
  await page.getByRole('option', { name: 'Analista Financiero' }).click();
  await page.getByRole('button', { name: 'Conectar' }).click();
  await expect(page.getByRole('list', { name: 'Orden de ejecución' })).toContainText('Paso 2: Analista Financiero');

  await page.getByRole('textbox', { name: 'Nombre del flujo' }).fill('Alta de empresa');
  await page.getByRole('checkbox', { name: 'Ofrecer como plantilla a los usuarios' }).check();
  await page.getByRole('button', { name: 'Guardar flujo' }).click();
  await expect(page.getByRole('button', { name: 'Cargar: Alta de empresa · Plantilla' })).toBeVisible();

  await page.reload();
  await page.getByRole('button', { name: 'Cargar: Alta de empresa · Plantilla' }).click();
  await expect(page.getByRole('textbox', { name: 'Nombre del flujo' })).toHaveValue('Alta de empresa');
  await page.getByRole('textbox', { name: 'Pregunta para el flujo' }).fill('¿Qué necesito para crear una SL?');
  await page.getByRole('button', { name: 'Ejecutar flujo' }).click();
  await expect(page.getByRole('log', { name: 'Pasos de la colaboración' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Respuesta del equipo' })).toBeVisible({ timeout: 60_000 });
  await context.close();
});
