// The admin area walked as the first admin would (issue 17): the dashboard, finding a user and
// disabling and re-enabling them (their session stops working at once), editing and deleting an
// agent, the payments views in demo mode and the audit chain; a non-admin is sent to / and gets
// 403 from every admin call.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';
import { registerAndVerify, signIn, uniqueEmail } from './support/accounts';

const PASSWORD = 'Admin-Nova-2026!';

const idToken = (page: Page) =>
  page.evaluate(() => Object.entries(window.localStorage).find(([key]) => key.endsWith('.idToken'))?.[1] ?? null);

function grantAdmin(email: string) {
  // The operator's command (README: npm run admin -- grant); it ends the user's sessions.
  execFileSync(process.execPath, [join(__dirname, '../../dist/backend/cli/admin.js'), 'grant', email], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'error' },
  });
}

test.describe.configure({ mode: 'serial' });

test('the admin area, from the dashboard to the audit chain', async ({ browser }) => {
  test.setTimeout(180_000);

  // A user with an agent of their own.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await userPage.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
  const user = { email: uniqueEmail('admin-e2e-user'), password: PASSWORD, contactName: 'Marta Usuaria' };
  await registerAndVerify(userPage, user);
  const userToken = await idToken(userPage);
  const agentName = `Asesor de pruebas ${Date.now()}`;
  const created = await userPage.request.post('/api/agents', {
    headers: { Authorization: `Bearer ${userToken}` },
    data: { name: agentName, category: 'legal', description: 'Responde dudas legales sencillas.', price: 0, isPublic: true },
  });
  expect(created.status()).toBe(201);

  // A non-admin is sent to / from the admin screens and refused by every admin call.
  await userPage.goto('/admin/users');
  await expect(userPage).toHaveURL(/\/$/);
  for (const path of ['/api-admin/users', '/api-admin/agents', '/api-admin/metrics/agents', '/api-admin/audit']) {
    const response = await userPage.request.get(path, { headers: { Authorization: `Bearer ${userToken}` } });
    expect(response.status(), path).toBe(403);
  }

  // The first admin.
  const adminContext = await browser.newContext();
  const page = await adminContext.newPage();
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
  const admin = { email: uniqueEmail('admin-e2e'), password: PASSWORD, contactName: 'Jefa Admin' };
  await registerAndVerify(page, admin);
  grantAdmin(admin.email);
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/login');
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/chat$/, { timeout: 20_000 });

  // Dashboard: cards, charts and the same figures as a table.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Usuarios').first()).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Actividad por día' }).or(page.getByText('Aún no hay actividad registrada.'))).toBeVisible();

  // Find the user, disable (their token stops working), enable again.
  await page.getByRole('navigation', { name: 'Administración' }).getByRole('link', { name: 'Usuarios' }).click();
  await page.getByRole('textbox', { name: /Buscar por nombre/ }).fill(user.email);
  const row = page.getByRole('row').filter({ hasText: user.email });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Deshabilitar a / }).click();
  await page.getByRole('dialog', { name: 'Confirmar' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText(`Usuario "${user.email}" deshabilitado.`)).toBeVisible();
  await expect(row.getByText('Deshabilitado')).toBeVisible();
  // Every instance reads the account's state at most once a second.
  await expect
    .poll(async () => (await userPage.request.get('/api/conversations', { headers: { Authorization: `Bearer ${userToken}` } })).status(), {
      timeout: 5_000,
    })
    .toBe(401);
  await row.getByRole('button', { name: /^Habilitar a / }).click();
  await page.getByRole('dialog', { name: 'Confirmar' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText(`Usuario "${user.email}" habilitado.`)).toBeVisible();

  // Edit and delete the agent from 'Panel de Administración'.
  await page.goto('/admin/agents');
  await page.getByPlaceholder('Buscar agentes...').fill(agentName.toUpperCase());
  await expect(page.getByText('Mostrando 1 de')).toBeVisible();
  await page.getByRole('button', { name: `Editar ${agentName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Editar Agente: ${agentName}` });
  await dialog.getByRole('textbox', { name: 'Prompt del sistema' }).fill('Eres un asesor legal prudente.');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Agente y prompt actualizados con éxito.')).toBeVisible();
  await page.getByRole('button', { name: `Eliminar ${agentName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar agente' });
  await expect(confirm).toContainText(`¿Está seguro de que desea eliminar el agente "${agentName}"? Esta acción no se puede deshacer.`);
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText(`Agente "${agentName}" eliminado con éxito.`)).toBeVisible();
  await expect(page.getByText('No se encontraron agentes que coincidan con la búsqueda.')).toBeVisible();

  // Payments in demo mode.
  await page.goto('/admin/stripe');
  await expect(page.getByText('Modo demostración: no se realiza ningún cargo')).toBeVisible();
  await page.getByRole('link', { name: 'Transacciones' }).click();
  await expect(page.getByRole('heading', { name: 'Transacciones', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Transacciones' }).or(page.getByText('No hay datos.'))).toBeVisible();

  // The audit log holds what was just done, and its chain verifies.
  await page.getByRole('navigation', { name: 'Administración' }).getByRole('link', { name: 'Auditoría' }).click();
  await expect(page.getByRole('table', { name: 'Registro de auditoría' })).toBeVisible();
  await page.getByRole('button', { name: 'Verificar cadena' }).click();
  await expect(page.getByText(/^La cadena es válida/)).toBeVisible();

  await userContext.close();
  await adminContext.close();
});
