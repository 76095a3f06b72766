import { expect, test } from '@playwright/test';
import { readCode, signIn, uniqueEmail, userMenu } from './support/accounts';

// One account for the whole file: registered by the first test, used by the next ones.
test.describe.configure({ mode: 'serial' });

const email = uniqueEmail();
const contactName = 'Ana Prueba';
const password = 'Nova-Prueba-2026!';

test.beforeEach(async ({ page }) => {
  // The cookie banner covers the bottom of the sidebar, where the user menu is.
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
});

test.setTimeout(90_000);

test('a new user registers, verifies the e-mailed code and lands signed in; signing out goes home', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Crear cuenta' })).toBeVisible();
  await page.getByLabel('Nombre de contacto').fill(contactName);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel(/^Contraseña/).fill(password);
  await page.getByLabel('Repetir contraseña').fill(password);
  const sentAfter = Date.now() - 1_000;
  await page.getByRole('button', { name: 'Crear cuenta' }).click();

  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verifica tu correo' })).toBeVisible();
  const code = await readCode(email, sentAfter);
  await page.getByLabel('Código de verificación').fill(code);
  await page.getByRole('button', { name: 'Verificar' }).click();

  await expect(page).toHaveURL(/\/chat$/, { timeout: 20_000 });
  const menu = userMenu(page);
  await expect(menu).toContainText(contactName);
  await expect(menu).toContainText(email);

  await menu.click();
  await expect(page.getByRole('menuitem', { name: 'Mi perfil' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Panel Admin' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('complementary', { name: 'Menú lateral' }).getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(userMenu(page)).toHaveCount(0);

  // Signed out for real: a protected page sends the visitor to the sign-in screen.
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/login$/);
});

test('the user signs in again (a wrong password is refused in Spanish) and lands in /chat', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, email, 'Contraseña-mala-1!');
  await expect(page.getByRole('alert')).toContainText('Usuario o contraseña incorrectos.');

  await page.getByLabel(/^Contraseña/).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/chat$/, { timeout: 20_000 });
  await expect(userMenu(page)).toContainText(contactName);

  // The session survives a reload (tokens stored by Amplify).
  await page.reload();
  await expect(userMenu(page)).toContainText(contactName);
});

test('a protected page visited while signed out comes back after signing in', async ({ page }) => {
  await page.goto('/mi-perfil?tab=PAYMENTS');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/mi-perfil\?tab=PAYMENTS$/, { timeout: 20_000 });
  await expect(userMenu(page)).toBeVisible();
});

test('a forgotten password is reset with the e-mailed code, and the new one signs in', async ({ page }) => {
  const newPassword = 'Nova-Nueva-2026!';
  await page.goto('/login');
  await page.getByRole('link', { name: '¿Has olvidado tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Correo electrónico').fill(email);
  const sentAfter = Date.now() - 1_000;
  await page.getByRole('button', { name: 'Enviar código' }).click();

  const code = await readCode(email, sentAfter);
  await page.getByLabel('Código de verificación').fill(code);
  await page.getByLabel(/^Nueva contraseña/).fill(newPassword);
  await page.getByLabel(/^Repetir contraseña/).fill(newPassword);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toContainText('Tu contraseña se ha cambiado.');
  await expect(page.getByLabel('Usuario o correo electrónico')).toHaveValue(email);
  await page.getByLabel(/^Contraseña/).fill(newPassword);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/chat$/, { timeout: 20_000 });
  await expect(userMenu(page)).toContainText(contactName);
});
