// Issue 34's 'Done means', walked as its users would on the chat server (a model answers): a creator
// publishes two free agents; nobody has reviewed them ('Sin valoraciones', on the detail and the
// cards); a buyer chats with one and rates it 4 with a comment, then writes again ('editada'); a
// user who never used it is refused; the creator replies; a third user reports the review; an admin
// hides it from 'Denuncias' (the audit log names the resolution) and the agent says 'Sin
// valoraciones' again. The marketplace's rating sort follows at each step, and the creator's page
// lists their agents. axe at 1280 and 390 px on each screen, with a screenshot of each.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { chatBaseURL, E2E_CHAT_DATA_DIR } from '../../playwright.config';
import { newChatUser, registerAndVerify, signIn, uniqueEmail } from './support/accounts';
import { auditAtBothSizes, JOURNEY_SIZES, waitUntilSettled } from './support/axe';
import { answerTo } from './support/chat';

test.use({ baseURL: chatBaseURL });
test.setTimeout(360_000);

const PASSWORD = 'Nova-Pagos-2026!';
const TAG = `resenas${Date.now().toString(36)}`;
const RATED = `Asesora de Reseñas ${TAG}`;
const OTHER = `Consejero de Reseñas ${TAG}`;
const FIRST_COMMENT = 'Me ayudó a ordenar mis gastos del mes.';
const SECOND_COMMENT = 'Me ayudó a ordenar mis gastos del mes, aunque a veces responde largo.';
const REPLY = 'Gracias, intentaré que sus respuestas sean más breves.';
const NOTE = 'La valoración incluye datos personales.';

/** The operator's command (README: npm run admin -- grant) on the chat server's data; it ends the user's sessions. */
function grantAdmin(email: string) {
  execFileSync(process.execPath, [join(__dirname, '../../dist/backend/cli/admin.js'), 'grant', email], {
    env: { ...process.env, DATA_DIR: E2E_CHAT_DATA_DIR, LOG_LEVEL: 'error' },
  });
}

/** A free public agent made with the form creator; answers its id. */
async function createFreeAgent(page: Page, name: string, description: string): Promise<string> {
  await page.goto('/create-advanced-agent');
  await page.getByRole('textbox', { name: 'Nombre' }).fill(name);
  await page.getByRole('textbox', { name: 'Categoría' }).click();
  await page.getByRole('option', { name: 'Finanzas' }).click();
  await page.getByRole('textbox', { name: 'Descripción' }).fill(description);
  await page.getByRole('radio', { name: 'Público: aparece en el marketplace' }).check();
  await page.getByRole('textbox', { name: 'Prompt del sistema' }).fill('Eres un asesor de finanzas personales. Responde en español.');
  await page.getByRole('button', { name: 'Crear agente' }).click();
  await expect(page).toHaveURL(/\/edit-advanced-agent\/[^/]+$/);
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
}

async function chatOnce(page: Page, agentId: string, text: string) {
  await page.goto(`/chat?agent=${encodeURIComponent(agentId)}`);
  const composer = page.getByRole('textbox', { name: 'Escribe tu mensaje' });
  await composer.fill(text);
  await composer.press('Enter');
  await expect(answerTo(page, text)).toContainText('termina aquí.', { timeout: 20_000 });
}

const detailUrl = (agentId: string) => `/marketplace/agent/${encodeURIComponent(agentId)}`;
const cards = (page: Page) => page.getByRole('list', { name: 'Agentes' }).getByRole('listitem');
const card = (page: Page, name: string) => cards(page).filter({ hasText: name });
const reviewList = (page: Page) => page.getByRole('list', { name: 'Valoraciones' });

/** The two agents in the marketplace, sorted by rating: `first` comes first, and `rated`'s card shows `rating`. */
async function expectMarketplace(page: Page, first: string, rating: string) {
  await expect(async () => {
    await page.goto(`/marketplace?search=${TAG}&sortBy=rating`);
    await expect(cards(page)).toHaveCount(2);
    await expect(cards(page).first()).toContainText(first, { timeout: 2_000 });
    await expect(card(page, RATED).locator('.marketplace-card-rating')).toHaveText(rating, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: 'Ordenar por' })).toHaveValue('Valoración');
  await expect(card(page, OTHER)).toContainText('Sin valoraciones');
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  for (const [width, viewport] of Object.entries(JOURNEY_SIZES)) {
    await page.setViewportSize(viewport);
    await waitUntilSettled(page);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(JOURNEY_SIZES[1280]);
}

async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: chatBaseURL, locale: 'es-ES' });
  const page = await context.newPage();
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
  return page;
}

