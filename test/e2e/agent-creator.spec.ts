import { expect, test, type Page } from '@playwright/test';
import { chatBaseURL, E2E_CHAT_DATA_DIR } from '../../playwright.config';
import { registerAndVerify, uniqueEmail } from './support/accounts';

// Against the chat server, whose fake model answers the creator's structured requests with a
// draft (test/e2e/support/openai-fake.mjs, 'borrador_de_agente').
test.use({ baseURL: chatBaseURL });
test.setTimeout(90_000);

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
});

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Menú lateral' });
const myAgents = (page: Page) => sidebar(page).getByRole('list', { name: 'Mis Agentes' });

test('a new user creates an agent by talking, edits the draft by hand and sees it under Mis Agentes', async ({ page }, testInfo) => {
  const account = { email: uniqueEmail('creator'), password: 'Nova-Creator-2026!', contactName: 'Clara Creadora' };
  await registerAndVerify(page, account, E2E_CHAT_DATA_DIR);

  // /creador-agentes leads to /agent-creator, where the sidebar offers the first agent.
  await page.goto('/creador-agentes');
  await expect(page).toHaveURL(/\/agent-creator$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Crea tu agente conversando' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Crear agente' })).toBeDisabled();

  const composer = page.getByRole('textbox', { name: 'Mensaje para el creador de agentes' });
  await composer.fill('Quiero un agente que ayude a inquilinos con su contrato de alquiler');
  await composer.press('Enter');
  const chat = page.getByRole('list', { name: 'Conversación con el creador de agentes' });
  await expect(chat.getByText('Quiero un agente que ayude a inquilinos')).toBeVisible();
  await expect(chat.getByText('He preparado un borrador con lo que me has contado.')).toBeVisible({ timeout: 15_000 });

  // The draft beside the chat filled in from the model's structured reply.
  const name = page.getByRole('textbox', { name: 'Nombre' });
  await expect(name).toHaveValue('Asesor de Alquileres');
  await expect(page.getByRole('textbox', { name: 'Instrucciones del agente (prompt del sistema)' })).toHaveValue(/asesor de alquileres/);

  // A hand edit is kept and saved.
  await name.fill('Mi Asesor de Alquileres');
  await page.screenshot({ path: testInfo.outputPath('agent-creator-1280.png'), fullPage: true });
  await page.getByRole('button', { name: 'Crear agente' }).click();
  await expect(page.getByText('Agente «Mi Asesor de Alquileres» creado. Ya aparece en Mis Agentes.')).toBeVisible();
  await expect(myAgents(page).getByRole('link', { name: 'Mi Asesor de Alquileres' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Crear mi primer agente' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Guardar cambios' })).toBeVisible();

  // Reopened later, the agent's draft comes back to change it the same way.
  await myAgents(page).getByRole('link', { name: 'Mi Asesor de Alquileres' }).click();
  await expect(page).toHaveURL(/\/agentes\/[^/]+$/);
  const agentUrl = new URL(page.url());
  const agentId = decodeURIComponent(agentUrl.pathname.split('/').pop()!);
  await page.goto(`/agent-creator/${encodeURIComponent(agentId)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cambiar «Mi Asesor de Alquileres» conversando' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Mi Asesor de Alquileres');
});

test('the creator on a phone stacks the chat above the draft', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const account = { email: uniqueEmail('creator-phone'), password: 'Nova-Creator-2026!', contactName: 'Pablo Móvil' };
  await registerAndVerify(page, account, E2E_CHAT_DATA_DIR);
  await page.goto('/agent-creator');
  const composer = page.getByRole('textbox', { name: 'Mensaje para el creador de agentes' });
  await composer.fill('Un agente para pymes');
  await composer.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Asesor de Alquileres', { timeout: 15_000 });
  const chatBox = await composer.boundingBox();
  const nameBox = await page.getByRole('textbox', { name: 'Nombre' }).boundingBox();
  expect(nameBox!.y).toBeGreaterThan(chatBox!.y);
  await page.screenshot({ path: testInfo.outputPath('agent-creator-390.png'), fullPage: true });
});
