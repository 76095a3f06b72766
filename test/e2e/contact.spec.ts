import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';
import { uniqueEmail } from './support/accounts';

const RECEIVED = 'Gracias, hemos recibido tu mensaje. Te responderemos en un plazo de 48 horas laborables.';

/** Every e-mail the backend wrote to the dev outbox that contains `needle`. */
async function outboxWith(needle: string): Promise<{ name: string; text: string }[]> {
  const outbox = join(E2E_DATA_DIR, 'outbox');
  const names = await readdir(outbox).catch(() => [] as string[]);
  const mails = await Promise.all(
    names.filter((name) => name.endsWith('.eml')).map(async (name) => ({ name, text: await readFile(join(outbox, name), 'utf8') })),
  );
  return mails.filter((mail) => mail.text.includes(needle));
}

async function fill(page: Page, values: { name: string; email: string; subject: string; message: string }) {
  await page.getByRole('textbox', { name: /^Nombre/ }).fill(values.name);
  await page.getByRole('textbox', { name: /^Correo electrónico/ }).fill(values.email);
  await page.getByRole('textbox', { name: /^Asunto/ }).fill(values.subject);
  await page.getByRole('textbox', { name: /^Mensaje/ }).fill(values.message);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`contact form at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a visitor writes to billing: the confirmation shows and the message reaches the outbox', async ({ page }) => {
      const email = uniqueEmail('contacto');
      const token = `ref-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
      await page.goto('/contact');
      await expect(page.getByRole('heading', { level: 1, name: 'Centro de contacto' })).toBeVisible();
      await page.getByRole('navigation', { name: 'Secciones de contacto' }).getByRole('link', { name: 'Facturación' }).click();
      await expect(page).toHaveURL(/\/contact\/facturacion$/);

      // Client-side validation first: nothing is sent.
      let posted = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/api/contact') && request.method() === 'POST') posted += 1;
      });
      await fill(page, { name: 'Ana Prueba', email: 'ana@', subject: 'Factura', message: 'corto' });
      await page.getByRole('button', { name: 'Enviar mensaje' }).click();
      await expect(page.getByText('Escribe un correo electrónico válido.')).toBeVisible();
      await expect(page.getByText('El mensaje debe tener al menos 10 caracteres.')).toBeVisible();
      expect(posted).toBe(0);

      await fill(page, {
        name: 'Ana Prueba',
        email,
        subject: 'Factura de octubre',
        message: `Necesito la factura de octubre con mi NIF. Referencia ${token}.`,
      });
      await page.getByRole('button', { name: 'Enviar mensaje' }).click();
      await expect(page.getByRole('status').filter({ hasText: RECEIVED })).toBeVisible();
      expect(posted).toBe(1);

      // The support team got it (replying goes to the visitor) and the visitor got an acknowledgement.
      await expect
        .poll(async () => (await outboxWith(token)).some((mail) => mail.text.includes(`Reply-To: ${email}`)), {
          message: `a message to support with ${token} in ${E2E_DATA_DIR}/outbox`,
          timeout: 15_000,
        })
        .toBe(true);
      const [toSupport] = (await outboxWith(token)).filter((mail) => mail.text.includes(`Reply-To: ${email}`));
      expect(toSupport!.text).toContain('Facturación');
      await expect
        .poll(async () => (await readdir(join(E2E_DATA_DIR, 'outbox'))).some((name) => name.includes(email)), { timeout: 15_000 })
        .toBe(true);
    });
  });
}

test('a filled honeypot gets the usual answer and sends nothing', async ({ page }) => {
  const email = uniqueEmail('robot');
  const token = `robot-${Date.now()}`;
  await page.goto('/contact/ventas');
  await fill(page, { name: 'Robot', email, subject: 'Oferta', message: `Compra enlaces baratos ${token}` });
  await page.locator('input[name="website"]').fill('https://spam.example', { force: true });
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(page.getByRole('status').filter({ hasText: RECEIVED })).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(await outboxWith(token)).toHaveLength(0);
});

test('the server’s refusals are shown as they come (rate limit)', async ({ page }) => {
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: 429, json: { statusCode: 429, message: 'Has enviado demasiados mensajes. Inténtalo de nuevo más tarde.' } }),
  );
  await page.goto('/contact/soporte');
  await fill(page, { name: 'Ana', email: 'ana@example.com', subject: 'Ayuda', message: 'No puedo iniciar sesión en mi cuenta.' });
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(page.getByRole('alert')).toContainText('Has enviado demasiados mensajes. Inténtalo de nuevo más tarde.');
  await expect(page.getByRole('textbox', { name: /^Asunto/ })).toHaveValue('Ayuda');
});
