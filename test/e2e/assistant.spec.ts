import { expect, test, type Page } from '@playwright/test';

// Seshat, the floating assistant, against the real backend. With no model configured (as here)
// the backend answers from the help-centre articles: the spec's offline mode.

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };
const MARGIN = 16;
/** The panel first opens at the top right, below the beta notice's row. */
const START_TOP = 72;
const CONNECTION_ERROR = 'Lo siento, hay problemas de conexión. He cambiado a modo offline.';

/** A health answer from a backend that has a model for the assistant: the widget shows online. */
const HEALTH_WITH_MODEL = {
  status: 'ok',
  version: 'e2e',
  database: { type: 'sqlite', reachable: true },
  providers: { identity: 'embedded', payments: 'demo', mail: 'outbox', assistant: 'online' },
};

const opener = (page: Page) => page.getByRole('button', { name: /^Abrir el asistente Seshat/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Asistente Seshat' });
const input = (page: Page) => panel(page).getByRole('textbox', { name: 'Escribe tu mensaje' });
const replies = (page: Page) => panel(page).locator('[data-kind="reply"]');
const hints = (page: Page) => panel(page).locator('[data-kind="hint"]');
const status = (page: Page) => panel(page).locator('.assistant-status');

async function box(page: Page) {
  const result = await panel(page).boundingBox();
  if (!result) throw new Error('the assistant panel is not visible');
  return result;
}

test.beforeEach(async ({ page }) => {
  // The cookie banner covers the mobile opener until the visitor chooses.
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
});

for (const [device, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test.describe(`assistant on ${device} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport });

    test('opens, answers a question sent with Enter and a suggestion chip, and keeps its session id across pages', async ({ page }) => {
      await page.goto('/');
      const button = await opener(page).boundingBox();
      if (device === 'desktop') {
        // Top right.
        expect(button!.x + button!.width).toBeGreaterThan(viewport.width - 64);
        expect(button!.y).toBeLessThan(120);
      } else {
        // Bottom right.
        expect(button!.x + button!.width).toBeGreaterThan(viewport.width - 48);
        expect(button!.y + button!.height).toBeGreaterThan(viewport.height - 48);
      }
      await opener(page).click();
      await expect(panel(page)).toBeVisible();
      await expect(panel(page).locator('header').getByText('Seshat', { exact: true })).toBeVisible();
      await expect(panel(page).getByRole('link', { name: 'Centro de soporte' })).toHaveAttribute('href', '/support');
      await expect(panel(page).getByRole('link', { name: 'Escríbenos' })).toHaveAttribute('href', '/contact');
      const send = panel(page).getByRole('button', { name: 'Enviar mensaje' });
      await expect(send).toBeDisabled();
      await input(page).fill('   ');
      await expect(send).toBeDisabled();

      const request = page.waitForRequest((r) => r.url().endsWith('/api/assistant/messages') && r.method() === 'POST');
      await input(page).fill('¿Cómo creo un agente?');
      await input(page).press('Enter');
      const body = (await request).postDataJSON() as { sessionId: string; message: string; page: string };
      expect(body).toMatchObject({ message: '¿Cómo creo un agente?', page: 'Inicio' });
      expect(body.sessionId).toBe(await page.evaluate(() => sessionStorage.getItem('assistant_session_id')));
      await expect(replies(page).first()).toContainText('agente');
      await expect(replies(page).first().getByRole('link', { name: 'Cómo crear un agente' })).toBeVisible();
      await expect(input(page)).toHaveValue('');

      await panel(page).getByRole('button', { name: '¿Cuáles son los planes?' }).click();
      await expect(replies(page)).toHaveCount(2);
      await expect(replies(page).nth(1)).toContainText(/suscripci|plan/i);

      // An article link opens the help centre; the conversation and its session go along.
      await replies(page).first().getByRole('link', { name: 'Cómo crear un agente' }).click();
      await expect(page).toHaveURL(/\/support\?article=crear-un-agente$/);
      await expect(page.getByRole('heading', { level: 2, name: 'Cómo crear un agente' })).toBeVisible();
      if (device === 'mobile') await opener(page).click();
      await expect(replies(page)).toHaveCount(2);
      const next = page.waitForRequest((r) => r.url().endsWith('/api/assistant/messages'));
      await input(page).fill('¿Cómo publico un agente como API?');
      await input(page).press('Enter');
      expect(((await next).postDataJSON() as { sessionId: string; page: string })).toMatchObject({
        sessionId: body.sessionId,
        page: 'Centro de soporte',
      });
    });

    test('switches to offline when the health check fails and when a send fails, and still answers from the help centre', async ({ page }) => {
      await page.clock.install();
      await page.route('**/api/health', (route) => route.fulfill({ json: HEALTH_WITH_MODEL }));
      await page.goto('/');
      await opener(page).click();
      await expect(status(page)).toHaveText('En línea');
      await expect(panel(page).locator('[data-kind="welcome"]')).not.toContainText('funcionalidad limitada');

      // The next health check (every 60 s) cannot reach the server.
      await page.unroute('**/api/health');
      await page.route('**/api/health', (route) => route.abort());
      const checked = page.waitForRequest('**/api/health');
      await page.clock.fastForward(60_000);
      await checked;
      await expect(status(page)).toHaveText('Modo offline');
      await expect(panel(page).locator('[data-kind="welcome"]')).toContainText('funcionalidad limitada');

      // A send that fails says so, with the spec's words.
      await page.route('**/api/assistant/messages', (route) => route.abort());
      await input(page).fill('hola');
      await input(page).press('Enter');
      await expect(panel(page).locator('[data-kind="error"]')).toHaveText(CONNECTION_ERROR);
      await expect(status(page)).toHaveText('Modo offline');

      // The server is back for messages: the offline answerer replies from the support articles.
      await page.unroute('**/api/assistant/messages');
      await input(page).fill('¿Cómo restablezco mi contraseña?');
      await input(page).press('Enter');
      await expect(replies(page).first()).toContainText(/contraseña/i);
      await expect(replies(page).first().getByRole('link').first()).toHaveAttribute('href', /\/support\?article=/);
      await expect(status(page)).toHaveText('Modo offline');
    });

    test('a failed send while online switches to offline', async ({ page }) => {
      await page.route('**/api/health', (route) => route.fulfill({ json: HEALTH_WITH_MODEL }));
      await page.route('**/api/assistant/messages', (route) => route.abort());
      await page.goto('/');
      await opener(page).click();
      await expect(status(page)).toHaveText('En línea');
      await input(page).fill('hola');
      await input(page).press('Enter');
      await expect(panel(page).getByText(CONNECTION_ERROR, { exact: true })).toBeVisible();
      await expect(status(page)).toHaveText('Modo offline');
    });

    test('shows the context hint 1200 ms after opening, once per page, and again after a route change', async ({ page }) => {
      // The page's own clock, so that the delay is measured from the opening itself and not from
      // whenever a busy machine lets the click return.
      await page.clock.install();
      await page.goto('/');
      await page.clock.pauseAt(Date.now() + 60_000);
      await opener(page).click();
      await expect(panel(page)).toBeVisible();
      await page.clock.runFor(1100);
      await expect(hints(page)).toHaveCount(0);
      await page.clock.runFor(100);
      await expect(hints(page)).toHaveCount(1);
      await expect(hints(page).first()).toContainText('Inicio');

      // Closing and opening again on the same page: no second hint.
      await panel(page).getByRole('button', { name: 'Cerrar el asistente Seshat' }).click();
      await opener(page).click();
      await page.clock.runFor(1600);
      await expect(hints(page)).toHaveCount(1);

      // Another page re-arms it.
      await panel(page).getByRole('link', { name: 'Centro de soporte' }).click();
      await expect(page).toHaveURL(/\/support$/);
      if (device === 'mobile') await opener(page).click();
      await expect(panel(page)).toBeVisible();
      await page.clock.runFor(1200);
      await expect(hints(page)).toHaveCount(2);
      await expect(hints(page).nth(1)).toContainText('Centro de soporte');
    });

    if (device === 'desktop') {
      test('drags inside the window, never closer than 16 px to an edge', async ({ page }) => {
        await page.goto('/marketplace');
        await opener(page).click();
        let rect = await box(page);
        expect(rect).toMatchObject({ width: 370, height: 600 });
        expect(rect.x + rect.width).toBe(DESKTOP.width - MARGIN);
        expect(rect.y).toBe(START_TOP);

        const grab = async () => {
          const avatar = (await panel(page).locator('.assistant-avatar').boundingBox())!;
          return { x: avatar.x + avatar.width / 2, y: avatar.y + avatar.height / 2 };
        };
        let start = await grab();
        await page.mouse.move(start.x, start.y);
        await page.mouse.down();
        await page.mouse.move(200, 150, { steps: 8 });
        await page.mouse.up();
        rect = await box(page);
        expect(rect.x).toBe(DESKTOP.width - MARGIN - 370 + Math.round(200 - start.x));
        expect(rect.y).toBe(START_TOP + Math.round(150 - start.y));

        start = await grab();
        await page.mouse.move(start.x, start.y);
        await page.mouse.down();
        await page.mouse.move(0, 0, { steps: 8 });
        await page.mouse.up();
        rect = await box(page);
        expect(rect.x).toBe(MARGIN);
        expect(rect.y).toBe(MARGIN);

        start = await grab();
        await page.mouse.move(start.x, start.y);
        await page.mouse.down();
        await page.mouse.move(DESKTOP.width - 1, DESKTOP.height - 1, { steps: 8 });
        await page.mouse.up();
        rect = await box(page);
        expect(rect.x + rect.width).toBe(DESKTOP.width - MARGIN);
        expect(rect.y + rect.height).toBe(DESKTOP.height - MARGIN);
      });

      test('expands from 370 × 600 px to 400 px × 75vh and back, staying inside the window', async ({ page }) => {
        await page.goto('/');
        await opener(page).click();
        expect(await box(page)).toMatchObject({ width: 370, height: 600 });
        await panel(page).getByRole('button', { name: 'Ampliar el asistente' }).click();
        let rect = await box(page);
        expect(rect).toMatchObject({ width: 400, height: DESKTOP.height * 0.75 });
        expect(rect.x + rect.width).toBeLessThanOrEqual(DESKTOP.width - MARGIN);

        await page.setViewportSize({ width: 1280, height: 1000 });
        await expect.poll(async () => (await box(page)).height).toBe(750);
        rect = await box(page);
        expect(rect.y + rect.height).toBeLessThanOrEqual(1000 - MARGIN);

        await panel(page).getByRole('button', { name: 'Reducir el asistente' }).click();
        expect(await box(page)).toMatchObject({ width: 370, height: 600 });
      });

      test('counts a reply that arrives while closed as unread', async ({ page }) => {
        await page.route('**/api/assistant/messages', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          await route.continue();
        });
        await page.goto('/');
        await opener(page).click();
        await input(page).fill('¿Qué es Nova?');
        await input(page).press('Enter');
        await panel(page).getByRole('button', { name: 'Cerrar el asistente Seshat' }).click();
        await expect(page.getByRole('button', { name: 'Abrir el asistente Seshat (1 mensaje sin leer)' })).toBeVisible();
        await opener(page).click();
        await expect(replies(page)).toHaveCount(1);
        await panel(page).getByRole('button', { name: 'Cerrar el asistente Seshat' }).click();
        await expect(opener(page)).toHaveAccessibleName('Abrir el asistente Seshat');
      });
    } else {
      test('is full screen, without drag or expand', async ({ page }) => {
        await page.goto('/marketplace');
        await opener(page).click();
        expect(await box(page)).toEqual({ x: 0, y: 0, width: MOBILE.width, height: MOBILE.height });
        await expect(panel(page).getByRole('button', { name: 'Ampliar el asistente' })).toHaveCount(0);
        await page.mouse.move(60, 30);
        await page.mouse.down();
        await page.mouse.move(200, 300, { steps: 5 });
        await page.mouse.up();
        expect(await box(page)).toEqual({ x: 0, y: 0, width: MOBILE.width, height: MOBILE.height });
      });
    }
  });
}

test('the full-page chat (/chat-agent) shares the widget’s conversation', async ({ page }) => {
  await page.goto('/chat-agent');
  await expect(page.getByRole('heading', { level: 1, name: 'Chat con Seshat' })).toBeVisible();
  await expect(opener(page)).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Escribe tu mensaje' }).fill('¿Cuáles son los planes?');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-kind="reply"]').first()).toContainText(/suscripci|plan/i);
  await page.getByRole('link', { name: 'Marketplace' }).first().click();
  await opener(page).click();
  await expect(replies(page)).toHaveCount(1);
});
