// Issue 32, item 3: a user attaches a CSV to a chat with the paperclip, sees it as a chip, asks
// about one of its rows and finds the row under the answer's 'Fuentes', labelled with the file's
// name, and the file named on the question (after a reload too). On the chat server (a model answers).
import { expect, test } from '@playwright/test';
import { chatBaseURL, E2E_CHAT_DATA_DIR } from '../../playwright.config';
import { registerAndVerify, uniqueEmail } from './support/accounts';
import { answerTo } from './support/chat';

test.use({ baseURL: chatBaseURL });
// Sign-up, three screens, a model's answer and a reload: past 30 s on a busy two-core machine.
test.setTimeout(90_000);

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
});

/** A client list long enough to be searched rather than sent whole, with the row to ask about. */
function clientsCsv(): string {
  const rows = ['cliente;ciudad;deuda'];
  for (let i = 0; i < 300; i++) rows.push(`Cliente ${i};Ciudad ${i % 17};${(i * 37) % 1000} €`);
  rows.splice(200, 0, 'Marta Villalobos Quiroga;Albacete;1834,50 €');
  return rows.join('\n');
}

test("a user attaches a CSV to a chat with the paperclip, asks about a row and finds it under 'Fuentes'", async ({ page }) => {
  await registerAndVerify(page, { email: uniqueEmail('adjuntos'), password: 'Nova-Adjuntar-2026!', contactName: 'Ada Adjuntos' }, E2E_CHAT_DATA_DIR);
  await page.goto('/marketplace');
  await page.getByRole('link', { name: 'Ver detalles: Asesor Legal' }).click();
  await page.getByRole('link', { name: 'Chatear con el agente' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Chat con Asesor Legal' })).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Adjuntar archivo' }).click();
  await (await chooser).setFiles({ name: 'clientes – morosos.csv', mimeType: 'text/csv', buffer: Buffer.from(clientsCsv()) });
  const chips = page.getByRole('list', { name: 'Archivos adjuntos' });
  await expect(chips.getByText('clientes – morosos.csv', { exact: true })).toBeVisible();
  await expect(chips.getByRole('button', { name: 'Quitar «clientes – morosos.csv»' })).toBeVisible();

  const question = '¿Cuánto debe Marta Villalobos?';
  const composer = page.getByRole('textbox', { name: 'Escribe tu mensaje' });
  await composer.fill(question);
  await composer.press('Enter');
  await expect(chips).toHaveCount(0);
  const answer = answerTo(page, question);
  await expect(answer).toContainText('termina aquí.', { timeout: 20_000 });
  await answer.getByRole('button', { name: 'Fuentes' }).click();
  const sources = answer.getByRole('list', { name: 'Fuentes' });
  await expect(sources).toContainText('clientes – morosos.csv');
  await expect(sources).toContainText('Marta Villalobos Quiroga; ciudad: Albacete; deuda: 1834,50 €');

  // The question names the file it was sent with, after a reload too.
  const sent = page.locator('.chat-message[data-role="user"]').filter({ hasText: question }).getByRole('list', { name: 'Archivos enviados' });
  await expect(sent).toContainText('clientes – morosos.csv');
  await page.reload();
  await expect(sent).toContainText('clientes – morosos.csv');
  const reloaded = answerTo(page, question);
  await reloaded.getByRole('button', { name: 'Fuentes' }).click();
  await expect(reloaded.getByRole('list', { name: 'Fuentes' })).toContainText('clientes – morosos.csv');
});
