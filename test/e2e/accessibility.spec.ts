// axe-core on every screen of spec section 2 (issue 12): at a desktop and a phone size, as a
// visitor, a user and an admin, and with the overlays open. Any serious or critical WCAG 2.1 AA
// violation fails, listed by route, rule and element. A new screen is one line in SCREENS.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';
import { blockingViolations, waitUntilSettled } from './support/axe';
import { registerAndVerify, signIn, uniqueEmail, userMenu } from './support/accounts';

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
type Size = keyof typeof SIZES;
type Role = 'visitor' | 'user' | 'admin';

/** What the screens with an id in their path show: made by each account in `beforeAll`. */
interface Fixtures {
  agentId: string;
  ecosystemId: string;
  conversationId: string;
}

const EVERYONE: Role[] = ['visitor', 'user', 'admin'];
const PUBLIC: Role[] = ['visitor', 'user'];
const VISITOR: Role[] = ['visitor'];
const SIGNED_IN: Role[] = ['user', 'admin'];
const ADMIN: Role[] = ['admin'];

/** Every route of spec section 2 that the router has, and who visits it. */
const SCREENS: Array<[path: string | ((ids: Fixtures) => string), roles: Role[]]> = [
  ['/', EVERYONE],
  ['/login', VISITOR],
  ['/register', VISITOR],
  ['/verify-email', VISITOR],
  ['/forgot-password', VISITOR],
  ['/success', PUBLIC],
  ['/chat-agent', PUBLIC],
  ['/contact', PUBLIC],
  ['/contact/facturacion', PUBLIC],
  ['/privacidad', PUBLIC],
  ['/terminos', PUBLIC],
  ['/cookies', PUBLIC],
  ['/legal', PUBLIC],
  ['/support', PUBLIC],
  ['/marketplace', EVERYONE],
  [(ids) => `/marketplace/agent/${ids.agentId}`, PUBLIC],
  [(ids) => `/marketplace/ecosystem/${ids.ecosystemId}`, PUBLIC],
  ['/marketplace/shopping-cart', SIGNED_IN],
  [(ids) => `/agentes/${ids.agentId}`, SIGNED_IN],
  ['/agent-creator', SIGNED_IN],
  [(ids) => `/agent-creator/${ids.agentId}`, SIGNED_IN],
  ['/create-advanced-agent', SIGNED_IN],
  [(ids) => `/edit-advanced-agent/${ids.agentId}`, SIGNED_IN],
  [(ids) => `/edit-advanced-agent/${ids.agentId}?tab=publish`, SIGNED_IN],
  ['/chat', SIGNED_IN],
  ['/chat?flow=true', SIGNED_IN],
  [(ids) => `/chat/${ids.conversationId}`, SIGNED_IN],
  ['/my-office', SIGNED_IN],
  [(ids) => `/my-office/ecosystem/${ids.ecosystemId}`, SIGNED_IN],
  ['/start-team-chat', SIGNED_IN],
  ['/mi-perfil', SIGNED_IN],
  ['/mi-perfil?tab=PAYMENTS', SIGNED_IN],
  ['/mi-perfil?tab=SUBSCRIPTION', SIGNED_IN],
  ['/mi-perfil?tab=PLANS', SIGNED_IN],
  ['/mi-perfil?tab=EARNINGS', SIGNED_IN],
  ['/mi-perfil/subscription-plans/sub-1/price-1', SIGNED_IN],
  ['/mi-perfil/suscripciones', SIGNED_IN],
  ['/agent-flow', ADMIN],
  ['/admin', ADMIN],
  ['/admin/users', ADMIN],
  ['/admin/agents', ADMIN],
  ['/admin/stripe', ADMIN],
  ['/admin/stripe/balance-summary', ADMIN],
  ['/admin/stripe/products', ADMIN],
  ['/admin/stripe/customers', ADMIN],
  ['/admin/stripe/transactions', ADMIN],
  ['/admin/stripe/subscriptions', ADMIN],
  ['/admin/audit', ADMIN],
  ['/admin/moderation', ADMIN],
  ['/esta-pagina-no-existe', PUBLIC],
];

const seshatOpener = (page: Page) => page.getByRole('button', { name: /^Abrir el asistente Seshat/ });

