// Issue 32, "Done means": a builder gives a paid agent a 60-page PDF and a DOCX, watches both become
// ready, asks what page 37 answers and finds that page under 'Fuentes'; a buyer subscribes, asks the
// same, gets the answer with its source, and can neither list, read nor search the documents.
// On the chat server (its OpenAI-compatible fake is the model).
import { expect, test, type Page } from '@playwright/test';
import { docxFiles, makePdf, makeZip } from '../../backend/test/knowledge/parsing/fixtures';
import { createPaidAgent, newChatUser } from './support/accounts';
import { auditAtBothSizes } from './support/axe';
import { answerTo } from './support/chat';

test.setTimeout(240_000);

const AGENT_NAME = 'Asesor de Arrendamientos';
const QUESTION = '¿Cuál es el plazo de preaviso para desistir del contrato?';

const lawPdf = () =>
  makePdf(60, (page) =>
    page === 37
      ? 'Página 37. El plazo de preaviso para desistir del contrato de arrendamiento es de treinta días.'
      : `Página ${page}. Disposiciones generales del contrato de arrendamiento de vivienda, apartado ${page}, sobre la renta y su actualización anual.`,
  );

const guideDocx = () =>
  Buffer.from(
    makeZip(
      docxFiles([
        { text: 'Guía de la fianza', style: 'Heading1' },
        { text: 'La fianza legal equivale a una mensualidad de renta y se deposita en el organismo autonómico.' },
      ]),
    ),
  );

const idToken = (page: Page) =>
  page.evaluate(() => Object.entries(window.localStorage).find(([key]) => key.endsWith('.idToken'))?.[1] ?? null);

async function ask(page: Page, agentId: string, question: string) {
  await page.goto(`/chat?agent=${encodeURIComponent(agentId)}`);
  const composer = page.getByRole('textbox', { name: 'Escribe tu mensaje' });
  await composer.fill(question);
  await composer.press('Enter');
  const answer = answerTo(page, question);
  await expect(answer).toContainText('termina aquí.', { timeout: 30_000 });
  return answer;
}

test('a builder gives a paid agent a PDF and a DOCX, and both the builder and a subscribed buyer get page 37 among the sources; the buyer cannot reach the documents', async ({ browser }, testInfo) => {
  const builder = await newChatUser(browser, 'constructor-conocimiento', 'Beatriz Constructora');
  const agentId = await createPaidAgent(builder, {
    name: AGENT_NAME,
    description: 'Responde con la ley de arrendamientos en la mano.',
    price: '3,99',
    prompt: 'Eres un asesor de arrendamientos. Responde en español.',
  });

  await builder.getByRole('tab', { name: 'Conocimiento' }).click();
  const panel = builder.getByRole('tabpanel', { name: 'Conocimiento' });
  await panel.locator('input[type="file"]').setInputFiles([
    { name: 'ley-arrendamientos.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await lawPdf()) },
    { name: 'guia-fianza.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: guideDocx() },
  ]);
  const documents = panel.getByRole('list', { name: 'Documentos del agente' });
  await expect(documents.getByRole('listitem').filter({ hasText: 'ley-arrendamientos.pdf' })).toContainText(/Listo · \d+ fragmentos/, { timeout: 60_000 });
  await expect(documents.getByRole('listitem').filter({ hasText: 'guia-fianza.docx' })).toContainText(/Listo · \d+ fragmentos?/, { timeout: 60_000 });

  await panel.getByRole('textbox', { name: 'Pregunta de prueba' }).fill(QUESTION);
  await panel.getByRole('button', { name: 'Buscar' }).click();
  const found = panel.getByRole('list', { name: 'Fragmentos encontrados' }).getByRole('listitem');
  await expect(found.first()).toContainText('ley-arrendamientos.pdf · página 37');
  await panel.getByRole('textbox', { name: 'Pregunta de prueba' }).fill('¿Dónde se deposita la fianza?');
  await panel.getByRole('button', { name: 'Buscar' }).click();
  await expect(found.first()).toContainText('guia-fianza.docx');

  // The builder's own chat: page 37 is among the answer's sources.
  const builderAnswer = await ask(builder, agentId, QUESTION);
  await builderAnswer.getByRole('button', { name: 'Fuentes' }).click();
  await expect(builderAnswer.getByRole('list', { name: 'Fuentes' })).toContainText('ley-arrendamientos.pdf, página 37');
  const listed = await builder.request.get(`/api/agents/${agentId}/knowledge`, { headers: { Authorization: `Bearer ${await idToken(builder)}` } });
  expect(listed.status()).toBe(200);
  const pdfDocumentId = ((await listed.json()) as { items: { id: string; name: string }[] }).items.find((item) => item.name === 'ley-arrendamientos.pdf')!.id;
  await builder.context().close();

  // A buyer subscribes with a test card, asks the same and gets the answer with its source.
  const buyer = await newChatUser(browser, 'comprador-conocimiento', 'Bruno Lector');
  await buyer.goto('/mi-perfil?tab=PAYMENTS');
  await buyer.getByRole('textbox', { name: 'Número de tarjeta' }).fill('4242 4242 4242 4242');
  await buyer.getByRole('textbox', { name: 'Caducidad' }).fill('12/34');
  await buyer.getByRole('textbox', { name: 'CVC' }).fill('123');
  await buyer.getByRole('button', { name: 'Guardar tarjeta' }).click();
  await expect(buyer.getByRole('list', { name: 'Tarjetas guardadas' })).toContainText('Visa terminada en 4242');
  await buyer.goto(`/marketplace/agent/${encodeURIComponent(agentId)}`);
  await buyer.getByRole('button', { name: `Suscribirse: ${AGENT_NAME}` }).click();
  await buyer.getByRole('dialog', { name: 'Confirmar suscripción' }).getByRole('button', { name: 'Confirmar suscripción' }).click();
  await expect(buyer.getByText('Suscripción activada con éxito')).toBeVisible();

  const buyerAnswer = await ask(buyer, agentId, QUESTION);
  await buyerAnswer.getByRole('button', { name: 'Fuentes' }).click();
  const sources = buyerAnswer.getByRole('list', { name: 'Fuentes' });
  await expect(sources).toContainText('ley-arrendamientos.pdf, página 37');
  await expect(sources).toContainText('treinta días');
  // A snippet, not a way to the file: the sources link nowhere.
  await expect(sources.getByRole('link')).toHaveCount(0);
  await auditAtBothSizes(buyer, "/chat/{id} (buyer) with 'Fuentes' open");
  await buyer.screenshot({ path: testInfo.outputPath('knowledge-buyer-sources-1280.png'), fullPage: true });

  // The documents stay the builder's: the buyer may not list, read or search them.
  const authorization = { Authorization: `Bearer ${await idToken(buyer)}` };
  const list = await buyer.request.get(`/api/agents/${agentId}/knowledge`, { headers: authorization });
  expect(list.status()).toBe(403);
  expect(await list.text()).not.toContain('ley-arrendamientos.pdf');
  const search = await buyer.request.post(`/api/agents/${agentId}/knowledge/search`, { headers: authorization, data: { query: QUESTION, limit: 3 } });
  expect(search.status()).toBe(403);
  const read = await buyer.request.get(`/api/agents/${agentId}/knowledge/${pdfDocumentId}`, { headers: authorization });
  expect(read.status()).toBe(403);
  // Nor the editor's tab: the agent's edit screen is the creator's.
  await buyer.goto(`/edit-advanced-agent/${encodeURIComponent(agentId)}`);
  await expect(buyer.getByRole('tab', { name: 'Conocimiento' })).toHaveCount(0);
});
