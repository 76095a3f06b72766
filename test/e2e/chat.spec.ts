import { expect, test, type Page } from '@playwright/test';
import { chatBaseURL, E2E_CHAT_DATA_DIR } from '../../playwright.config';
import { registerAndVerify, uniqueEmail } from './support/accounts';

// Against the chat server: the app with a fake OpenAI-compatible model that streams its reply in
// chunks 300 ms apart (test/e2e/support/openai-fake.mjs).
test.use({ baseURL: chatBaseURL });
test.setTimeout(90_000);

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
});

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Menú lateral' });
const conversations = (page: Page) => sidebar(page).getByRole('region', { name: 'Conversaciones' });

test('a user chats with a marketplace agent, sees the reply stream in, renames, searches and deletes the conversation', async ({
  page,
}) => {
  const account = { email: uniqueEmail('chat'), password: 'Nova-Chat-2026!', contactName: 'Carla Chat' };
  await registerAndVerify(page, account, E2E_CHAT_DATA_DIR);
  await expect(conversations(page).getByText('No hay conversaciones')).toBeVisible();

  // The marketplace's sample agent, then 'Chatear con el agente'.
  await sidebar(page).getByRole('link', { name: /Marketplace/ }).click();
  await page.getByRole('link', { name: 'Ver detalles: Asesor Legal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Asesor Legal' })).toBeVisible();
  await page.getByRole('link', { name: 'Chatear con el agente' }).click();

  // Opening the chat creates nothing: the conversation appears with the first message.
  await expect(page).toHaveURL(/\/chat\?agent=agente-legal$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Chat con Asesor Legal' })).toBeVisible();
  await expect(conversations(page).getByText('No hay conversaciones')).toBeVisible();

  // The reply arrives in parts: first a piece of it (with 'Detener' offered), then all of it.
  const composer = page.getByRole('textbox', { name: 'Escribe tu mensaje' });
  await composer.fill('¿Qué cláusulas debe tener un contrato de alquiler?');
  await composer.press('Enter');
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const agentGroup = conversations(page).getByRole('list', { name: 'Chats con Agentes (1)' });
  await expect(agentGroup.getByRole('link', { name: 'Chat con Asesor Legal' })).toBeVisible();
  const messages = page.getByRole('list', { name: 'Mensajes' });
  await expect(messages.getByText('¿Qué cláusulas debe tener un contrato de alquiler?')).toBeVisible();
  const streaming = page.getByTestId('streaming-reply');
  await expect(streaming).toContainText('Hola, soy el');
  await expect(streaming).not.toContainText('termina aquí.');
  await expect(page.getByRole('button', { name: 'Detener' })).toBeVisible();

  const reply = messages.locator('[data-role="assistant"][data-status="complete"]');
  await expect(reply).toContainText('Hola, soy el modelo de prueba. Esta respuesta llega por partes y termina aquí.', {
    timeout: 15_000,
  });
  // Markdown, not raw asterisks.
  await expect(reply.locator('strong')).toHaveText('modelo de prueba');
  await expect(streaming).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeVisible();

  // The reply was stored: it is still there after a reload.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Mensajes' }).locator('[data-role="assistant"]')).toContainText('termina aquí.');

  // Rename in the sidebar: Escape reverts, Enter saves.
  const row = agentGroup.getByRole('listitem').filter({ hasText: 'Chat con Asesor Legal' });
  await row.getByRole('button', { name: 'Acciones de Chat con Asesor Legal' }).click();
  await page.getByRole('menuitem', { name: 'Renombrar' }).click();
  const titleBox = conversations(page).getByRole('textbox', { name: 'Nuevo título' });
  await titleBox.fill('No debería guardarse');
  await titleBox.press('Escape');
  await expect(agentGroup.getByRole('link', { name: 'Chat con Asesor Legal' })).toBeVisible();

  await row.getByRole('button', { name: 'Acciones de Chat con Asesor Legal' }).click();
  await page.getByRole('menuitem', { name: 'Renombrar' }).click();
  await titleBox.fill('  Contrato de alquiler  ');
  await titleBox.press('Enter');
  const renamed = conversations(page).getByRole('link', { name: 'Contrato de alquiler' });
  await expect(renamed).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Contrato de alquiler' })).toBeVisible();

  // Search is case-insensitive on the title.
  const searchBox = conversations(page).getByRole('searchbox', { name: 'Buscar conversaciones...' });
  await searchBox.fill('ALQUILER');
  await expect(renamed).toBeVisible();
  await searchBox.fill('hipoteca');
  await expect(renamed).toHaveCount(0);
  await expect(conversations(page).getByText('No hay conversaciones')).toBeVisible();
  await searchBox.fill('');
  await expect(renamed).toBeVisible();

  // The rename survives a reload (the server has it).
  await page.reload();
  await expect(conversations(page).getByRole('link', { name: 'Contrato de alquiler' })).toBeVisible();

  // Delete asks first; 'Cancelar' keeps it, 'Eliminar' removes it and leaves the chat.
  const renamedRow = conversations(page).getByRole('listitem').filter({ hasText: 'Contrato de alquiler' });
  await renamedRow.getByRole('button', { name: 'Acciones de Contrato de alquiler' }).click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Eliminar?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(conversations(page).getByRole('link', { name: 'Contrato de alquiler' })).toBeVisible();

  await renamedRow.getByRole('button', { name: 'Acciones de Contrato de alquiler' }).click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(conversations(page).getByRole('link', { name: 'Contrato de alquiler' })).toHaveCount(0);
  await expect(conversations(page).getByText('No hay conversaciones')).toBeVisible();
  await expect(page).toHaveURL(/\/chat$/);
  await page.reload();
  await expect(conversations(page).getByText('No hay conversaciones')).toBeVisible();
});

test('the main assistant chat starts from the new-action menu and the first message creates it', async ({ page }) => {
  const account = { email: uniqueEmail('nova'), password: 'Nova-Chat-2026!', contactName: 'Nico Nova' };
  await registerAndVerify(page, account, E2E_CHAT_DATA_DIR);

  await conversations(page).getByRole('button', { name: 'Nueva conversación o agente' }).click();
  await expect(page.getByRole('menuitem', { name: 'Crear Agente Avanzado' })).toBeVisible();
  await page.getByRole('menuitem', { name: /^Chat con / }).click();
  await expect(page).toHaveURL(/\/chat$/);

  const composer = page.getByRole('textbox', { name: 'Escribe tu mensaje' });
  await composer.fill('Quiero crear un agente de ventas');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const mainGroup = conversations(page).getByRole('list', { name: 'Asistente Principal (1)' });
  await expect(mainGroup.getByRole('link', { name: 'Quiero crear un agente de ventas' })).toBeVisible();

  // 'Detener' keeps what had arrived, marked as stopped, and the server stores it so.
  const streaming = page.getByTestId('streaming-reply');
  await expect(streaming).toContainText('Hola');
  await page.getByRole('button', { name: 'Detener' }).click();
  const stopped = page.getByRole('list', { name: 'Mensajes' }).locator('[data-role="assistant"][data-status="stopped"]');
  await expect(stopped).toContainText('Respuesta detenida');
  await expect(stopped).not.toContainText('termina aquí.');
  await page.reload();
  await expect(page.getByRole('list', { name: 'Mensajes' }).locator('[data-role="assistant"][data-status="stopped"]')).toBeVisible();
});