test('a buyer rates an agent, its creator replies, a report hides the review; the cards, the sort and the creator page follow', async ({
  browser,
}, testInfo) => {
  // A creator publishes two free agents, the rated one first (a tie in the rating sort puts the newer first).
  const creator = await newChatUser(browser, 'creadora-resenas', 'Clara Creadora');
  const ratedId = await createFreeAgent(creator, RATED, `Ordena tus gastos del mes (${TAG}).`);
  const otherId = await createFreeAgent(creator, OTHER, `Planifica tus ahorros (${TAG}).`);

  // Nobody has reviewed them: the detail and both cards say so; a visitor is asked to sign in.
  const guest = await visitor(browser);
  await guest.goto(detailUrl(ratedId));
  await expect(guest.getByRole('heading', { level: 1, name: RATED })).toBeVisible();
  const reviewsSection = guest.getByRole('region', { name: 'Valoraciones' });
  await expect(reviewsSection.getByText('Sin valoraciones')).toBeVisible();
  await expect(reviewsSection.getByText('Nadie ha valorado este agente todavía.')).toBeVisible();
  await expect(reviewsSection.getByText('Inicia sesión para valorar este agente.')).toBeVisible();
  await expectMarketplace(guest, OTHER, 'Sin valoraciones');

  // The buyer chats with the agent once, then rates it 4 with a comment from its detail.
  const buyer = await newChatUser(browser, 'comprador-resenas', 'Bruno Comprador');
  await chatOnce(buyer, ratedId, '¿Cómo reparto mi sueldo este mes?');
  await buyer.goto(detailUrl(ratedId));
  const form = buyer.locator('form').filter({ has: buyer.getByRole('heading', { name: 'Valora este agente' }) });
  await expect(form).toBeVisible();
  await form.getByRole('radio', { name: '4 de 5 estrellas' }).click();
  await expect(form.getByRole('radio', { name: '4 de 5 estrellas' })).toHaveAttribute('aria-checked', 'true');
  await form.getByRole('textbox', { name: 'Comentario (opcional)' }).fill(FIRST_COMMENT);
  await shoot(buyer, testInfo, 'review-form');
  await auditAtBothSizes(buyer, 'the review form');
  await form.getByRole('button', { name: 'Publicar valoración' }).click();
  await expect(buyer.getByText('Valoración publicada')).toBeVisible();

  // The summary and the review.
  await expect(buyer.getByTestId('rating-average')).toHaveText('4,0 de 5');
  await expect(buyer.getByRole('region', { name: 'Valoraciones' }).getByText('1 valoración', { exact: true })).toBeVisible();
  const histogram = buyer.getByRole('list', { name: 'Reparto de las valoraciones' });
  await expect(histogram.getByRole('listitem', { name: '4 estrellas: 1' })).toBeVisible();
  for (const stars of ['5 estrellas: 0', '3 estrellas: 0', '2 estrellas: 0', '1 estrella: 0']) {
    await expect(histogram.getByRole('listitem', { name: stars })).toBeVisible();
  }
  const review = reviewList(buyer).getByTestId('review');
  await expect(review).toHaveCount(1);
  await expect(review).toContainText(FIRST_COMMENT);
  // Its author by their public name; the name given at sign-up stays private.
  await expect(review).not.toContainText('Bruno Comprador');
  await expect(review).not.toContainText('editada');
  await expectMarketplace(guest, RATED, '★ 4 / 5 (1)');

  // Writing again replaces it: still one review, the new comment, 'editada'.
  await buyer.goto(detailUrl(ratedId));
  await form.getByRole('radio', { name: '4 de 5 estrellas' }).click();
  await form.getByRole('textbox', { name: 'Comentario (opcional)' }).fill(SECOND_COMMENT);
  await form.getByRole('button', { name: 'Publicar valoración' }).click();
  await expect(buyer.getByText('Valoración actualizada')).toBeVisible();
  await expect(review).toHaveCount(1);
  await expect(review).toContainText(SECOND_COMMENT);
  await expect(review).toContainText('editada');
  await expect(buyer.getByTestId('rating-average')).toHaveText('4,0 de 5');
  await expectMarketplace(guest, RATED, '★ 4 / 5 (1)');

  // The creator answers from the agent's detail.
  await creator.goto(detailUrl(ratedId));
  await expect(creator.getByText('Es tu agente: aquí verás las valoraciones de quienes lo usen y podrás responderlas.')).toBeVisible();
  const creatorsView = reviewList(creator).getByTestId('review');
  await creatorsView.getByRole('button', { name: 'Responder' }).click();
  await creatorsView.getByRole('textbox', { name: 'Tu respuesta pública' }).fill(REPLY);
  await creatorsView.getByRole('button', { name: 'Publicar respuesta' }).click();
  await expect(creator.getByText('Respuesta publicada')).toBeVisible();
  await expect(creatorsView.getByText('Respuesta del creador')).toBeVisible();
  await expect(creatorsView).toContainText(REPLY);
  await expect(creatorsView.getByRole('button', { name: 'Editar respuesta' })).toBeVisible();

  // Everyone sees the reply under the review.
  await guest.goto(detailUrl(ratedId));
  const guestsView = reviewList(guest).getByTestId('review');
  await expect(guestsView).toContainText(SECOND_COMMENT);
  await expect(guestsView.getByText('Respuesta del creador')).toBeVisible();
  await expect(guestsView).toContainText(REPLY);
  await expect(guestsView.getByRole('img', { name: '4 de 5 estrellas' })).toBeVisible();
  await shoot(guest, testInfo, 'agent-detail-reviews');
  await auditAtBothSizes(guest, 'the agent detail with reviews');

  // The creator's page, reached from the detail's link, lists both agents, and the rating of their agents.
  await guest.goto(detailUrl(ratedId));
  const creatorLink = guest.getByRole('link', { name: /^Ver la página de / });
  const creatorName = (await creatorLink.textContent())!.trim();
  await creatorLink.click();
  await expect(guest).toHaveURL(new RegExp(`/creadores/${encodeURIComponent(creatorName)}$`));
  await expect(guest.getByRole('heading', { level: 1, name: creatorName })).toBeVisible();
  await expect(guest.getByText(/^Miembro desde /)).toBeVisible();
  const creatorsAgents = guest.getByRole('list', { name: 'Sus agentes' }).getByRole('listitem');
  await expect(creatorsAgents.filter({ hasText: RATED }).getByRole('img', { name: 'Valoración: 4 / 5 (1 valoración)' })).toBeVisible();
  await expect(guest.getByText('★ 4 / 5 (1 valoración)')).toBeVisible();
  await expect(creatorsAgents.filter({ hasText: OTHER })).toHaveCount(1);
  await shoot(guest, testInfo, 'creator-page');
  await auditAtBothSizes(guest, 'the creator page');

  // A third user, who only chatted with the other agent, may not rate this one; they report the review.
  const reporter = await newChatUser(browser, 'denunciante-resenas', 'Diego Denunciante');
  await chatOnce(reporter, otherId, '¿Cuánto debería ahorrar?');
  await reporter.goto(detailUrl(ratedId));
  const reportersForm = reporter.locator('form').filter({ has: reporter.getByRole('heading', { name: 'Valora este agente' }) });
  await reportersForm.getByRole('radio', { name: '5 de 5 estrellas' }).click();
  await reportersForm.getByRole('button', { name: 'Publicar valoración' }).click();
  await expect(reportersForm.getByRole('alert')).toHaveText('Solo puedes valorar agentes que has usado.');
  await expect(reporter.getByTestId('rating-average')).toHaveText('4,0 de 5');

  await reviewList(reporter).getByTestId('review').getByRole('button', { name: 'Denunciar valoración' }).click();
  const reportDialog = reporter.getByRole('dialog', { name: 'Denunciar esta valoración' });
  await reportDialog.getByRole('textbox', { name: 'Motivo' }).click();
  await reporter.getByRole('option', { name: 'Ofensivo o abusivo' }).click();
  await reportDialog.getByRole('textbox', { name: 'Detalles (opcional)' }).fill('Menciona a una persona por su nombre.');
  await reportDialog.getByRole('button', { name: 'Enviar denuncia' }).click();
  await expect(reporter.getByText('Denuncia enviada. La revisará el equipo de administración.')).toBeVisible();
  await expect(reportDialog).toBeHidden();
  // A report changes nothing by itself.
  await expectMarketplace(guest, RATED, '★ 4 / 5 (1)');

  // An admin hides the review from 'Denuncias', with a note.
  const adminPage = await visitor(browser);
  const admin = { email: uniqueEmail('admin-resenas'), password: PASSWORD, contactName: 'Ana Admin' };
  await registerAndVerify(adminPage, admin, E2E_CHAT_DATA_DIR);
  grantAdmin(admin.email);
  await adminPage.evaluate(() => window.localStorage.clear());
  await adminPage.goto('/login');
  await signIn(adminPage, admin.email, admin.password);
  await expect(adminPage).toHaveURL(/\/chat$/, { timeout: 20_000 });
  await adminPage.goto('/admin');
  await adminPage.getByRole('navigation', { name: 'Administración' }).getByRole('link', { name: 'Denuncias' }).click();
  await expect(adminPage).toHaveURL(/\/admin\/reports$/);
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Denuncias' })).toBeVisible();
  const report = adminPage.getByTestId('report').filter({ hasText: SECOND_COMMENT });
  await expect(report).toHaveCount(1);
  await expect(report.getByRole('heading', { name: `Valoración de «${RATED}»` })).toBeVisible();
  await expect(report).toContainText('Motivo: Ofensivo o abusivo');
  await expect(report).toContainText('Detalles: Menciona a una persona por su nombre.');
  await expect(report).toContainText('4 de 5 estrellas');
  await shoot(adminPage, testInfo, 'admin-reports');
  await auditAtBothSizes(adminPage, 'the admin reports page');

  await report.getByRole('button', { name: `Ocultar valoración: Valoración de «${RATED}»` }).click();
  const resolveDialog = adminPage.getByRole('dialog', { name: `Ocultar valoración: Valoración de «${RATED}»` });
  await resolveDialog.getByRole('textbox', { name: /^Nota/ }).fill(NOTE);
  await resolveDialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(adminPage.getByText('Denuncia resuelta.')).toBeVisible();
  await expect(report).toHaveCount(0);
  await adminPage.getByText('Resueltas', { exact: true }).click();
  const resolved = adminPage.getByTestId('report').filter({ hasText: NOTE });
  await expect(resolved).toContainText('Valoración ocultada');
  await expect(resolved).toContainText(`Valoración de «${RATED}»`);

  // The audit log names the resolution.
  await adminPage.getByRole('navigation', { name: 'Administración' }).getByRole('link', { name: /Auditoría/ }).click();
  await expect(adminPage.getByText('Denuncia: ocultar valoración').first()).toBeVisible();

  // The review is gone from the detail, and the agent counts no rating again.
  await guest.goto(detailUrl(ratedId));
  await expect(guest.getByRole('region', { name: 'Valoraciones' }).getByText('Sin valoraciones')).toBeVisible();
  await expect(guest.getByText(SECOND_COMMENT)).toHaveCount(0);
  await expect(reviewList(guest)).toHaveCount(0);
  await expectMarketplace(guest, OTHER, 'Sin valoraciones');

  // The creator's page counts the hidden review nowhere either.
  await guest.goto(`/creadores/${encodeURIComponent(creatorName)}`);
  await expect(guest.getByRole('heading', { level: 1, name: creatorName })).toBeVisible();
  await expect(guest.getByText('★ 4 / 5 (1 valoración)')).toHaveCount(0);
  await expect(guest.getByRole('list', { name: 'Sus agentes' }).getByRole('listitem').filter({ hasText: RATED })).toContainText('Sin valoraciones');

  for (const page of [creator, buyer, reporter, adminPage, guest]) await page.context().close();
});
