import { expect, test, type Page } from '@playwright/test';
import { chatBaseURL } from '../../playwright.config';
import { createPaidAgent, newChatUser } from './support/accounts';
import { blockingViolations, waitUntilSettled } from './support/axe';
import { answerTo } from './support/chat';

// Issue 31, items 4 and 8, in demo mode against the chat server: a buyer saves a card typed as
// expiring 12/30 (it shows 'Caduca 12/30'), subscribes, cancels; the subscription stays until the
// end of the paid period ('Se cancelará el …', the chat still answers), and 'Reanudar' undoes the
// cancellation. Looked at 1280 and 390 px, with the axe audit.
test.use({ baseURL: chatBaseURL });
test.setTimeout(240_000);

const AGENT_NAME = 'Asesora de Alquileres';
const PHONE = { width: 390, height: 844 };

const subscriptionCard = (page: Page) =>
  page.getByTestId('subscription-card').filter({ hasText: AGENT_NAME });

async function chatAnswers(page: Page, agentId: string, text: string) {
  await page.goto(`/chat?agent=${encodeURIComponent(agentId)}`);
  const composer = page.getByRole('textbox', { name: 'Escribe tu mensaje' });
  await composer.fill(text);
  await composer.press('Enter');
  await expect(answerTo(page, text)).toContainText('termina aquí.', { timeout: 20_000 });
}

test("a buyer's card keeps the expiry typed; cancelling keeps the subscription until the period ends, and 'Reanudar' undoes it", async ({ browser }, testInfo) => {
  const creator = await newChatUser(browser, 'creadora-periodo', 'Celia Creadora');
  const agentId = await createPaidAgent(creator, { name: AGENT_NAME, description: 'Resuelve dudas sobre contratos de alquiler.', price: '3,99', prompt: 'Eres una asesora de alquileres. Responde en español.' });
  await creator.context().close();

  const buyer = await newChatUser(browser, 'compradora-periodo', 'Berta Compradora');

  // Item 8: the card saved as expiring 12/30 says so.
  await buyer.goto('/mi-perfil?tab=PAYMENTS');
  await buyer.getByRole('textbox', { name: 'Número de tarjeta' }).fill('4242 4242 4242 4242');
  await buyer.getByRole('textbox', { name: 'Caducidad' }).fill('12/30');
  await buyer.getByRole('textbox', { name: 'CVC' }).fill('123');
  await buyer.getByRole('button', { name: 'Guardar tarjeta' }).click();
  const cards = buyer.getByRole('list', { name: 'Tarjetas guardadas' });
  await expect(cards).toContainText('Visa terminada en 4242');
  await expect(cards).toContainText('Caduca 12/30');

  // Subscribe from the agent's page.
  await buyer.goto(`/marketplace/agent/${encodeURIComponent(agentId)}`);
  await buyer.getByRole('button', { name: `Suscribirse: ${AGENT_NAME}` }).click();
  const confirm = buyer.getByRole('dialog', { name: 'Confirmar suscripción' });
  await confirm.getByRole('button', { name: 'Confirmar suscripción' }).click();
  await expect(buyer.getByText('Suscripción activada con éxito')).toBeVisible();

  // Cancel: the confirmation says until when it can still be used.
  await buyer.goto('/mi-perfil?tab=SUBSCRIPTION');
  await subscriptionCard(buyer).getByRole('button', { name: new RegExp(AGENT_NAME) }).click();
  await expect(subscriptionCard(buyer)).toContainText('Próxima renovación');
  await subscriptionCard(buyer).getByRole('button', { name: /^Cancelar:/ }).click();
  const cancel = buyer.getByRole('dialog', { name: 'Cancelar suscripción' });
  await expect(cancel).toContainText('Podrás seguir chateando con sus agentes hasta el');
  await cancel.getByRole('button', { name: 'Cancelar suscripción' }).click();
  await expect(buyer.getByText('Suscripción cancelada con éxito')).toBeVisible();

  // Still active until the end of the period, with only 'Reanudar' to offer.
  const ends = subscriptionCard(buyer).getByTestId('subscription-ends');
  await expect(ends).toHaveText(/^Se cancelará el \d{1,2} de [a-z]+ de \d{4}$/);
  await expect(subscriptionCard(buyer).getByTestId('subscription-status')).toHaveText('Activa');
  await expect(subscriptionCard(buyer).getByRole('button', { name: /^Pausar:/ })).toHaveCount(0);
  await expect(subscriptionCard(buyer).getByRole('button', { name: /^Cancelar:/ })).toHaveCount(0);
  await waitUntilSettled(buyer);
  expect(await blockingViolations(buyer, 'suscripciones (1280)')).toEqual([]);
  await buyer.screenshot({ path: testInfo.outputPath('cancel-at-period-end-1280.png'), fullPage: true });
  await buyer.setViewportSize(PHONE);
  await expect(ends).toBeVisible();
  await waitUntilSettled(buyer);
  expect(await blockingViolations(buyer, 'suscripciones (390)')).toEqual([]);
  await buyer.screenshot({ path: testInfo.outputPath('cancel-at-period-end-390.png'), fullPage: true });
  await buyer.setViewportSize({ width: 1280, height: 800 });

  // What was paid for still answers.
  await chatAnswers(buyer, agentId, '¿Puede subirme el alquiler a mitad de contrato?');

  // 'Reanudar' undoes the cancellation.
  await buyer.goto('/mi-perfil?tab=SUBSCRIPTION');
  await subscriptionCard(buyer).getByRole('button', { name: new RegExp(AGENT_NAME) }).click();
  await subscriptionCard(buyer).getByRole('button', { name: /^Reanudar:/ }).click();
  await expect(buyer.getByText('Suscripción activada con éxito')).toBeVisible();
  await expect(subscriptionCard(buyer).getByTestId('subscription-ends')).toHaveCount(0);
  await expect(subscriptionCard(buyer).getByRole('button', { name: /^Cancelar:/ })).toBeVisible();
  await buyer.context().close();
});