/** Overlays, opened on a screen where they appear; each is audited open. */
const OVERLAYS: Array<{
  name: string;
  path: string | ((ids: Fixtures) => string);
  role: Role;
  sizes: Size[];
  /** Leave the cookie decision open, so that the banner shows. */
  undecidedCookies?: boolean;
  open: (page: Page) => Promise<void>;
}> = [
  {
    name: 'cookie banner',
    path: '/',
    role: 'visitor',
    sizes: ['desktop', 'phone'],
    undecidedCookies: true,
    open: async (page) => {
      await expect(page.getByRole('button', { name: 'Aceptar', exact: true })).toBeVisible();
    },
  },
  {
    name: 'cookie banner',
    path: '/chat',
    role: 'user',
    sizes: ['desktop', 'phone'],
    undecidedCookies: true,
    open: async (page) => {
      await expect(page.getByRole('button', { name: 'Aceptar', exact: true })).toBeVisible();
    },
  },
  {
    name: 'beta notice',
    path: '/marketplace',
    role: 'visitor',
    sizes: ['desktop', 'phone'],
    open: async (page) => {
      await expect(page.getByRole('button', { name: 'Cerrar aviso de beta' })).toBeVisible();
    },
  },
  ...(['visitor', 'user'] as const).map((role) => ({
    name: 'Seshat open',
    path: role === 'visitor' ? '/' : '/chat',
    role,
    sizes: ['desktop', 'phone'] as Size[],
    open: async (page: Page) => {
      await seshatOpener(page).click();
      await expect(page.getByRole('dialog', { name: 'Asistente Seshat' })).toBeVisible();
    },
  })),
  ...(['visitor', 'user'] as const).map((role) => ({
    name: 'navigation drawer open',
    path: role === 'visitor' ? '/' : '/chat',
    role,
    sizes: ['phone'] as Size[],
    open: async (page: Page) => {
      await page.getByRole('button', { name: 'Abrir menú lateral' }).click();
      await expect(page.getByRole('complementary', { name: 'Menú lateral' })).toBeVisible();
    },
  })),
  {
    name: 'admin agent editor open',
    path: '/admin/agents',
    role: 'admin',
    sizes: ['desktop', 'phone'],
    open: async (page) => {
      await page.getByRole('button', { name: /^Editar / }).first().click();
      await expect(page.getByRole('dialog', { name: /^Editar Agente: / })).toBeVisible();
    },
  },
  {
    name: 'admin drawer open',
    path: '/admin',
    role: 'admin',
    sizes: ['phone'],
    open: async (page) => {
      await page.getByRole('button', { name: 'Abrir menú lateral' }).click();
      await expect(page.getByRole('complementary', { name: 'Administración' })).toBeVisible();
    },
  },
  ...(['user', 'admin'] as const).map((role) => ({
    name: 'user menu open',
    path: '/chat',
    role,
    sizes: ['desktop', 'phone'] as Size[],
    open: async (page: Page) => {
      if (await page.getByRole('button', { name: 'Abrir menú lateral' }).isVisible()) {
        await page.getByRole('button', { name: 'Abrir menú lateral' }).click();
      }
      await userMenu(page).click();
      await expect(page.getByRole('menu')).toBeVisible();
    },
  })),
  {
    name: 'API key secret modal open',
    path: (ids) => `/edit-advanced-agent/${ids.agentId}?tab=publish`,
    role: 'user',
    sizes: ['desktop', 'phone'],
    open: async (page) => {
      // The first run publishes the agent (its default key); a later one creates another key.
      const publish = page.getByRole('button', { name: 'Publicar como API' });
      const createKey = page.getByRole('button', { name: 'Crear clave' });
      await expect(publish.or(createKey)).toBeVisible({ timeout: 20_000 });
      if (await publish.isVisible()) {
        await publish.click();
      } else {
        await page.getByRole('textbox', { name: /Nombre de la clave/ }).fill('Auditoría de accesibilidad');
        await createKey.click();
      }
      await expect(page.getByRole('dialog', { name: 'Tu nueva clave de API' })).toBeVisible();
    },
  },
  {
    name: 'confirmation modal open',
    path: (ids) => `/chat/${ids.conversationId}`,
    role: 'user',
    sizes: ['desktop', 'phone'],
    open: async (page) => {
      if (await page.getByRole('button', { name: 'Abrir menú lateral' }).isVisible()) {
        await page.getByRole('button', { name: 'Abrir menú lateral' }).click();
      }
      await page.getByRole('button', { name: /^Acciones de / }).first().click();
      await page.getByRole('menuitem', { name: 'Eliminar' }).click();
      await expect(page.getByRole('dialog', { name: '¿Eliminar?' })).toBeVisible();
    },
  },
];

const PASSWORD = 'Accesible-Nova-2026!';

interface Account {
  storage: Awaited<ReturnType<BrowserContext['storageState']>>;
  fixtures: Fixtures;
}

