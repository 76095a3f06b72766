import { expect, test, type Page } from '@playwright/test';
import { chatBaseURL } from '../../playwright.config';
import { createPaidAgent, newChatUser } from './support/accounts';
import { answerTo } from './support/chat';

// Issue 14's walkthrough in demo mode (the embedded default), against the chat server so that the
// agent answers once subscribed: a creator prices an agent; a buyer adds a test card (a declined one
// first), subscribes from the agent's page, chats, pauses (the chat shows the paused modal),
// resumes from it, cancels, and the chat refuses again.
test.use({ baseURL: chatBaseURL });
test.setTimeout(240_000);

const AGENT_NAME = 'Tutor de Impuestos';

async function addCard(page: Page, number: string) {
  await page.getByRole('textbox', { name: 'Número de tarjeta' }).fill(number);
  await page.getByRole('textbox', { name: 'Caducidad' }).fill('12/34');
  await page.getByRole('textbox', { name: 'CVC' }).fill('123');
  await page.getByRole('button', { name: 'Guardar tarjeta' }).click();
}

/** The buyer's subscription to the agent in Mi perfil › Suscripciones (expanded by clicking its title). */
const subscriptionCard = (page: Page) =>
  page.getByRole('list', { name: 'Suscripciones' }).getByRole('listitem').filter({ hasText: AGENT_NAME });

async function sendToAgent(page: Page, agentId: string, text: string) {
  await page.goto(`/chat?agent=${encodeURIComponent(agentId)}`);
  const composer = page.getByRole('textbox', { name: 'Escribe tu mensaje' });
  await composer.fill(text);
  await composer.press('Enter');
}

test('a buyer adds a test card, subscribes to a paid agent, chats, pauses, resumes and cancels; a declined card changes nothing', async ({
  browser,
}, testInfo) => {
  const creator = await newChatUser(browser, 'creador-pagos', 'Carmen Creadora');
  const agentId = await createPaidAgent(creator, { name: AGENT_NAME, description: 'Resuelve dudas sobre la declaración de la renta.', price: '4,99', prompt: 'Eres un tutor de impuestos. Responde en español.' });
  await creator.context().close();

  const buyer = await newChatUser(browser, 'comprador', 'Bruno Comprador');

  // Before subscribing, the chat refuses.
  await sendToAgent(buyer, agentId, '¿Puedo deducir el alquiler?');
  await expect(buyer.getByText('Necesitas una suscripción activa para chatear con este agente.')).toBeVisible({ timeout: 15_000 });

  // A declined test card is refused with a Spanish message and nothing is saved.
  await buyer.goto('/mi-perfil?tab=PAYMENTS');
  await expect(buyer.getByText('Modo demostración: no se realiza ningún cargo').first()).toBeVisible();
  await addCard(buyer, '4000 0000 0000 0002');
  await expect(buyer.getByText('La tarjeta ha sido rechazada. Prueba con otra tarjeta.')).toBeVisible();
  await expect(buyer.getByText('Todavía no tienes ninguna tarjeta guardada.')).toBeVisible();

  await addCard(buyer, '4242 4242 4242 4242');
  const cards = buyer.getByRole('list', { name: 'Tarjetas guardadas' });
  await expect(cards).toContainText('Visa terminada en 4242');
  await expect(cards).toContainText('Predeterminada');
  await buyer.screenshot({ path: testInfo.outputPath('payments-cards-1280.png'), fullPage: true });

  // Subscribe from the agent's marketplace page.
  await buyer.goto(`/marketplace/agent/${encodeURIComponent(agentId)}`);
  await buyer.getByRole('button', { name: `Suscribirse: ${AGENT_NAME}` }).click();
  const confirm = buyer.getByRole('dialog', { name: 'Confirmar suscripción' });
  await expect(confirm).toContainText(`Te suscribes a «${AGENT_NAME}»`);
  await confirm.getByRole('button', { name: 'Confirmar suscripción' }).click();
  await expect(buyer.getByText('Suscripción activada con éxito')).toBeVisible();

  // Subscribed, the chat answers.
  await sendToAgent(buyer, agentId, '¿Puedo deducir el alquiler?');
  await expect(answerTo(buyer, '¿Puedo deducir el alquiler?')).toContainText('termina aquí.', { timeout: 20_000 });

  // Pause from Mi perfil › Suscripciones.
  await buyer.goto('/mi-perfil?tab=SUBSCRIPTION');
  await expect(buyer.getByRole('heading', { name: 'Suscripciones' })).toBeVisible();
  await subscriptionCard(buyer).getByRole('button', { name: new RegExp(AGENT_NAME) }).click();
  await subscriptionCard(buyer).getByRole('button', { name: /^Pausar:/ }).click();
  await expect(buyer.getByText('Suscripción pausada con éxito')).toBeVisible();
  await buyer.screenshot({ path: testInfo.outputPath('payments-subscriptions-1280.png'), fullPage: true });

  // The chat shows the paused modal; 'Reanudar suscripción' resumes and the chat starts.
  await buyer.goto(`/chat?agent=${encodeURIComponent(agentId)}`);
  const paused = buyer.getByRole('dialog', { name: 'Suscripción Pausada' });
  await expect(paused).toBeVisible({ timeout: 15_000 });
  await paused.getByRole('button', { name: 'Reanudar suscripción' }).click();
  await expect(paused).toBeHidden();
  const composer = buyer.getByRole('textbox', { name: 'Escribe tu mensaje' });
  await composer.fill('¿Y los gastos de comunidad?');
  await composer.press('Enter');
  await expect(buyer.getByRole('list', { name: 'Mensajes' }).getByText('¿Y los gastos de comunidad?')).toBeVisible();
  await expect(answerTo(buyer, '¿Y los gastos de comunidad?')).toContainText('termina aquí.', { timeout: 20_000 });

  // Cancel, with confirmation: it ends with the paid period (issue 31), so the chat still answers until then.
  await buyer.goto('/mi-perfil?tab=SUBSCRIPTION');
  await subscriptionCard(buyer).getByRole('button', { name: new RegExp(AGENT_NAME) }).click();
  await subscriptionCard(buyer).getByRole('button', { name: /^Cancelar:/ }).click();
  const cancel = buyer.getByRole('dialog', { name: 'Cancelar suscripción' });
  await cancel.getByRole('button', { name: 'Cancelar suscripción' }).click();
  await expect(buyer.getByText('Suscripción cancelada con éxito')).toBeVisible();
  await expect(subscriptionCard(buyer).getByTestId('subscription-ends')).toContainText('Se cancelará el');
  await sendToAgent(buyer, agentId, '¿Sigo teniendo acceso?');
  await expect(answerTo(buyer, '¿Sigo teniendo acceso?')).toContainText('termina aquí.', { timeout: 20_000 });
  await buyer.context().close();
});
