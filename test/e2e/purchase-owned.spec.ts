import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { chatBaseURL, E2E_CHAT_DATA_DIR } from '../../playwright.config';
import { registerAndVerify, uniqueEmail } from './support/accounts';

// Issue 31, joins 2, 3 and 11, walked as users would: a creator makes a paid agent (no 'Suscribirse'
// nor cart on their own agent's page), puts it in their team and, from Mi Oficina, creates a public,
// priced ecosystem with 'Crear ecosistema'; a buyer adds a card, buys the pack from its marketplace
// page, gets 'Chatear' on /success, finds the pack and its agent in Mi Oficina, sees the pack's page
// as 'Suscrito' with 'Gestionar suscripción', and receives the receipt by e-mail.
test.use({ baseURL: chatBaseURL });
test.setTimeout(240_000);

const AGENT_NAME = 'Gestor de Facturas';
const PACK_NAME = 'Pack Autónomos';

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Menú lateral' });

async function newUser(browser: Browser, email: string, contactName: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: chatBaseURL, locale: 'es-ES' });
  const page = await context.newPage();
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
  await registerAndVerify(page, { email, password: 'Nova-Compras-2026!', contactName }, E2E_CHAT_DATA_DIR);
  return page;
}

async function createPaidAgent(page: Page): Promise<string> {
  // 'Mis Agentes' leads to the form creator, with or without a model for the conversational one.
  await sidebar(page).getByRole('link', { name: 'Crear con formulario' }).click();
  await expect(page).toHaveURL(/\/create-advanced-agent$/);
  await page.getByRole('textbox', { name: 'Nombre' }).fill(AGENT_NAME);
  await page.getByRole('textbox', { name: 'Categoría' }).click();
  await page.getByRole('option', { name: 'Finanzas' }).click();
  await page.getByRole('textbox', { name: 'Descripción' }).fill('Ordena y revisa tus facturas trimestrales.');
  await page.getByRole('textbox', { name: /^Precio/ }).fill('4,99');
  await page.getByRole('radio', { name: 'Público: aparece en el marketplace' }).check();
  await page.getByRole('textbox', { name: 'Prompt del sistema' }).fill('Eres un gestor de facturas. Responde en español.');
  await page.getByRole('button', { name: 'Crear agente' }).click();
  await expect(page).toHaveURL(/\/edit-advanced-agent\/[^/]+$/);
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
}

/** The e-mails of the chat server's outbox to `recipient`. */
async function mailsTo(recipient: string): Promise<string[]> {
  const outbox = join(E2E_CHAT_DATA_DIR, 'outbox');
  const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith(`-${recipient}.eml`));
  return Promise.all(names.map((name) => readFile(join(outbox, name), 'utf8')));
}

