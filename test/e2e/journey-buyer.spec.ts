// Issue 31, "Done means": visitor → sign-up → buy → own, walked as a buyer would in one browser,
// against the chat server (a fake OpenAI-compatible model, test/e2e/support/openai-fake.mjs) so that
// the bought agent answers. A visitor finds a paid agent in the marketplace, creates an account from
// the sidebar (the code comes from the dev mail outbox), comes back to the agent, adds a card when
// 'Suscribirse' asks for one and is taken back to confirm, buys, chats with it from /success, and finds it owned: Mi Oficina, its
// page 'Suscrito' and 'Mis compras'. axe audits every screen of the way at 1280 and 390 px.
import { expect, test, type Page } from '@playwright/test';
import { chatBaseURL, E2E_CHAT_DATA_DIR } from '../../playwright.config';
import { readCode, registerAndVerify, uniqueEmail } from './support/accounts';
import { auditAtBothSizes, waitUntilSettled } from './support/axe';

test.use({ baseURL: chatBaseURL, viewport: { width: 1280, height: 800 } });
test.setTimeout(360_000);

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Menú lateral' });
const idToken = (page: Page) =>
  page.evaluate(() => Object.entries(window.localStorage).find(([key]) => key.endsWith('.idToken'))?.[1] ?? null);

