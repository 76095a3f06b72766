// Issue 31, item 9: the admin's tables as an admin reads them at 1280 and 390 px. The users' actions
// are whole (they were cut to 'Desh', 'Quit'), the status filter fits a phone, the dashboard follows
// the period chosen, and the payments and audit views name what they list in Spanish: no raw codes
// ('active', 'charge', 'user.role'), no JSON, no ids where a name belongs. axe audits each table,
// and the confirmation, at both sizes.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';
import { registerAndVerify, signIn, uniqueEmail } from './support/accounts';
import { auditAtBothSizes } from './support/axe';

const PASSWORD = 'Admin-Tablas-2026!';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: 'serial', timeout: 300_000 });

const idToken = (page: Page) =>
  page.evaluate(() => Object.entries(window.localStorage).find(([key]) => key.endsWith('.idToken'))?.[1] ?? null);

/** Nothing of the element is clipped: its content is as wide and as tall as its box. */
async function expectNotCut(locator: Locator) {
  const overflow = await locator.evaluate((element) => ({
    width: element.scrollWidth - element.clientWidth,
    height: element.scrollHeight - element.clientHeight,
  }));
  expect(overflow, await locator.innerText()).toEqual({ width: 0, height: 0 });
}

async function newAdmin(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
  const admin = { email: uniqueEmail('admin-tablas'), password: PASSWORD, contactName: 'Jefa de Tablas' };
  await registerAndVerify(page, admin);
  // The operator's command (README: npm run admin -- grant); it ends the user's sessions.
  execFileSync(process.execPath, [join(__dirname, '../../dist/backend/cli/admin.js'), 'grant', admin.email], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'error' },
  });
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/login');
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/chat$/, { timeout: 20_000 });
  return admin;
}

test('the admin tables at 1280 and 390 px, in words', async ({ browser }) => {
  // A user with a paid agent of their own (a product of the demo gateway), whom the admin makes admin.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await userPage.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
  const user = { email: uniqueEmail('admin-tablas-user'), password: PASSWORD, contactName: 'Marta Compradora' };
  await registerAndVerify(userPage, user);
  const token = await idToken(userPage);
  const headers = { Authorization: `Bearer ${token}` };
  const agentName = `Asesor de tablas ${Date.now()}`;
  const agent = await userPage.request.post('/api/agents', {
    headers,
    data: { name: agentName, category: 'legal', description: 'Responde dudas legales sencillas.', price: 9.5, isPublic: true },
  });
  expect(agent.status()).toBe(201);

  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await newAdmin(page);

  // Dashboard: the period selector; 7 days give 7 rows.
  await page.goto('/admin');
  const period = page.getByRole('radiogroup', { name: 'Periodo' });
  // The admin area is a chunk of its own, loaded on the first visit.
  await expect(period).toBeVisible({ timeout: 15_000 });
  await period.getByText('7 días').click();
  const days = page.getByRole('table', { name: 'Métricas por día' });
  await expect(days.getByRole('row')).toHaveCount(8);
  await period.getByText('12 meses').click();
  await expect(page.getByRole('table', { name: 'Métricas por mes' }).getByRole('row')).toHaveCount(13);
  await auditAtBothSizes(page, '/admin (12 months)');

  // Users at 1280 px: the table fits beside the sidebar, every action whole.
  await page.goto('/admin/users');
  await page.getByRole('textbox', { name: /Buscar por nombre/ }).fill(user.email);
  const row = page.getByRole('row').filter({ hasText: user.email });
  await expect(row).toHaveCount(1);
  const region = page.getByRole('region', { name: 'Usuarios' });
  const sideways = await region.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(sideways, 'the users table needs no sideways scroll at 1280 px').toBeLessThanOrEqual(0);
  for (const name of [/^Deshabilitar a /, /^Hacer administrador a /, /^Agentes de /]) {
    const button = row.getByRole('button', { name });
    await expect(button).toBeVisible();
    await expectNotCut(button);
    await expectNotCut(button.locator('.mantine-Button-label'));
  }
  await expect(row.getByRole('button', { name: /^Deshabilitar a / })).toHaveText('Deshabilitar');
  await expect(row.getByRole('button', { name: /^Hacer administrador a / })).toHaveText('Hacer administrador');
  await auditAtBothSizes(page, '/admin/users (one user found)');

  // A change for the audit log: the user becomes admin.
  await row.getByRole('button', { name: /^Hacer administrador a / }).click();
  await expect(page.getByRole('dialog', { name: 'Confirmar' })).toBeVisible();
  await auditAtBothSizes(page, "/admin/users with 'Confirmar' open");
  await page.getByRole('dialog', { name: 'Confirmar' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText(`"${user.email}" ahora es administrador.`)).toBeVisible();

  // Audit: the role change in words.
  await page.goto('/admin/audit');
  const audit = page.getByRole('table', { name: 'Registro de auditoría' });
  const roleRow = audit.getByRole('row').filter({ hasText: 'Cambiar rol' }).first();
  await expect(roleRow).toContainText(`Usuario: ${user.email}`);
  await expect(roleRow).toContainText('Rol: usuario → administrador');
  await expect(audit).not.toContainText('user.role');
  await expect(audit).not.toContainText('{');
  await auditAtBothSizes(page, '/admin/audit');

  // Payments: Spanish kinds, names instead of ids.
  await page.goto('/admin/stripe/products');
  const products = page.getByRole('table', { name: 'Productos' });
  const product = products.getByRole('row').filter({ hasText: agentName });
  await expect(product.getByRole('cell').nth(3)).toHaveText('Agente');
  await auditAtBothSizes(page, '/admin/stripe/products');

  // The same screens on a phone: the status filter stacked, whole, inside the page.
  await page.setViewportSize(PHONE);
  await page.goto('/admin/users');
  const filter = page.getByRole('radiogroup', { name: 'Estado' });
  await expect(filter).toBeVisible();
  const box = (await filter.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  for (const state of ['Todos', 'Confirmado', 'Sin confirmar', 'Deshabilitado']) {
    const option = filter.locator('label').filter({ hasText: state });
    await expect(option).toBeVisible();
    await expectNotCut(option);
  }
  await filter.locator('label').filter({ hasText: 'Sin confirmar' }).click();
  await expect(page.getByText(/Mostrando \d+ de \d+ usuarios?\.|No se encontraron usuarios\./)).toBeVisible();
  // The page itself does not scroll sideways; the table scrolls inside its region.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  await page.goto('/admin/audit');
  await expect(page.getByRole('table', { name: 'Registro de auditoría' })).toContainText('Rol: usuario → administrador');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  await userContext.close();
  await context.close();
});