test('a creator sells a pack made in Mi Oficina; a buyer buys it and owns it: Mi Oficina, Suscrito, Chatear and the receipt', async ({ browser }, testInfo) => {
  const creator = await newUser(browser, uniqueEmail('creadora-pack'), 'Clara Creadora');
  const agentId = await createPaidAgent(creator);

  // Its creator is offered neither a subscription nor the cart on their own agent's page.
  await creator.goto(`/marketplace/agent/${encodeURIComponent(agentId)}`);
  await creator.getByRole('button', { name: `Añadir al equipo: ${AGENT_NAME}` }).click();
  await expect(creator.getByRole('button', { name: `En tu equipo: ${AGENT_NAME}` })).toBeVisible();
  await expect(creator.getByRole('button', { name: /^Suscribirse/ })).toHaveCount(0);
  await expect(creator.getByRole('button', { name: /carrito/ })).toHaveCount(0);

  // Mi Oficina: team chat is one click away, and 'Crear ecosistema' sells the team's agents as a pack.
  await sidebar(creator).getByRole('link', { name: 'Mi Oficina' }).click();
  const actions = creator.getByRole('group', { name: 'Acciones de Mi Oficina' });
  await expect(actions.getByRole('link', { name: 'Chat de equipo' })).toHaveAttribute('href', '/start-team-chat');
  await actions.getByRole('button', { name: 'Crear ecosistema' }).click();
  const dialog = creator.getByRole('dialog', { name: 'Crear ecosistema' });
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill(PACK_NAME);
  await dialog.getByRole('checkbox', { name: AGENT_NAME }).check();
  await dialog.getByRole('textbox', { name: /^Precio al mes/ }).fill('9,99');
  await dialog.getByRole('switch', { name: 'Público en el marketplace' }).check();
  await dialog.getByRole('button', { name: 'Crear ecosistema' }).click();
  await expect(creator).toHaveURL(/\/my-office\/ecosystem\/[^/]+$/);
  const packId = decodeURIComponent(new URL(creator.url()).pathname.split('/').pop()!);
  await creator.context().close();

  const buyerEmail = uniqueEmail('comprador-pack');
  const buyer = await newUser(browser, buyerEmail, 'Bea Compradora');
  await buyer.goto('/mi-perfil?tab=PAYMENTS');
  await buyer.getByRole('textbox', { name: 'Número de tarjeta' }).fill('4242 4242 4242 4242');
  await buyer.getByRole('textbox', { name: 'Caducidad' }).fill('12/34');
  await buyer.getByRole('textbox', { name: 'CVC' }).fill('123');
  await buyer.getByRole('button', { name: 'Guardar tarjeta' }).click();
  await expect(buyer.getByRole('list', { name: 'Tarjetas guardadas' })).toContainText('4242');

  await buyer.goto(`/marketplace/ecosystem/${encodeURIComponent(packId)}`);
  await buyer.getByRole('button', { name: `Suscribirse: ${PACK_NAME}` }).click();
  await buyer.getByRole('dialog', { name: 'Confirmar suscripción' }).getByRole('button', { name: 'Confirmar suscripción' }).click();

  // /success: 'Chatear' with what was bought, and the way to Mi Oficina.
  await expect(buyer.getByRole('heading', { level: 1, name: '¡Gracias por tu compra!' })).toBeVisible();
  await expect(buyer.getByRole('link', { name: 'Chatear', exact: true })).toHaveAttribute('href', `/my-office/ecosystem/${packId}`);
  await buyer.screenshot({ path: testInfo.outputPath('purchase-success-1280.png'), fullPage: true });
  await buyer.getByRole('link', { name: 'Ir a Mi Oficina' }).click();

  // Mi Oficina shows the pack and its agent at once.
  await expect(buyer.getByRole('list', { name: 'Ecosistemas de mi equipo' }).getByRole('link', { name: PACK_NAME })).toBeVisible();
  await expect(buyer.getByRole('list', { name: 'Agentes de mi equipo' }).getByRole('link', { name: AGENT_NAME })).toBeVisible();

  // The pack's marketplace page: 'Suscrito', with 'Chatear' and 'Gestionar suscripción', not 'Suscribirse' again.
  await buyer.goto(`/marketplace/ecosystem/${encodeURIComponent(packId)}`);
  await expect(buyer.getByText('Suscrito', { exact: true })).toBeVisible();
  await expect(buyer.getByRole('link', { name: 'Chatear', exact: true })).toBeVisible();
  await expect(buyer.getByRole('link', { name: 'Gestionar suscripción' })).toBeVisible();
  await expect(buyer.getByRole('button', { name: /^Suscribirse/ })).toHaveCount(0);
  await buyer.setViewportSize({ width: 390, height: 844 });
  await buyer.screenshot({ path: testInfo.outputPath('purchase-owned-390.png'), fullPage: true });

  // The agent's page says so too (the pack includes it), with no cart.
  await buyer.goto(`/marketplace/agent/${encodeURIComponent(agentId)}`);
  await expect(buyer.getByText('Suscrito', { exact: true })).toBeVisible();
  await expect(buyer.getByRole('button', { name: /carrito/ })).toHaveCount(0);

  // 'Mis compras' lists the subscription.
  await buyer.setViewportSize({ width: 1280, height: 800 });
  await sidebar(buyer).getByRole('link', { name: 'Mis compras' }).click();
  await expect(buyer).toHaveURL(/\/mi-perfil\?tab=SUBSCRIPTION/);
  await expect(buyer.getByRole('list', { name: 'Suscripciones' })).toContainText(PACK_NAME);

  // The receipt arrived by e-mail.
  await expect.poll(async () => (await mailsTo(buyerEmail)).some((mail) => mail.includes(`Concepto: ${PACK_NAME}`)), { timeout: 15_000 }).toBe(true);
  await buyer.context().close();
});
