import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test, expect, _electron as electron } from '@playwright/test';
import type { ElectronApplication } from '@playwright/test';

const MAIN_ENTRY = resolve(__dirname, '../../out/main/index.js');

/** The `electron` package exports its binary's path, and throws when the download never happened. */
function findElectronBinary(): string | undefined {
  try {
    const binary: unknown = require('electron');
    return typeof binary === 'string' && existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

const electronBinary = findElectronBinary();
const hasElectronBinary = electronBinary !== undefined;

test.describe('aplicación de escritorio', () => {
  test.skip(!hasElectronBinary, 'El binario de Electron no está disponible en esta máquina');

  let app: ElectronApplication;
  let home: string;

  test.beforeAll(() => {
    if (!existsSync(MAIN_ENTRY)) throw new Error(`Falta ${MAIN_ENTRY}: ejecuta "npm run build" antes.`);
  });

  test.beforeEach(async () => {
    // A throwaway HOME/XDG dir gives the run its own userData (config.json, secure-store.json),
    // so it never touches, nor is blocked by, an installed copy of the app.
    home = mkdtempSync(join(tmpdir(), 'nova-desktop-e2e-'));
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries(process.env)) {
      if (value !== undefined && name !== 'ELECTRON_RENDERER_URL') env[name] = value;
    }
    // Containers and CI runners usually run as root or without user namespaces, where Chromium's
    // OS sandbox cannot start; the page-level isolation checked below is unaffected.
    app = await electron.launch({
      executablePath: electronBinary,
      args: [MAIN_ENTRY, ...(process.platform === 'linux' ? ['--no-sandbox'] : [])],
      env: { ...env, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), APPDATA: home, NOVA_BACKEND_URL: 'http://localhost:3999' },
    });
  });

  test.afterEach(async () => {
    await app?.close();
    rmSync(home, { recursive: true, force: true });
  });

  test('abre la ventana con la página de inicio servida desde app://nova', async () => {
    const page = await app.firstWindow();
    await page.waitForLoadState('domcontentloaded');
    expect(page.url()).toMatch(/^app:\/\/nova\//);
    await expect(page).toHaveTitle(/Inicio/);
  });

  test('expone solo window.desktop con sus cuatro miembros y ninguna API de Node', async () => {
    const page = await app.firstWindow();
    await page.waitForLoadState('domcontentloaded');

    const desktop = await page.evaluate(() => {
      const bridge = (window as unknown as { desktop?: Record<string, unknown> }).desktop;
      return bridge
        ? {
            keys: Object.keys(bridge).sort(),
            backendUrl: bridge.backendUrl,
            onToggleAssistant: typeof bridge.onToggleAssistant,
            secureStorage: Object.keys(bridge.secureStorage as object).sort(),
          }
        : null;
    });
    expect(desktop).toEqual({
      keys: ['backendUrl', 'onToggleAssistant', 'platform', 'secureStorage'],
      backendUrl: 'http://localhost:3999',
      onToggleAssistant: 'function',
      secureStorage: ['getItem', 'removeItem', 'setItem'],
    });

    const nodeGlobals = await page.evaluate(() => ({
      require: typeof (window as unknown as { require?: unknown }).require,
      process: typeof (window as unknown as { process?: unknown }).process,
      module: typeof (window as unknown as { module?: unknown }).module,
    }));
    expect(nodeGlobals).toEqual({ require: 'undefined', process: 'undefined', module: 'undefined' });
  });
});