const idToken = (page: Page) =>
  page.evaluate(() => Object.entries(window.localStorage).find(([key]) => key.endsWith('.idToken'))?.[1] ?? null);

/** Registers an account (an admin through the operator's command), and makes what the routes show. */
async function prepareAccount(browser: Browser, role: 'user' | 'admin'): Promise<Account> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'declined'));
  const account = { email: uniqueEmail(`a11y-${role}`), password: PASSWORD, contactName: 'Lucía Accesible' };
  await registerAndVerify(page, account);
  if (role === 'admin') {
    // The operator's command (README: npm run admin -- grant); it ends the user's sessions.
    execFileSync(process.execPath, [join(__dirname, '../../dist/backend/cli/admin.js'), 'grant', account.email], {
      env: { ...process.env, DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'error' },
    });
    // Signed in again from scratch, for a token that carries the role.
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/login');
    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/chat$/, { timeout: 20_000 });
  }
  const headers = { Authorization: `Bearer ${await idToken(page)}` };
  const created = async (path: string, data: object) => {
    const response = await page.request.post(path, { headers, data });
    expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const agentId = await created('/api/agents', {
    name: `Redactor Claro ${role}`,
    category: 'marketing',
    description: 'Redacta textos claros y accesibles para tu web.',
    price: 12,
    isPublic: true,
    skills: ['Redacción', 'Lenguaje claro'],
    capabilities: ['Reescribir textos'],
    useCases: ['Revisar una página de inicio'],
  });
  const ecosystemId = await created('/api/ecosystems', {
    name: `Equipo de contenidos ${role}`,
    description: 'Agentes que escriben y revisan contenidos.',
    agentIds: [agentId],
    isPublic: true,
  });
  const conversationId = await created('/api/conversations', { title: 'Ideas para el blog' });
  const storage = await context.storageState();
  await context.close();
  return { storage, fixtures: { agentId, ecosystemId, conversationId } };
}

type Accounts = Record<'user' | 'admin', Account>;
let accounts: Accounts;

/**
 * The accounts are made once per run and shared through the server's data directory: a worker
 * that restarts after a failed test would otherwise sign up again, and sign-ups are rate-limited.
 */
async function sharedAccounts(browser: Browser): Promise<Accounts> {
  const file = join(E2E_DATA_DIR, 'accessibility-accounts.json');
  try {
    await writeFile(`${file}.lock`, String(process.pid), { flag: 'wx' });
  } catch {
    await expect.poll(() => existsSync(file), { message: 'another worker prepares the accounts', timeout: 170_000 }).toBe(true);
    return JSON.parse(await readFile(file, 'utf8')) as Accounts;
  }
  const prepared = { user: await prepareAccount(browser, 'user'), admin: await prepareAccount(browser, 'admin') };
  await writeFile(file, JSON.stringify(prepared));
  return prepared;
}

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(180_000);
  accounts = await sharedAccounts(browser);
});

/** A page at the given size as the given role; the beta notice shows, cookies are decided unless asked not to. */
async function pageAs(browser: Browser, role: Role, size: Size, undecidedCookies = false) {
  const context = await browser.newContext({
    viewport: SIZES[size],
    storageState: role === 'visitor' ? undefined : accounts[role].storage,
  });
  // The accounts' stored state already holds a decision; undecided, it is taken away before each load.
  await context.addInitScript((undecided) => {
    if (undecided) window.localStorage.removeItem('cookie_consent');
    else window.localStorage.setItem('cookie_consent', 'declined');
  }, undecidedCookies);
  return context.newPage();
}

/**
 * The screens' pages, one per role and size in each worker, kept from test to test: a visit finds
 * the app's files in the browser's cache, as a returning user's does, and no new context or
 * renderer process is started for it (the suite's largest cost on a two-core machine). A screen
 * test only loads its route, so it leaves nothing behind that another one would see.
 */
const screenPages = new Map<string, Page>();
async function screenPage(browser: Browser, role: Role, size: Size): Promise<Page> {
  const key = `${role} ${size}`;
  const kept = screenPages.get(key);
  if (kept && !kept.isClosed()) return kept;
  const page = await pageAs(browser, role, size);
  screenPages.set(key, page);
  return page;
}

const resolve = (path: string | ((ids: Fixtures) => string), role: Role) =>
  typeof path === 'string' ? path : path(accounts[role === 'visitor' ? 'user' : role].fixtures);

const routeName = (path: string | ((ids: Fixtures) => string)) =>
  typeof path === 'string' ? path : path({ agentId: '{id}', ecosystemId: '{id}', conversationId: '{id}' });

