import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { chatBaseURL, E2E_CHAT_DATA_DIR, E2E_DATA_DIR } from '../../../playwright.config';

export const uniqueEmail = (prefix = 'e2e') =>
  `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/**
 * The newest verification code e-mailed to `recipient` after `since`: in development the backend
 * writes each message to `${DATA_DIR}/outbox/${Date.now()}-${recipient}.eml`. `dataDir` is the
 * server's DATA_DIR (the chat spec runs against a server of its own).
 */
export async function readCode(recipient: string, since: number, dataDir: string = E2E_DATA_DIR): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const names = await readdir(outbox).catch(() => [] as string[]);
        const mine = names
          .filter((name) => name.endsWith('.eml') && name.includes(recipient))
          .map((name) => ({ name, time: Number(name.split('-')[0]) }))
          .filter(({ time }) => time >= since)
          .sort((a, b) => b.time - a.time);
        if (mine.length === 0) return undefined;
        const message = await readFile(join(outbox, mine[0]!.name), 'utf8');
        // The body follows the first blank line; headers may hold other numbers.
        const body = message.slice(message.search(/\r?\n\r?\n/));
        code = /(?<!\d)\d{6}(?!\d)/.exec(body)?.[0];
        return code;
      },
      { message: `a verification code for ${recipient} in ${outbox}`, timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

export const userMenu = (page: Page) => page.getByRole('button', { name: /Menú de usuario/ });

export async function signIn(page: Page, username: string, secret: string) {
  await page.getByLabel('Usuario o correo electrónico').fill(username);
  await page.getByLabel(/^Contraseña/).fill(secret);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/** Registers through the UI, confirms with the e-mailed code and waits to land signed in. */
export async function registerAndVerify(
  page: Page,
  account: { email: string; password: string; contactName: string },
  dataDir: string = E2E_DATA_DIR,
) {
  await page.goto('/register');
  await page.getByLabel('Nombre de contacto').fill(account.contactName);
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel(/^Contraseña/).fill(account.password);
  await page.getByLabel('Repetir contraseña').fill(account.password);
  const sentAfter = Date.now() - 1_000;
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await page.getByLabel('Código de verificación').fill(await readCode(account.email, sentAfter, dataDir));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/chat$/, { timeout: 20_000 });
}

/** The signed-in user's ID token, as Amplify keeps it in the page's storage (for calls the UI has no button for). */
export const idToken = (page: Page) =>
  page.evaluate(() => Object.entries(window.localStorage).find(([key]) => key.endsWith('.idToken'))?.[1] ?? null);

/** Signs out through the user menu. */
export async function signOut(page: Page) {
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** A new signed-in user on the chat server (the one with a model), in a context of their own, cookies declined. */
export async function newChatUser(browser: Browser, prefix: string, contactName: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: chatBaseURL, locale: 'es-ES' });
  const page = await context.newPage();
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
  await registerAndVerify(page, { email: uniqueEmail(prefix), password: 'Nova-Pagos-2026!', contactName }, E2E_CHAT_DATA_DIR);
  return page;
}

/** Creates a public 'Finanzas' agent with a monthly price through the form creator; answers its id. */
export async function createPaidAgent(page: Page, agent: { name: string; description: string; price: string; prompt: string }): Promise<string> {
  await page.goto('/create-advanced-agent');
  await page.getByRole('textbox', { name: 'Nombre' }).fill(agent.name);
  await page.getByRole('textbox', { name: 'Categoría' }).click();
  await page.getByRole('option', { name: 'Finanzas' }).click();
  await page.getByRole('textbox', { name: 'Descripción' }).fill(agent.description);
  await page.getByRole('textbox', { name: /^Precio/ }).fill(agent.price);
  await page.getByRole('radio', { name: 'Público: aparece en el marketplace' }).check();
  await page.getByRole('textbox', { name: 'Prompt del sistema' }).fill(agent.prompt);
  await page.getByRole('button', { name: 'Crear agente' }).click();
  await expect(page).toHaveURL(/\/edit-advanced-agent\/[^/]+$/);
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
}
