// Layout at a desktop and a phone size, measured on the rendered boxes (issue 12): Seshat's opener
// covers no content, the chat fits a phone, and long texts wrap instead of being cut.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';
import { registerAndVerify, signIn, uniqueEmail } from './support/accounts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'Correcta-Grapa-42';

// Most tests register through the UI first; the machines that run these are slow and shared.
test.describe.configure({ timeout: 90_000 });

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'the element has a box').not.toBeNull();
  return box!;
}

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The page's own content, not the layout's boxes around it. */
const CONTENT =
  'a, button, input, textarea, select, [role="button"], [role="listitem"], .mantine-Card-root, .chat-message-bubble, h1, h2, h3, p, label';

/**
 * What the opener would hide: the content found under it when the pointer passes through the
 * opener's own box (the button and the wrappers of its size). Content behind something else, such
 * as a bar the opener sits in, is not hidden by the opener.
 */
async function contentUnderOpener(page: Page): Promise<string[]> {
  const opener = page.getByRole('button', { name: /^Abrir el asistente/ });
  await expect(opener).toBeVisible();
  return opener.evaluate((button, selector) => {
    const rect = button.getBoundingClientRect();
    // The opener is what the pointer reaches at its centre.
    const atCentre = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    if (!atCentre || !button.contains(atCentre)) return [`el centro del botón es ${atCentre?.outerHTML.slice(0, 80)}`];
    const ownBox: HTMLElement[] = [];
    for (let element: HTMLElement | null = button as HTMLElement; element; element = element.parentElement) {
      const box = element.getBoundingClientRect();
      if (box.width * box.height > 2 * rect.width * rect.height) break;
      ownBox.push(element);
    }
    ownBox.forEach((element) => (element.style.pointerEvents = 'none'));
    const found = new Set<string>();
    try {
      for (let x = rect.left + 1; x < rect.right; x += 4) {
        for (let y = rect.top + 1; y < rect.bottom; y += 4) {
          const content = document.elementFromPoint(x, y)?.closest(selector);
          if (content && !content.contains(button)) found.add(content.outerHTML.slice(0, 100));
        }
      }
    } finally {
      ownBox.forEach((element) => (element.style.pointerEvents = ''));
    }
    return [...found];
  }, CONTENT);
}

/**
 * On a phone the opener floats over the content as it scrolls by (issue 31: no 64 px bar of its
 * own), so there only the end of the page, with its footer, is checked; on a desktop the top too.
 */
async function expectOpenerCoversNothing(page: Page, { atTop = true } = {}) {
  if (atTop) {
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await contentUnderOpener(page), 'at the top of the page').toEqual([]);
  }
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await contentUnderOpener(page), 'at the end of the page').toEqual([]);
  const opener = await boxOf(page.getByRole('button', { name: /^Abrir el asistente/ }));
  const footerLinks = page.getByRole('contentinfo').getByRole('link');
  for (let index = 0; index < (await footerLinks.count()); index += 1) {
    expect(intersects(await boxOf(footerLinks.nth(index)), opener), await footerLinks.nth(index).innerText()).toBe(false);
  }
}

/** Decides on cookies first: until then the banner is above everything at the bottom. */
async function declineCookies(page: Page) {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('cookie_consent', 'declined'));
}

async function registerUser(page: Page, prefix: string) {
  const account = { email: uniqueEmail(prefix), password: PASSWORD, contactName: 'Ana Pruebas' };
  await registerAndVerify(page, account);
  return account;
}

async function expectNotCut(locator: Locator) {
  const overflow = await locator.evaluate((element) => ({
    width: element.scrollWidth - element.clientWidth,
    height: element.scrollHeight - element.clientHeight,
  }));
  expect(overflow, await locator.innerText()).toEqual({ width: 0, height: 0 });
}

