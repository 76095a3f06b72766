import { expect, test, type Page } from '@playwright/test';
import { chatBaseURL, E2E_CHAT_DATA_DIR } from '../../playwright.config';
import { registerAndVerify, uniqueEmail } from './support/accounts';

// Against the chat server: its fake OpenAI-compatible model lists 'fake' in GET /v1/models, so the
// form's model picker has a model to offer.
test.use({ baseURL: chatBaseURL });
test.setTimeout(120_000);

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
});

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Menú lateral' });
const myAgents = (page: Page) => sidebar(page).getByRole('list', { name: 'Mis Agentes' });

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test('a user creates an agent with the advanced form, sees it under Mis Agentes, edits it and deletes it', async ({ page }, testInfo) => {
  const account = { email: uniqueEmail('editor'), password: 'Nova-Editor-2026!', contactName: 'Elena Editora' };
  await registerAndVerify(page, account, E2E_CHAT_DATA_DIR);

  // The sidebar's new-action menu offers both ways to start.
  await sidebar(page).getByRole('button', { name: /Nueva/ }).click();
  await expect(page.getByRole('menuitem', { name: /^Chat con / })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Crear Agente Avanzado' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sidebar(page).getByRole('link', { name: 'Crear mi primer agente' })).toBeVisible();

  await page.goto('/create-advanced-agent');
  // A full load with a session (the app, then the stored session) took over 5 s under CI's load.
  await expect(page.getByRole('heading', { level: 1, name: 'Crear Agente Avanzado' })).toBeVisible({ timeout: 20_000 });

  // Nothing filled in: Spanish messages by the fields, nothing saved.
  await page.getByRole('button', { name: 'Crear agente' }).click();
  await expect(page.getByText('El nombre es obligatorio.')).toBeVisible();
  await expect(page.getByText('Elige una categoría.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Nombre' }).fill('Asesor de Hipotecas');
  await choose(page, 'Categoría', 'Finanzas');
  await page.getByRole('textbox', { name: 'Descripción' }).fill('Compara ofertas de hipotecas y explica las condiciones.');
  const skill = page.getByRole('textbox', { name: 'Nueva entrada en habilidades' });
  await skill.fill('Hipotecas');
  await skill.press('Enter');
  await skill.fill('Tipos de interés');
  await skill.press('Enter');
  await page.getByRole('textbox', { name: 'Nueva entrada en casos de uso' }).fill('Primera vivienda');
  await page.getByRole('button', { name: 'Añadir: Casos de uso' }).click();
  await page.getByRole('textbox', { name: /^Precio/ }).fill('9,99');
  await choose(page, 'Modelo', 'fake');
  await page.getByRole('radio', { name: 'Público: aparece en el marketplace' }).check();
  await page.getByRole('textbox', { name: 'Prompt del sistema' }).fill('Eres un asesor hipotecario. Responde en español.');
  await page.screenshot({ path: testInfo.outputPath('agent-editor-create-1280.png'), fullPage: true });

  await page.getByRole('button', { name: 'Crear agente' }).click();
  await expect(page.getByText('Agente "Asesor de Hipotecas" creado.')).toBeVisible();
  await expect(page).toHaveURL(/\/edit-advanced-agent\/[^/]+$/);
  // At once under 'Mis Agentes', and no longer offered to create a first one.
  await expect(myAgents(page).getByRole('link', { name: 'Asesor de Hipotecas' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Crear mi primer agente' })).toHaveCount(0);

  // The edit page has the form and the prompt's tabs, with what was saved.
  await expect(page.getByRole('heading', { level: 1, name: 'Editar agente: Asesor de Hipotecas' })).toBeVisible();
  for (const tab of ['Configuración', 'Versiones del prompt', 'Casos de prueba']) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }
  await expect(page.getByRole('textbox', { name: 'Prompt del sistema' })).toHaveValue('Eres un asesor hipotecario. Responde en español.');
  await expect(page.getByRole('textbox', { name: 'Modelo' })).toHaveValue('fake');
  await expect(page.getByRole('list', { name: 'Habilidades' })).toContainText('Tipos de interés');
  await page.screenshot({ path: testInfo.outputPath('agent-editor-edit-1280.png'), fullPage: true });

  // Leaving with unsaved changes asks first.
  await page.getByRole('textbox', { name: 'Nombre' }).fill('Asesor de Hipotecas Plus');
  await sidebar(page).getByRole('link', { name: 'Marketplace' }).click();
  const unsaved = page.getByRole('dialog', { name: 'Cambios sin guardar' });
  await expect(unsaved).toBeVisible();
  await unsaved.getByRole('button', { name: 'Seguir editando' }).click();
  await expect(page).toHaveURL(/\/edit-advanced-agent\//);

  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Agente y prompt actualizados con éxito.')).toBeVisible();
  await expect(myAgents(page).getByRole('link', { name: 'Asesor de Hipotecas Plus' })).toBeVisible();

  // From 'Mis Agentes', the agent's page leads back to its editor.
  await myAgents(page).getByRole('link', { name: 'Asesor de Hipotecas Plus' }).click();
  await page.getByRole('link', { name: 'Editar agente' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar agente: Asesor de Hipotecas Plus' })).toBeVisible();

  await page.getByRole('button', { name: 'Eliminar agente' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar agente' });
  await expect(confirm).toContainText(
    '¿Está seguro de que desea eliminar el agente "Asesor de Hipotecas Plus"? Esta acción no se puede deshacer.',
  );
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Agente "Asesor de Hipotecas Plus" eliminado con éxito.')).toBeVisible();
  await expect(page).toHaveURL(/\/my-office$/);
  await expect(sidebar(page).getByRole('link', { name: 'Crear mi primer agente' })).toBeVisible();
  await expect(myAgents(page)).toHaveCount(0);
});

test('the advanced form on a phone, and another user cannot edit the agent', async ({ page, browser }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const owner = { email: uniqueEmail('editor-phone'), password: 'Nova-Editor-2026!', contactName: 'Pablo Móvil' };
  await registerAndVerify(page, owner, E2E_CHAT_DATA_DIR);
  await page.goto('/create-advanced-agent');
  await page.getByRole('textbox', { name: 'Nombre' }).fill('Agente de Pablo');
  await choose(page, 'Categoría', 'Legal');
  await page.getByRole('textbox', { name: 'Descripción' }).fill('Responde dudas legales.');
  await page.screenshot({ path: testInfo.outputPath('agent-editor-create-390.png'), fullPage: true });
  await page.getByRole('button', { name: 'Crear agente' }).click();
  await expect(page).toHaveURL(/\/edit-advanced-agent\/[^/]+$/);
  const editUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: 'Editar agente: Agente de Pablo' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('agent-editor-edit-390.png'), fullPage: true });

  const other = await browser.newContext({ baseURL: chatBaseURL, locale: 'es-ES' });
  try {
    const otherPage = await other.newPage();
    await otherPage.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
    await registerAndVerify(otherPage, { email: uniqueEmail('intruso'), password: 'Nova-Editor-2026!', contactName: 'Iván' }, E2E_CHAT_DATA_DIR);
    await otherPage.goto(editUrl);
    // A private agent of someone else is not even revealed.
    await expect(otherPage.getByRole('alert')).toHaveText('Agente no encontrado');
    await expect(otherPage.getByRole('button', { name: 'Guardar cambios' })).toHaveCount(0);
  } finally {
    await other.close();
  }
});