/** A creator's paid public agent, made through the API: the creator's own journey is purchase-owned.spec.ts. */
async function paidAgentOfAnotherCreator(page: Page, name: string): Promise<string> {
  await registerAndVerify(page, { email: uniqueEmail('creador-venta'), password: 'Nova-Venta-2026!', contactName: 'Carlos Creador' }, E2E_CHAT_DATA_DIR);
  const response = await page.request.post('/api/agents', {
    headers: { Authorization: `Bearer ${await idToken(page)}` },
    data: {
      name,
      category: 'legal',
      description: 'Revisa contratos de alquiler y te dice qué cláusulas mirar.',
      price: 6.5,
      isPublic: true,
      prompt: 'Eres un revisor de contratos de alquiler. Responde en español.',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test('a visitor signs up, buys a paid agent and owns it: Suscrito, Chatear, Mi Oficina and Mis compras', async ({ browser }, testInfo) => {
  const agentName = `Revisor de Alquileres ${Date.now().toString(36)}`;
  const creatorContext = await browser.newContext({ baseURL: chatBaseURL, locale: 'es-ES' });
  const creatorPage = await creatorContext.newPage();
  await creatorPage.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
  const agentId = await paidAgentOfAnotherCreator(creatorPage, agentName);
  await creatorContext.close();

  const context = await browser.newContext({ baseURL: chatBaseURL, locale: 'es-ES', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));

  // A visitor: the home page, then the marketplace, where the agent is found by its name.
  await page.goto('/');
  await auditAtBothSizes(page, '/ (visitor)');
  await sidebar(page).getByRole('link', { name: /Marketplace/ }).click();
  await page.getByRole('searchbox', { name: 'Buscar', exact: true }).fill(agentName);
  const card = page.getByRole('listitem', { name: agentName, exact: true });
  await expect(card).toContainText('6,50');
  await auditAtBothSizes(page, '/marketplace (visitor)');
  await card.getByRole('link', { name: `Ver detalles: ${agentName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/marketplace/agent/${agentId}$`));
  await expect(page.getByRole('heading', { level: 1, name: agentName })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('6,50');
  // Buying needs an account: a visitor is offered none of it.
  await expect(page.getByRole('button', { name: /^Suscribirse/ })).toHaveCount(0);
  await auditAtBothSizes(page, '/marketplace/agent/{id} (visitor)');
  const agentPage = page.url();

  // Signs up from the sidebar: the form, then the code e-mailed to them.
  const email = uniqueEmail('comprador-visitante');
  const password = 'Nova-Visitante-2026!';
  await sidebar(page).getByRole('link', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await auditAtBothSizes(page, '/register');
  await page.getByLabel('Nombre de contacto').fill('Vera Visitante');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel(/^Contraseña/).fill(password);
  await page.getByLabel('Repetir contraseña').fill(password);
  const sentAfter = Date.now() - 1_000;
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await auditAtBothSizes(page, '/verify-email');
  await page.getByLabel('Código de verificación').fill(await readCode(email, sentAfter, E2E_CHAT_DATA_DIR));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/chat$/, { timeout: 20_000 });

  // Back to the agent: 'Suscribirse' asks for a card first.
  await page.goto(agentPage);
  await page.getByRole('button', { name: `Suscribirse: ${agentName}` }).click();
  const noCard = page.getByRole('dialog', { name: 'Necesitas una tarjeta' });
  await expect(noCard).toBeVisible();
  await auditAtBothSizes(page, "/marketplace/agent/{id} with 'Necesitas una tarjeta' open");
  await noCard.getByRole('link', { name: 'Añadir tarjeta' }).click();
  await expect(page).toHaveURL(/\/mi-perfil\?tab=PAYMENTS&reason=subscribe/);
  const notice = page.getByRole('status').filter({ hasText: 'Para suscribirte necesitas una tarjeta predeterminada' });
  await expect(notice.getByRole('link', { name: 'Volver a la suscripción' })).toBeVisible();
  await auditAtBothSizes(page, '/mi-perfil?tab=PAYMENTS&reason=subscribe');
  await page.getByRole('textbox', { name: 'Número de tarjeta' }).fill('4242 4242 4242 4242');
  await page.getByRole('textbox', { name: 'Caducidad' }).fill('12/34');
  await page.getByRole('textbox', { name: 'CVC' }).fill('123');
  await page.getByRole('button', { name: 'Guardar tarjeta' }).click();

  // With the card saved, back to the agent with its confirmation open.
  await expect(page).toHaveURL(new RegExp(`/marketplace/agent/${agentId}$`));
  const confirm = page.getByRole('dialog', { name: 'Confirmar suscripción' });
  await expect(confirm).toContainText(`Te suscribes a «${agentName}» por 6,50`);
  await auditAtBothSizes(page, "/marketplace/agent/{id} with 'Confirmar suscripción' open");
  await confirm.getByRole('button', { name: 'Confirmar suscripción' }).click();

  // /success: 'Chatear' with what was bought, and the way to Mi Oficina.
  await expect(page.getByRole('heading', { level: 1, name: '¡Gracias por tu compra!' })).toBeVisible();
  const chat = page.getByRole('link', { name: /^Chatear/ });
  await expect(chat).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Ir a Mi Oficina' })).toBeVisible();
  await auditAtBothSizes(page, '/success');
  await page.screenshot({ path: testInfo.outputPath('journey-buyer-success-1280.png'), fullPage: true });

  // 'Chatear': the bought agent answers.
  await chat.click();
  await expect(page.getByRole('heading', { level: 1, name: `Chat con ${agentName}` })).toBeVisible();
  const composer = page.getByRole('textbox', { name: 'Escribe tu mensaje' });
  await composer.fill('¿Qué miro antes de firmar?');
  await composer.press('Enter');
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const reply = page.getByRole('list', { name: 'Mensajes' }).locator('[data-role="assistant"][data-status="complete"]');
  await expect(reply).toContainText('llega por partes', { timeout: 30_000 });
  await auditAtBothSizes(page, '/chat/{id} (with the bought agent)');

  // Mi Oficina shows it.
  await sidebar(page).getByRole('link', { name: 'Mi Oficina' }).click();
  await expect(page.getByRole('list', { name: 'Agentes de mi equipo' }).getByRole('link', { name: agentName })).toBeVisible();
  await auditAtBothSizes(page, '/my-office (with the bought agent)');

  // Its marketplace page: 'Suscrito' and 'Gestionar suscripción', not 'Suscribirse' again; 'Chatear con el agente'.
  await page.goto(agentPage);
  await expect(page.getByText('Suscrito', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Gestionar suscripción' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Chatear con el agente' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Suscribirse/ })).toHaveCount(0);
  await auditAtBothSizes(page, '/marketplace/agent/{id} (subscribed)');

  // 'Mis compras' lists it.
  await sidebar(page).getByRole('link', { name: 'Mis compras' }).click();
  await expect(page).toHaveURL(/\/mi-perfil\?tab=SUBSCRIPTION/);
  await expect(page.getByRole('list', { name: 'Suscripciones' })).toContainText(agentName);
  await auditAtBothSizes(page, "/mi-perfil?tab=SUBSCRIPTION ('Mis compras')");
  await page.setViewportSize({ width: 390, height: 844 });
  await waitUntilSettled(page);
  await page.screenshot({ path: testInfo.outputPath('journey-buyer-purchases-390.png'), fullPage: true });
  await context.close();
});