/** The composer on a phone: the paperclip, then one line across the column, 'Enviar' beside it, clear of the opener. */
async function expectComposerFits(page: Page) {
  const input = page.getByRole('textbox', { name: 'Escribe tu mensaje' });
  const send = page.getByRole('button', { name: 'Enviar', exact: true });
  const attach = await boxOf(page.getByRole('button', { name: 'Adjuntar archivo' }));
  const column = await boxOf(page.locator('.chat-header'));
  const inputBox = await boxOf(input);
  const sendBox = await boxOf(send);
  expect(inputBox.y + inputBox.height).toBeLessThanOrEqual(PHONE.height);
  expect(inputBox.height, 'the placeholder fits one line').toBeLessThanOrEqual(40);
  expect(attach.x, 'the paperclip starts the row').toBeLessThanOrEqual(column.x + 1);
  expect(inputBox.x, 'the box right of the paperclip').toBeGreaterThanOrEqual(attach.x + attach.width);
  expect(sendBox.x, 'Enviar right of the box').toBeGreaterThanOrEqual(inputBox.x + inputBox.width);
  expect(sendBox.x + sendBox.width, 'the row spans the column').toBeGreaterThanOrEqual(column.x + column.width - 1);
  const sendMiddle = sendBox.y + sendBox.height / 2;
  expect(sendMiddle, 'Enviar on the same row').toBeGreaterThan(inputBox.y);
  expect(sendMiddle).toBeLessThan(inputBox.y + inputBox.height);
  const opener = await boxOf(page.getByRole('button', { name: /^Abrir el asistente/ }));
  expect(intersects(sendBox, opener)).toBe(false);
  expect(intersects(inputBox, opener)).toBe(false);
}

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`Seshat's opener at ${viewport.width}×${viewport.height} (${name})`, () => {
    test.use({ viewport });

    test('covers nothing on the landing page and the marketplace', async ({ page }) => {
      await declineCookies(page);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('listitem').first()).toBeVisible();
      await expectOpenerCoversNothing(page, { atTop: name === 'desktop' });

      await page.goto('/marketplace');
      await expect(page.getByRole('listitem').first()).toBeVisible();
      await expectOpenerCoversNothing(page, { atTop: name === 'desktop' });
    });

    test('covers nothing in a chat, its messages and its send row included', async ({ page }) => {
      await declineCookies(page);
      await registerUser(page, 'layout-chat');
      await expect(page.getByRole('heading', { name: 'Nueva conversación' })).toBeVisible();
      await expectOpenerCoversNothing(page);

      await page.getByRole('textbox', { name: 'Escribe tu mensaje' }).fill('Hola, ¿qué puedes hacer por mí hoy en esta plataforma?');
      await page.getByRole('button', { name: 'Enviar', exact: true }).click();
      await expect(page).toHaveURL(/\/chat\/[^/]+$/);
      await expect(page.getByRole('list', { name: 'Mensajes' }).getByRole('listitem')).toHaveCount(2);
      await expectOpenerCoversNothing(page);
      const opener = await boxOf(page.getByRole('button', { name: /^Abrir el asistente/ }));
      expect(intersects(await boxOf(page.getByRole('button', { name: 'Enviar', exact: true })), opener)).toBe(false);
    });
  });
}

