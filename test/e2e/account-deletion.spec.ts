// Issue 37, items 2 and 3: 'Eliminar mi cuenta' in 'Mi perfil', as a user tries it: confirm with the
// e-mail and the password, see when the account goes, find the session and the API key refused and
// the public agent gone from the marketplace; sign in again to only 'Tu cuenta se eliminará el
// {fecha}.' and cancel it; then an admin erases the account and it can no longer sign in. A user
// whose second factor is the e-mailed code confirms with the code the request sends. axe at
// 1280 and 390 px on the section, its form (also asking for the e-mailed code), the scheduled
// notice and the pending screen.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';
import { createPaidAgent, idToken, readCode, registerAndVerify, signIn, uniqueEmail } from './support/accounts';
import { expectAccessibleAtBothSizes } from './support/axe';

const SCHEDULED = /^Tu cuenta se eliminará el \d{1,2} de [a-z]+ de \d{4}\.$/;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
});

test.setTimeout(240_000);


test('a user deletes their account, is held 30 days, cancels it; an admin then erases it', async ({ page, browser }) => {
  const account = { email: uniqueEmail('borrar'), password: 'Nova-Borrar-2026!', contactName: 'Berta Borra' };
  await registerAndVerify(page, account);
  const agentId = await createPaidAgent(page, { name: 'Asesor que se va', description: 'Cuentas de fin de mes', price: '4', prompt: 'Eres un asesor.' });
  const headers = { Authorization: `Bearer ${await idToken(page)}` };
  const publication = await page.request.post(`/api/agent/${agentId}/publication`, { headers, data: {} });
  expect(publication.status()).toBe(201);
  const key = ((await publication.json()) as { apiKey: { secret: string } }).apiKey.secret;
  expect((await page.request.get('/api/v1/models', { headers: { 'x-api-key': key } })).status()).toBe(200);

  await page.goto('/mi-perfil');
  const section = page.getByRole('region', { name: 'Eliminar mi cuenta' });
  await expect(section.getByText(/tus agentes públicos saldrán del marketplace/)).toBeVisible();
  await expectAccessibleAtBothSizes(page, 'mi-perfil-eliminar');
  await section.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await section.getByLabel('Correo electrónico').fill(account.email);
  await section.getByLabel('Contraseña').fill('No-Es-La-Buena-1');
  await section.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await expect(section.getByRole('alert')).toHaveText('La contraseña no es correcta.');
  await expectAccessibleAtBothSizes(page, 'mi-perfil-eliminar-formulario');

  await section.getByLabel('Contraseña').fill(account.password);
  await section.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await expect(section.getByText(SCHEDULED)).toBeVisible();
  await expectAccessibleAtBothSizes(page, 'mi-perfil-eliminacion-programada');

  // At once: the session, the key and the marketplace listing are gone.
  expect((await page.request.get('/api/conversations', { headers })).status()).toBe(401);
  expect((await page.request.get('/api/v1/models', { headers: { 'x-api-key': key } })).status()).toBe(403);
  expect((await page.request.get(`/api/agents/${agentId}`)).status()).toBe(404);
  await section.getByRole('button', { name: 'Cerrar sesión' }).click();

  // Signing in again shows only the pending deletion.
  await page.goto('/login');
  await signIn(page, account.email, account.password);
  const pending = page.getByRole('heading', { level: 1, name: SCHEDULED });
  await expect(pending).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expectAccessibleAtBothSizes(page, 'eliminacion-pendiente');
  await page.goto('/mi-perfil');
  await expect(pending).toBeVisible();

  await page.getByRole('button', { name: 'Cancelar la eliminación' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mi perfil' })).toBeVisible();
  const again = { Authorization: `Bearer ${await idToken(page)}` };
  expect((await page.request.get('/api/conversations', { headers: again })).status()).toBe(200);
  expect((await page.request.get('/api/v1/models', { headers: { 'x-api-key': key } })).status()).toBe(200);

  // An admin (the operator's command grants the role) erases the account at once.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await adminPage.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
  const admin = { email: uniqueEmail('borrar-admin'), password: 'Nova-Admin-2026!', contactName: 'Jefa Borradora' };
  await registerAndVerify(adminPage, admin);
  execFileSync(process.execPath, [join(__dirname, '../../dist/backend/cli/admin.js'), 'grant', admin.email], { env: { ...process.env, DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'error' } });
  await adminPage.evaluate(() => window.localStorage.clear());
  await adminPage.goto('/login');
  await signIn(adminPage, admin.email, admin.password);
  await expect(adminPage).toHaveURL(/\/chat$/, { timeout: 20_000 });
  const sub = JSON.parse(Buffer.from(String(await idToken(page)).split('.')[1], 'base64url').toString()).sub as string;
  const erased = await adminPage.request.post(`/api-admin/users/${sub}/erase`, { headers: { Authorization: `Bearer ${await idToken(adminPage)}` } });
  expect(erased.status()).toBe(200);
  await adminContext.close();

  expect((await page.request.get('/api/conversations', { headers: again })).status()).toBe(401);
  expect((await page.request.get('/api/v1/models', { headers: { 'x-api-key': key } })).status()).toBe(401);
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/login');
  await signIn(page, account.email, account.password);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a user whose second factor is the e-mailed code confirms the deletion with the code it sends', async ({ page }) => {
  const account = { email: uniqueEmail('borrar-codigo'), password: 'Nova-Borrar-2026!', contactName: 'Celia Código' };
  await registerAndVerify(page, account);
  // The e-mailed code as second factor, as Cognito's SetUserMFAPreference turns it on.
  const accessToken = await page.evaluate(() => Object.entries(window.localStorage).find(([key]) => key.endsWith('.accessToken'))?.[1] ?? null);
  const preference = await page.request.post('/idp', {
    headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.SetUserMFAPreference' },
    data: JSON.stringify({ AccessToken: accessToken, EmailMfaSettings: { Enabled: true, PreferredMfa: true } }),
  });
  expect(preference.status()).toBe(200);

  await page.goto('/mi-perfil');
  const section = page.getByRole('region', { name: 'Eliminar mi cuenta' });
  await section.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await section.getByLabel('Correo electrónico').fill(account.email);
  await section.getByLabel('Contraseña').fill(account.password);
  const sentAfter = Date.now() - 1_000;
  await section.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await expect(section.getByRole('status')).toHaveText('Te hemos enviado un código a tu correo electrónico. Escríbelo para confirmar la eliminación.');
  await expectAccessibleAtBothSizes(page, 'mi-perfil-eliminar-codigo-por-correo');

  await section.getByLabel('Código que te hemos enviado por correo').fill(await readCode(account.email, sentAfter));
  await section.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await expect(section.getByText(SCHEDULED)).toBeVisible();
});
