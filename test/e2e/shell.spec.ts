import { expect, test, type Page } from '@playwright/test';
import { TRACKING_SCRIPT_URL } from '../../playwright.config';

const trackedFlag = (page: Page) => page.evaluate(() => (window as unknown as { __tracked?: boolean }).__tracked === true);

test.beforeEach(async ({ page }) => {
  await page.route(TRACKING_SCRIPT_URL, (route) =>
    route.fulfill({ contentType: 'application/javascript', body: 'window.__tracked = true;' }),
  );
});

test.describe('404 page', () => {
  test('an unknown path shows the 404 page and its link goes home', async ({ page }) => {
    await page.goto('/esta-pagina-no-existe');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    await expect(page.getByText('Lo sentimos, la página que estás buscando no existe o ha sido movida.')).toBeVisible();
    await expect(page).toHaveTitle(/Página no encontrada/);
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Nova');
  });
});

test.describe('cookie banner', () => {
  test('accepting stores the choice, loads the tracking scripts and is remembered', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: /cookies/i });
    await expect(banner).toBeVisible();
    expect(await trackedFlag(page)).toBe(false);

    await banner.getByRole('button', { name: 'Aceptar' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookie_consent'))).toBe('accepted');
    await expect.poll(() => trackedFlag(page)).toBe(true);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: /cookies/i })).toHaveCount(0);
    await expect.poll(() => trackedFlag(page)).toBe(true);
  });

  test('declining stores the choice, loads no tracking script and is remembered', async ({ page }) => {
    await page.goto('/support');
    const banner = page.getByRole('region', { name: /cookies/i });
    await banner.getByRole('button', { name: 'Rechazar' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookie_consent'))).toBe('declined');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: /cookies/i })).toHaveCount(0);
    expect(await trackedFlag(page)).toBe(false);
  });
});

test.describe('beta notice', () => {
  test('once dismissed it stays dismissed after a reload', async ({ page }) => {
    await page.goto('/');
    const notice = page.getByText(/está en fase beta/);
    await expect(notice).toBeVisible();
    await page.getByRole('button', { name: 'Cerrar aviso de beta' }).click();
    await expect(notice).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/está en fase beta/)).toHaveCount(0);
  });

  test('the footer carries the disclaimer about incorrect, medical or legal information', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toContainText('información incorrecta, también sobre temas médicos o legales');
  });
});

test.describe('sidebar drawer under 1024 px', () => {
  test.use({ viewport: { width: 800, height: 800 } });

  test('opens with its handle and closes on Escape and on the backdrop', async ({ page }) => {
    await page.goto('/');
    const sidebar = page.getByRole('complementary', { name: 'Menú lateral', includeHidden: true });
    const handle = page.getByRole('button', { name: 'Abrir menú lateral' });
    await expect(sidebar).toBeHidden();

    await handle.click();
    await expect(sidebar).toBeVisible();
    expect((await sidebar.boundingBox())?.width).toBeCloseTo(18 * 16, 1);
    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();

    await handle.click();
    await expect(sidebar).toBeVisible();
    await page.mouse.click(700, 400);
    await expect(sidebar).toBeHidden();
  });

  test('closes when the route changes', async ({ page }) => {
    await page.goto('/support');
    await page.getByRole('button', { name: 'Abrir menú lateral' }).click();
    await page.getByRole('complementary', { name: 'Menú lateral' }).getByRole('link', { name: 'Nova' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('complementary', { name: 'Menú lateral', includeHidden: true })).toBeHidden();
  });
});

test.describe('sidebar at desktop width', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('is always shown, 18rem wide, with no handle', async ({ page }) => {
    await page.goto('/');
    const sidebar = page.getByRole('complementary', { name: 'Menú lateral' });
    await expect(sidebar).toBeVisible();
    expect((await sidebar.boundingBox())?.width).toBeCloseTo(18 * 16, 1);
    await expect(page.getByRole('button', { name: 'Abrir menú lateral' })).toHaveCount(0);
  });
});

test.describe('server paths', () => {
  test('an unknown /api path answers JSON 404', async ({ request }) => {
    const response = await request.get('/api/x');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    expect(await response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  test('a nested client route loads on a direct visit', async ({ page }) => {
    await page.goto('/contact/ventas');
    await expect(page.getByRole('heading', { level: 1, name: 'Contacto' })).toBeVisible();
  });

  test('a signed-in route sends a visitor to /login', async ({ page }) => {
    await page.goto('/my-office');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('first screen', () => {
  test('a cold visit asks for the configuration beside the entry script, once', async ({ page }) => {
    const events: string[] = [];
    const name = (url: string) => (url.endsWith('/api/config') ? 'config' : /\/static\/js\/index-[^/]+\.js$/.test(url) ? 'entry' : null);
    page.on('request', (request) => name(request.url()) && events.push(`${name(request.url())} asked`));
    page.on('requestfinished', (request) => name(request.url()) && events.push(`${name(request.url())} loaded`));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Nova');
    // Without the hint the app would ask only once its whole entry script had loaded and run.
    expect(events.indexOf('config asked')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('config asked')).toBeLessThan(events.indexOf('entry loaded'));
    expect(events.filter((event) => event === 'config asked')).toHaveLength(1);
  });

  test("a cold visit to the marketplace asks for the route's code beside the entry script, not after it has run", async ({ page }) => {
    const events: string[] = [];
    const name = (url: string) =>
      /\/static\/js\/index-[^/]+\.js$/.test(url) ? 'entry' : /\/static\/js\/marketplaceScreens-[^/]+\.js$/.test(url) ? 'route' : null;
    page.on('request', (request) => name(request.url()) && events.push(`${name(request.url())} asked`));
    page.on('requestfinished', (request) => name(request.url()) && events.push(`${name(request.url())} loaded`));
    await page.goto('/marketplace');
    await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
    // The router alone would ask for the route's code only once the entry script had loaded and run.
    expect(events.indexOf('route asked')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('route asked')).toBeLessThan(events.indexOf('entry loaded'));
    expect(events.filter((event) => event === 'route asked')).toHaveLength(1);
  });
});
