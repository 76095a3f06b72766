import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { registerAndVerify, signIn, signOut, uniqueEmail } from './support/accounts';

const account = { email: uniqueEmail('totp'), password: 'Nova-Totp-2026!', contactName: 'Teo Totp' };

/** The authenticator app: the current code, or the next one once the 30 s step has turned. */
function authenticator(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return {
    now: () => totp.generate(),
    /** A code not used yet: the server refuses a code twice, so wait for the next step. */
    async fresh(used: string): Promise<string> {
      await expect.poll(() => totp.generate(), { timeout: 35_000, intervals: [1_000] }).not.toBe(used);
      return totp.generate();
    },
  };
}

async function enableTotp(page: Page): Promise<{ secret: string; used: string }> {
  await page.goto('/mi-perfil');
  await page.getByRole('button', { name: 'Activar con aplicación de autenticación' }).click();
  await expect(page.getByRole('img', { name: 'Código QR para la aplicación de autenticación' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const used = authenticator(secret).now();
  await page.getByLabel('Código de verificación').fill(used);
  await page.getByRole('button', { name: 'Verificar y activar' }).click();
  await expect(page.getByText('Verificación en dos pasos activada.')).toBeVisible();
  return { secret, used };
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
});

test.setTimeout(120_000);

test('a user turns on an authenticator app and then signs in with its code', async ({ page }) => {
  await registerAndVerify(page, account);
  const { secret, used } = await enableTotp(page);
  await signOut(page);

  await page.goto('/login');
  await signIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();

  // A wrong code is refused, in Spanish, and no session starts.
  await page.getByLabel('Código de verificación').fill('000000');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByRole('alert')).toContainText('El código no es correcto.');

  await page.getByLabel('Código de verificación').fill(await authenticator(secret).fresh(used));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/chat$/, { timeout: 20_000 });

  await page.goto('/mi-perfil');
  await expect(page.getByText('Activada', { exact: true })).toBeVisible();
});