test.describe('Seshat open on a desktop', () => {
  test.use({ viewport: DESKTOP });

  // On a phone the panel is full screen (spec section 2): there it is the page until closed.
  test('leaves the beta notice closable', async ({ page }) => {
    await declineCookies(page);
    await page.goto('/');
    await page.getByRole('button', { name: /^Abrir el asistente/ }).click();
    const panel = page.getByRole('dialog', { name: /Seshat/ });
    await expect(panel).toBeVisible();
    const close = page.getByRole('button', { name: 'Cerrar aviso de beta' });
    // Where it is: a click that scrolled the page first could reach a button the panel covers.
    const reachable = await close.evaluate((button) => {
      const rect = button.getBoundingClientRect();
      return button.contains(document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2));
    });
    expect(reachable, 'the pointer reaches the close button at its centre').toBe(true);
    await close.click();
    await expect(page.getByText(/está en fase beta/)).toHaveCount(0);
    await expect(panel).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('a new chat and a conversation show their title, the instructions button and a one-line composer', async ({ page }) => {
    await declineCookies(page);
    await registerUser(page, 'layout-phone');
    const title = page.getByRole('heading', { level: 1, name: 'Nueva conversación' });
    await expect(title).toBeVisible();
    await expectNotCut(title);
    const instructions = page.getByRole('button', { name: 'Instrucciones del asistente' });
    await expectNotCut(instructions.locator('.mantine-Button-label'));
    const instructionsBox = await boxOf(instructions);
    expect(instructionsBox.x + instructionsBox.width).toBeLessThanOrEqual(PHONE.width);
    await expectComposerFits(page);

    await page.getByRole('textbox', { name: 'Escribe tu mensaje' }).fill('Hola, buenos días');
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(page).toHaveURL(/\/chat\/[^/]+$/);
    const conversationTitle = page.getByRole('heading', { level: 1, name: 'Hola, buenos días' });
    await expect(conversationTitle).toBeVisible();
    await expectNotCut(conversationTitle);
    await expectComposerFits(page);
  });

  test("/chat-agent shows Seshat's input on the first screen", async ({ page }) => {
    await declineCookies(page);
    await page.goto('/chat-agent');
    const input = page.getByRole('textbox', { name: 'Escribe tu mensaje' });
    await expect(input).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    for (const element of [input, page.getByRole('button', { name: 'Enviar mensaje' })]) {
      const box = await boxOf(element);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    }
  });

  test("Mi perfil's two-step button shows its whole label", async ({ page }) => {
    await declineCookies(page);
    await registerUser(page, 'layout-profile');
    await page.goto('/mi-perfil');
    const enable = page.getByRole('button', { name: 'Activar con aplicación de autenticación' });
    await expect(enable).toBeVisible();
    await expectNotCut(enable.locator('.mantine-Button-label'));
    const box = await boxOf(enable);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  });

  test("the admin drawer's greeting fits, however long the username", async ({ page }) => {
    await declineCookies(page);
    // No hyphen: nothing where the line could break.
    const email = `administradoradelpanel${Date.now()}${Math.random().toString(36).slice(2, 8)}@example.com`;
    const account = { email, password: PASSWORD, contactName: 'Ana Admin' };
    await registerAndVerify(page, account);
    // The operator's command (README: npm run admin -- grant); it ends the user's sessions.
    execFileSync(process.execPath, [join(__dirname, '../../dist/backend/cli/admin.js'), 'grant', account.email], {
      env: { ...process.env, DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'error' },
    });
    await page.evaluate(() => {
      localStorage.clear();
      localStorage.setItem('cookie_consent', 'declined');
    });
    await page.goto('/login');
    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/chat$/);
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Abrir menú lateral' }).click();
    const drawer = page.getByRole('complementary', { name: 'Administración' });
    await expect(drawer).toBeVisible();
    const greeting = drawer.getByText(`Hola, ${account.email}`);
    await expect(greeting).toBeVisible();
    await expectNotCut(greeting);
    const greetingBox = await boxOf(greeting);
    const drawerBox = await boxOf(drawer);
    expect(greetingBox.x + greetingBox.width).toBeLessThanOrEqual(drawerBox.x + drawerBox.width);
  });
});

