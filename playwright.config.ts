import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
/**
 * The app's data directory for this run, shared with the specs so that they can read what the
 * server writes there (the dev mail outbox with verification codes). Every worker imports this
 * file again; the environment variable, set once by the runner and inherited by its workers, keeps
 * them all on the directory the web server was started with.
 */
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'nova-e2e-'));
export const E2E_DATA_DIR: string = process.env.E2E_DATA_DIR;
/**
 * The chat spec's own server: the same app with a fake OpenAI-compatible model
 * (test/e2e/support/openai-fake.mjs), so that replies stream in. Its own port and data directory.
 */
const chatPort = Number(process.env.E2E_CHAT_PORT ?? 3120);
export const chatBaseURL = `http://localhost:${chatPort}`;
const openAiFakePort = Number(process.env.E2E_OPENAI_FAKE_PORT ?? 3121);
/**
 * The tools journey's MCP server and HTTP API (test/e2e/tools-journey.spec.ts starts them): the
 * chat server admits these two loopback ports, and only these, through TOOL_ALLOWED_HOSTS.
 */
const toolsPort = Number(process.env.E2E_TOOLS_PORT ?? 3130);
export const TOOL_MCP_PORT = toolsPort;
export const TOOL_API_PORT = toolsPort + 1;
process.env.E2E_CHAT_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'nova-e2e-chat-'));
export const E2E_CHAT_DATA_DIR: string = process.env.E2E_CHAT_DATA_DIR;
/**
 * Cognito mode (test/e2e/account-deletion-cognito.spec.ts): one app in embedded mode stands in for
 * Amazon Cognito (its pool at /idp, the Admin* calls signed with COGNITO_ADMIN_KEY), and another
 * app in Cognito mode trusts it: its AWS SDK calls COGNITO_ENDPOINT, it checks tokens against
 * COGNITO_ISSUER_URL, and its renderer signs in there. Each on its own port and data directory.
 */
const cognitoPoolPort = Number(process.env.E2E_COGNITO_POOL_PORT ?? 3140);
export const cognitoPoolURL = `http://localhost:${cognitoPoolPort}`;
const cognitoPort = Number(process.env.E2E_COGNITO_PORT ?? 3141);
export const cognitoBaseURL = `http://localhost:${cognitoPort}`;
export const COGNITO_POOL = { region: 'eu-west-1', userPoolId: 'eu-west-1_NovaE2E', clientId: 'novae2e' } as const;
export const COGNITO_ADMIN_KEY = { accessKeyId: 'AKIANOVAE2EADMIN0001', secretAccessKey: 'clave-secreta-de-las-pruebas-e2e-con-cognito' } as const;
process.env.E2E_COGNITO_POOL_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'nova-e2e-cognito-pool-'));
export const E2E_COGNITO_POOL_DATA_DIR: string = process.env.E2E_COGNITO_POOL_DATA_DIR;
process.env.E2E_COGNITO_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'nova-e2e-cognito-'));
const E2E_COGNITO_DATA_DIR: string = process.env.E2E_COGNITO_DATA_DIR;
/** A tracking script origin that the specs intercept, to check it loads only after consent. */
export const TRACKING_SCRIPT_URL = 'https://tracking.example/t.js';

// Debian's Chromium; Playwright's own browser download is not reachable on these machines. Its
// headless shell (package chromium-headless-shell, what Playwright itself runs headless) when
// installed: it starts no GPU process and renders with less, which took a third off the suite on
// two cores; the full browser otherwise.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'test',
  testMatch: ['e2e/**/*.spec.ts', 'desktop/**/*.spec.ts'],
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 30_000,
  // The machines have two cores: a screen that answers in 5 s when idle can take longer while the
  // suite's two workers, their servers and the build share them.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'es-ES',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    // The app as the README starts it, on a database of its own.
    {
      command: 'npm start',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(port),
        DATA_DIR: E2E_DATA_DIR,
        TRACKING_SCRIPTS: TRACKING_SCRIPT_URL,
        LOG_LEVEL: 'warn',
      },
    },
    // The same app with a streaming fake model, for test/e2e/chat.spec.ts.
    {
      command: 'node test/e2e/support/openai-fake.mjs',
      url: `${chatBaseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(chatPort),
        DATA_DIR: E2E_CHAT_DATA_DIR,
        OPENAI_FAKE_PORT: String(openAiFakePort),
        MODEL_PROVIDER: 'openai-compatible',
        OPENAI_BASE_URL: `http://127.0.0.1:${openAiFakePort}/v1`,
        OPENAI_MODEL: 'fake',
        TOOL_ALLOWED_HOSTS: `127.0.0.1:${TOOL_MCP_PORT},127.0.0.1:${TOOL_API_PORT}`,
        LOG_LEVEL: 'warn',
      },
    },
    // The stand-in for Amazon Cognito: the embedded pool, which the Cognito-mode app's pages call.
    {
      command: 'npm start',
      url: `${cognitoPoolURL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(cognitoPoolPort),
        DATA_DIR: E2E_COGNITO_POOL_DATA_DIR,
        IDENTITY_POOL_ID: COGNITO_POOL.userPoolId,
        IDENTITY_CLIENT_ID: COGNITO_POOL.clientId,
        IDENTITY_ADMIN_ACCESS_KEY_ID: COGNITO_ADMIN_KEY.accessKeyId,
        IDENTITY_ADMIN_SECRET_ACCESS_KEY: COGNITO_ADMIN_KEY.secretAccessKey,
        CORS_ORIGINS: cognitoBaseURL,
        LOG_LEVEL: 'warn',
      },
    },
    // The app in Cognito mode, as an operator configures it for a pool that is not AWS's.
    {
      command: 'npm start',
      url: `${cognitoBaseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(cognitoPort),
        DATA_DIR: E2E_COGNITO_DATA_DIR,
        AWS_REGION: COGNITO_POOL.region,
        COGNITO_USER_POOL_ID: COGNITO_POOL.userPoolId,
        COGNITO_CLIENT_ID: COGNITO_POOL.clientId,
        COGNITO_ENDPOINT: `${cognitoPoolURL}/idp`,
        COGNITO_ISSUER_URL: `${cognitoPoolURL}/idp/${COGNITO_POOL.userPoolId}`,
        AWS_ACCESS_KEY_ID: COGNITO_ADMIN_KEY.accessKeyId,
        AWS_SECRET_ACCESS_KEY: COGNITO_ADMIN_KEY.secretAccessKey,
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