test.describe('no serious or critical axe violation', () => {
  // axe on a long page takes a while on a loaded machine.
  test.setTimeout(120_000);

  for (const [path, roles] of SCREENS) {
    for (const role of roles) {
      for (const size of Object.keys(SIZES) as Size[]) {
        test(`${routeName(path)} as ${role} at ${size} size`, async ({ browser }) => {
          const page = await screenPage(browser, role, size);
          const url = resolve(path, role);
          await page.goto(url);
          expect(await blockingViolations(page, `${url} (${role}, ${size})`)).toEqual([]);
        });
      }
    }
  }

  for (const overlay of OVERLAYS) {
    for (const size of overlay.sizes) {
      test(`${overlay.name} on ${routeName(overlay.path)} as ${overlay.role} at ${size} size`, async ({ browser }) => {
        const page = await pageAs(browser, overlay.role, size, overlay.undecidedCookies);
        const url = resolve(overlay.path, overlay.role);
        await page.goto(url);
        await waitUntilSettled(page);
        await overlay.open(page);
        expect(await blockingViolations(page, `${url} with ${overlay.name} (${overlay.role}, ${size})`)).toEqual([]);
        await page.context().close();
      });
    }
  }
});

test.describe('keyboard', () => {
  test.setTimeout(60_000);

  /** What Tab reaches from the top of the page, and whether each shows where the focus is. */
  async function focusStops(page: Page, count: number) {
    const stops: Array<{ element: string; visible: boolean }> = [];
    for (let index = 0; index < count; index += 1) {
      await page.keyboard.press('Tab');
      stops.push(
        await page.evaluate(() => {
          const element = document.activeElement as HTMLElement;
          const style = getComputedStyle(element);
          const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
          // Inputs show focus by their border in the focus ring's colour instead (global.css); the
          // variable, not the computed colour, which is still in its transition.
          const focusRing = getComputedStyle(document.documentElement).getPropertyValue('--app-focus-ring').trim();
          const border = element.matches('input, textarea') && style.getPropertyValue('--input-bd').trim() === focusRing;
          const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
          return { element: `${element.tagName.toLowerCase()} «${name}»`, visible: ring || border };
        }),
      );
    }
    return stops;
  }

  for (const size of Object.keys(SIZES) as Size[]) {
    test(`every control reached by Tab on /chat shows a focus ring at ${size} size`, async ({ browser }) => {
      const page = await pageAs(browser, 'user', size);
      await page.goto('/chat');
      await waitUntilSettled(page);
      const stops = await focusStops(page, 25);
      // Past the last control the focus leaves the page (the body), which needs no ring.
      const unmarked = stops.filter((stop) => !stop.visible && !stop.element.startsWith('body'));
      expect(unmarked.map((stop) => stop.element)).toEqual([]);
      await page.context().close();
    });
  }

  test('the phone drawer takes the focus, keeps it, closes on Escape and gives it back to its handle', async ({ browser }) => {
    const page = await pageAs(browser, 'user', 'phone');
    await page.goto('/chat');
    await waitUntilSettled(page);
    const handle = page.getByRole('button', { name: 'Abrir menú lateral' });
    await handle.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('complementary', { name: 'Menú lateral' });
    await expect(drawer).toBeVisible();
    for (let index = 0; index < 30; index += 1) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((aside) => aside.contains(document.activeElement)), `Tab ${index + 1}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(handle).toBeFocused();
    await page.context().close();
  });

  test('Seshat closes on Escape and gives the focus back to its opener', async ({ browser }) => {
    const page = await pageAs(browser, 'visitor', 'desktop');
    await page.goto('/');
    await waitUntilSettled(page);
    await seshatOpener(page).focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Asistente Seshat' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('textbox')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(seshatOpener(page)).toBeFocused();
    await page.context().close();
  });

  test('a confirmation modal keeps the focus, closes on Escape and gives it back', async ({ browser }) => {
    const page = await pageAs(browser, 'user', 'desktop');
    await page.goto(`/chat/${accounts.user.fixtures.conversationId}`);
    await waitUntilSettled(page);
    const actions = page.getByRole('button', { name: /^Acciones de / }).first();
    await actions.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Eliminar' }).focus();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: '¿Eliminar?' });
    await expect(modal).toBeVisible();
    // Mantine traps the focus once the modal's transition has ended.
    await waitUntilSettled(page);
    for (let index = 0; index < 6; index += 1) {
      await page.keyboard.press('Tab');
      expect(await modal.evaluate((dialog) => dialog.contains(document.activeElement)), `Tab ${index + 1}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(actions).toBeFocused();
    await page.context().close();
  });
});