// Issue 31, item 12: the layout's slips, measured at both sizes.
test.describe('issue 31: layout slips', () => {
  test('a card shows no line of its description after the ellipsis when a neighbour’s title takes two lines', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await declineCookies(page);
    await registerUser(page, 'layout-cards');
    const token = await page.evaluate(() => Object.entries(window.localStorage).find(([key]) => key.endsWith('.idToken'))?.[1] ?? null);
    expect(token).toBeTruthy();
    const tag = `c${Date.now().toString(36)}`;
    const description =
      'Analiza contratos, revisa cláusulas abusivas, resume las obligaciones de cada parte, propone redacciones alternativas y avisa de los plazos de renovación y de preaviso.';
    // Newest first: the long title lands between the two short ones, in one row of three.
    for (const name of [`${tag} Corto`, `${tag} Asistente jurídico especializado en arrendamientos urbanos`, `${tag} Breve`]) {
      const response = await page.request.post('/api/agents', {
        headers: { Authorization: `Bearer ${token}` },
        data: { name, category: 'legal', description, isPublic: true },
      });
      expect(response.status()).toBe(201);
    }
    await page.goto('/marketplace');
    await page.getByRole('searchbox', { name: 'Buscar', exact: true }).fill(tag);
    // The page's grid, not the sidebar's 'Mis Agentes'.
    const cards = page.getByRole('main').getByRole('list', { name: 'Agentes' }).getByRole('listitem');
    await expect(cards).toHaveCount(3);
    const titles = await Promise.all((await cards.all()).map((card) => boxOf(card.locator('.marketplace-card-title'))));
    expect(new Set(titles.map((title) => Math.round(title.y))).size, 'the three cards share a row').toBe(1);
    expect(Math.max(...titles.map((title) => title.height)), 'one title takes two lines').toBeGreaterThan(
      1.5 * Math.min(...titles.map((title) => title.height)),
    );
    for (const card of await cards.all()) {
      const text = card.locator('p').first();
      const lines = await text.evaluate((element) => element.clientHeight / parseFloat(getComputedStyle(element).lineHeight));
      expect(lines, `${await card.getAttribute('aria-label')}: the description's box holds its three lines, no more`).toBeLessThanOrEqual(3.05);
    }
  });

  for (const path of ['/login', '/register']) {
    test(`${path}'s background reaches the right edge at 1280 px, beside Seshat's opener`, async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await declineCookies(page);
      await page.goto(path);
      const main = await boxOf(page.getByRole('main'));
      expect(main.x).toBe(0);
      expect(main.width, 'no gutter cut out of the background').toBe(DESKTOP.width);
      await expect(page.getByRole('button', { name: /^Abrir el asistente/ })).toBeVisible();
      expect(await contentUnderOpener(page)).toEqual([]);
    });
  }

  test('on a phone no bar is left under the page: the opener floats and the page ends with its own content', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await declineCookies(page);
    for (const path of ['/login', '/register']) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: /^Abrir el asistente/ })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollHeight), `${path} fits the window`).toBe(PHONE.height);
    }
    await page.goto('/');
    await expect(page.getByRole('listitem').first()).toBeVisible();
    const opener = page.getByRole('button', { name: /^Abrir el asistente/ });
    // The opener's own place is the button's size, not a band across the window.
    const dock = await boxOf(opener.locator('xpath=ancestor::div[contains(@class, "assistant-dock")]'));
    expect(dock.width).toBeLessThan(100);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const gap = await page.evaluate(
      () => document.documentElement.scrollHeight - (window.scrollY + document.querySelector('footer')!.getBoundingClientRect().bottom),
    );
    expect(gap, 'the footer ends the page').toBeLessThanOrEqual(1);
    await expectOpenerCoversNothing(page, { atTop: false });
  });

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`on a first visit (${name}) the cookie banner and Seshat's opener are both there, apart`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      const banner = page.getByRole('region', { name: /cookies/i });
      await expect(banner).toBeVisible();
      const opener = page.getByRole('button', { name: /^Abrir el asistente/ });
      await expect(opener).toBeVisible();
      expect(intersects(await boxOf(banner), await boxOf(opener)), 'the banner and the opener overlap').toBe(false);
      // What the pointer reaches at the opener's centre is the opener.
      const reachable = await opener.evaluate((button) => {
        const rect = button.getBoundingClientRect();
        return button.contains(document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2));
      });
      expect(reachable).toBe(true);
      for (const button of ['Rechazar', 'Aceptar']) {
        expect(intersects(await boxOf(banner.getByRole('button', { name: button })), await boxOf(opener))).toBe(false);
      }
      await opener.click();
      await expect(page.getByRole('dialog', { name: /Seshat/ })).toBeVisible();
    });
  }
});
