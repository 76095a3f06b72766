// Issue 37 in Cognito mode, as a user tries it: the app trusts a Cognito user pool that is not
// AWS's (COGNITO_ISSUER_URL; the embedded pool of another app stands in for it, see
// playwright.config.ts) and its pages sign in there. A new user signs up and in, creates data,
// downloads their export, deletes their account (e-mail and password), sees when it goes and, on
// signing in again, only that; an admin erases them at once, after which Cognito no longer knows
// them: the sign-in says so in Spanish and AdminGetUser answers UserNotFoundException. axe at 1280
// and 390 px on the deletion screens.
import { readFile } from 'node:fs/promises';
import {
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { expect, test, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { COGNITO_ADMIN_KEY, COGNITO_POOL, cognitoBaseURL, cognitoPoolURL, E2E_COGNITO_POOL_DATA_DIR } from '../../playwright.config';
import { idToken, registerAndVerify, signIn, uniqueEmail } from './support/accounts';
import { expectAccessibleAtBothSizes } from './support/axe';

const SCHEDULED = /^Tu cuenta se eliminará el \d{1,2} de [a-z]+ de \d{4}\.$/;

/** The operator's AWS SDK, as they would reach Amazon Cognito, on the stand-in pool. */
const cognito = new CognitoIdentityProviderClient({ region: COGNITO_POOL.region, endpoint: `${cognitoPoolURL}/idp`, credentials: COGNITO_ADMIN_KEY, maxAttempts: 1 });

test.use({ baseURL: cognitoBaseURL });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
});

// Two sign-ups and sign-ins at the pool, an export and axe on four screens: minutes on a shared two-core machine.
test.setTimeout(360_000);

const subOf = async (page: Page) => JSON.parse(Buffer.from(String(await idToken(page)).split('.')[1], 'base64url').toString()).sub as string;

test('in Cognito mode a user exports their data, deletes their account, and once an admin erases it Cognito no longer knows them', async ({ page, browser }) => {
  // Signing up and in happen at the pool: the verification code comes from its mail.
  const account = { email: uniqueEmail('cognito-borrar'), password: 'Nova-Cognito-2026!', contactName: 'Carmen Cognito' };
  const poolCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${cognitoPoolURL}/idp`)) poolCalls.push(request.headers()['x-amz-target'] ?? '');
  });
  await registerAndVerify(page, account, E2E_COGNITO_POOL_DATA_DIR);
  expect(poolCalls).toEqual(expect.arrayContaining(['AWSCognitoIdentityProviderService.SignUp', 'AWSCognitoIdentityProviderService.ConfirmSignUp']));
  const sub = await subOf(page);
  expect((await cognito.send(new AdminGetUserCommand({ UserPoolId: COGNITO_POOL.userPoolId, Username: sub }))).UserAttributes).toContainEqual({ Name: 'email', Value: account.email });

  // Some data of theirs, on the app that trusts the pool's tokens.
  const headers = { Authorization: `Bearer ${await idToken(page)}` };
  const conversation = await page.request.post('/api/conversations', { headers, data: { title: 'Viaje a Lisboa' } });
  expect(conversation.status()).toBe(201);
  const conversationId = ((await conversation.json()) as { id: string }).id;
  expect((await page.request.post(`/api/conversations/${conversationId}/messages`, { headers, data: { id: 'q-1', role: 'user', content: '¿Qué barrios visito en dos días?' } })).status()).toBe(201);

  // The export, downloaded from 'Mi perfil'.
  await page.goto('/mi-perfil');
  const data = page.getByRole('region', { name: 'Tus datos' });
  await data.getByRole('button', { name: 'Descargar mis datos' }).click();
  const download = data.getByRole('button', { name: 'Descargar el archivo ZIP' });
  await expect(download).toBeVisible({ timeout: 60_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const zip = await JSZip.loadAsync(await readFile(await file.path()));
  const names = Object.keys(zip.files);
  const read = (pattern: RegExp) => zip.file(names.find((name) => pattern.test(name)) ?? '')?.async('string');
  expect(await read(/^perfil\.json$/)).toContain(account.email);
  expect(await read(/^conversaciones\/.*Viaje a Lisboa\.md$/)).toContain('¿Qué barrios visito en dos días?');

  // 'Eliminar mi cuenta': Cognito checks the password.
  const section = page.getByRole('region', { name: 'Eliminar mi cuenta' });
  await expectAccessibleAtBothSizes(page, 'cognito-mi-perfil-eliminar');
  await section.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await section.getByLabel('Correo electrónico').fill(account.email);
  await section.getByLabel('Contraseña').fill('No-Es-La-Buena-1');
  await section.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await expect(section.getByRole('alert')).toHaveText('La contraseña no es correcta.');
  await expectAccessibleAtBothSizes(page, 'cognito-mi-perfil-eliminar-formulario');
  await section.getByLabel('Contraseña').fill(account.password);
  await section.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await expect(section.getByText(SCHEDULED)).toBeVisible();
  await expectAccessibleAtBothSizes(page, 'cognito-mi-perfil-eliminacion-programada');
  expect((await page.request.get('/api/conversations', { headers })).status()).toBe(401);
  await section.getByRole('button', { name: 'Cerrar sesión' }).click();

  // Signing in again (at the pool) shows only the pending deletion.
  await page.goto('/login');
  await signIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { level: 1, name: SCHEDULED })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expectAccessibleAtBothSizes(page, 'cognito-eliminacion-pendiente');

  // An admin (custom:role = admin, set in Cognito as an operator does) erases the account at once.
  const adminContext = await browser.newContext({ baseURL: cognitoBaseURL, locale: 'es-ES' });
  const adminPage = await adminContext.newPage();
  await adminPage.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
  const admin = { email: uniqueEmail('cognito-admin'), password: 'Nova-Admin-2026!', contactName: 'Jefa Cognito' };
  await registerAndVerify(adminPage, admin, E2E_COGNITO_POOL_DATA_DIR);
  await cognito.send(new AdminUpdateUserAttributesCommand({ UserPoolId: COGNITO_POOL.userPoolId, Username: await subOf(adminPage), UserAttributes: [{ Name: 'custom:role', Value: 'admin' }] }));
  await adminPage.evaluate(() => window.localStorage.clear());
  await adminPage.goto('/login');
  await signIn(adminPage, admin.email, admin.password);
  await expect(adminPage).toHaveURL(/\/chat$/, { timeout: 20_000 });
  const erased = await adminPage.request.post(`/api-admin/users/${sub}/erase`, { headers: { Authorization: `Bearer ${await idToken(adminPage)}` } });
  expect(erased.status()).toBe(200);
  await adminContext.close();

  // Cognito no longer knows them: the pool says so to the operator's SDK, and the sign-in to the user.
  await expect(cognito.send(new AdminGetUserCommand({ UserPoolId: COGNITO_POOL.userPoolId, Username: sub }))).rejects.toBeInstanceOf(UserNotFoundException);
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/login');
  await signIn(page, account.email, account.password);
  await expect(page.getByRole('alert')).toHaveText('Usuario o contraseña incorrectos.');
  await expect(page).toHaveURL(/\/login$/);
});
