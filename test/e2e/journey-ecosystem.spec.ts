// Issue 31, "Done means": team chat → save as ecosystem → Mi Oficina → publish it, walked as a user
// would against the chat server (a fake OpenAI-compatible model, test/e2e/support/openai-fake.mjs).
// A user starts a team chat from the '+' menu with two agents of their team, asks, saves the team as
// an ecosystem, finds it in Mi Oficina at once, gives it a price and makes it public there with
// 'Editar ecosistema'; a visitor then finds it in the marketplace at that price. axe audits every
// screen of the way at 1280 and 390 px.
import { expect, test, type Page } from '@playwright/test';
import { chatBaseURL, E2E_CHAT_DATA_DIR } from '../../playwright.config';
import { registerAndVerify, uniqueEmail } from './support/accounts';
import { auditAtBothSizes, waitUntilSettled } from './support/axe';

test.use({ baseURL: chatBaseURL, viewport: { width: 1280, height: 800 } });
// Two runs of the team (the answer streams from the fake model) and axe on nine screens twice.
test.setTimeout(360_000);

const SAMPLE_AGENTS = ['Asesor Legal', 'Analista Financiero'];
const QUESTION = '¿Qué necesito para abrir una librería de barrio?';

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Menú lateral' });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
});

test('a team chat saved as an ecosystem is in Mi Oficina at once, and once priced and public a visitor finds it in the marketplace', async ({ page, browser }, testInfo) => {
  const packName = `Equipo Librería ${Date.now().toString(36)}`;
  await registerAndVerify(page, { email: uniqueEmail('ecosistema'), password: 'Nova-Ecosistema-2026!', contactName: 'Elena Ecosistema' }, E2E_CHAT_DATA_DIR);
  await page.goto('/marketplace');
  for (const name of SAMPLE_AGENTS) await page.getByRole('button', { name: `Añadir al equipo: ${name}` }).click();
  for (const name of SAMPLE_AGENTS) await expect(page.getByRole('button', { name: `En tu equipo: ${name}` })).toBeVisible();

  // The '+' menu above the conversations, in the sidebar, leads to the team chat.
  await sidebar(page).getByRole('button', { name: 'Nueva conversación o agente' }).click();
  await page.getByRole('menuitem', { name: 'Chat de equipo' }).click();
  await expect(page).toHaveURL(/\/start-team-chat$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Chat de equipo' })).toBeVisible();
  for (const name of SAMPLE_AGENTS) await expect(page.getByRole('checkbox', { name: new RegExp(name) })).toBeVisible();
  await auditAtBothSizes(page, '/start-team-chat');

  for (const name of SAMPLE_AGENTS) await page.getByRole('checkbox', { name: new RegExp(name) }).check();
  await page.getByRole('button', { name: 'Empezar chat de equipo' }).click();
  const question = page.getByRole('textbox', { name: 'Tu pregunta para el equipo' });
  await expect(question).toBeVisible();
  await auditAtBothSizes(page, '/chat?flow=true (the team, before the question)');

  await question.fill(QUESTION);
  await page.getByRole('button', { name: 'Preguntar al equipo' }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('article', { name: 'Respuesta del equipo' })).toBeVisible({ timeout: 60_000 });
  for (const name of SAMPLE_AGENTS) await expect(page.getByRole('article', { name: `Aportación de ${name}` })).toBeVisible();
  await auditAtBothSizes(page, '/chat/{id} (the team answered)');

  // 'Guardar como ecosistema' asks for a name; the toast says where it went.
  await page.getByRole('button', { name: 'Guardar como ecosistema' }).click();
  const saveDialog = page.getByRole('dialog', { name: 'Guardar como ecosistema' });
  await expect(saveDialog).toBeVisible();
  await expect(saveDialog).toContainText(SAMPLE_AGENTS.join(', '));
  await auditAtBothSizes(page, "/chat/{id} with 'Guardar como ecosistema' open");
  await saveDialog.getByRole('textbox', { name: 'Nombre del ecosistema' }).fill(packName);
  await saveDialog.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(saveDialog).toBeHidden();
  await expect(page.getByText(`Ecosistema «${packName}» guardado en Mi Oficina`)).toBeVisible();

  // Mi Oficina shows it at once: no reload, reached through the sidebar.
  await sidebar(page).getByRole('link', { name: 'Mi Oficina' }).click();
  await expect(page).toHaveURL(/\/my-office$/);
  const packLink = page.getByRole('list', { name: 'Ecosistemas de mi equipo' }).getByRole('link', { name: packName });
  await expect(packLink).toBeVisible();
  await auditAtBothSizes(page, '/my-office (with the saved ecosystem)');

  // Its page in Mi Oficina: its agents, and 'Editar ecosistema' for its owner.
  await packLink.click();
  await expect(page).toHaveURL(/\/my-office\/ecosystem\/[^/]+$/);
  const packId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await expect(page.getByRole('heading', { level: 1, name: packName })).toBeVisible();
  for (const name of SAMPLE_AGENTS) await expect(page.getByRole('main').getByText(name, { exact: true }).first()).toBeVisible();
  await auditAtBothSizes(page, '/my-office/ecosystem/{id}');

  await page.getByRole('button', { name: 'Editar ecosistema' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Editar ecosistema' });
  await expect(editDialog.getByRole('textbox', { name: 'Nombre' })).toHaveValue(packName);
  await expect(editDialog.getByRole('switch', { name: 'Público en el marketplace' })).not.toBeChecked();
  await auditAtBothSizes(page, "/my-office/ecosystem/{id} with 'Editar ecosistema' open");
  await editDialog.getByRole('textbox', { name: /^Precio al mes/ }).fill('14,99');
  await editDialog.getByRole('switch', { name: 'Público en el marketplace' }).check();
  await editDialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(editDialog).toBeHidden();
  await expect(page.getByText('Ecosistema guardado')).toBeVisible();
  await expect(page.getByRole('main')).toContainText('14,99');
  await page.screenshot({ path: testInfo.outputPath('journey-ecosystem-office-1280.png'), fullPage: true });

  // A visitor finds it in the marketplace, at its price, with its agents.
  const visitorContext = await browser.newContext({ baseURL: chatBaseURL, locale: 'es-ES', viewport: { width: 1280, height: 800 } });
  const visitor = await visitorContext.newPage();
  await visitor.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
  await visitor.goto('/marketplace');
  await visitor.getByRole('tab', { name: 'Ecosistemas' }).click();
  await visitor.getByRole('searchbox', { name: 'Buscar', exact: true }).fill(packName);
  const card = visitor.getByRole('listitem', { name: packName, exact: true });
  await expect(card).toBeVisible();
  await expect(card).toContainText('14,99');
  await auditAtBothSizes(visitor, "/marketplace, 'Ecosistemas' (visitor)");

  await card.getByRole('link', { name: `Ver detalles: ${packName}` }).click();
  await expect(visitor).toHaveURL(new RegExp(`/marketplace/ecosystem/${packId}$`));
  await expect(visitor.getByRole('heading', { level: 1, name: packName })).toBeVisible();
  await expect(visitor.getByRole('main')).toContainText('14,99');
  for (const name of SAMPLE_AGENTS) await expect(visitor.getByRole('main').getByText(name, { exact: true }).first()).toBeVisible();
  await auditAtBothSizes(visitor, '/marketplace/ecosystem/{id} (visitor)');
  await visitor.setViewportSize({ width: 390, height: 844 });
  await waitUntilSettled(visitor);
  await visitor.screenshot({ path: testInfo.outputPath('journey-ecosystem-marketplace-390.png'), fullPage: true });
  await visitorContext.close();
});
