import { resolve } from 'node:path';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { EnvironmentVariables } from './environment-variables';

export type DatabaseConfig =
  | { type: 'sqlite'; path: string }
  | { type: 'postgres'; url: string; schema: string };

/** The validated, typed configuration every module reads; built once from the environment. */
export interface AppConfig {
  version: string;
  port: number;
  host?: string;
  productName: string;
  assistantName: string;
  dataDir: string;
  database: DatabaseConfig;
  corsOrigins: string[];
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  clientApiKey: string | null;
  trackingScripts: string[];
  features: string[];
  rendererDir: string;
  /** Where this deployment is reached from outside; the embedded identity service's issuer. */
  publicUrl: string;
  /** E-mails that become admins when they sign up (lower-cased). */
  adminEmails: string[];
  identity:
    | { provider: 'cognito'; region: string; userPoolId: string; clientId: string }
    | { provider: 'embedded'; region: string; userPoolId: string; clientId: string };
  payments: { provider: 'stripe'; secretKey: string; publishableKey: string | null } | { provider: 'demo' };
  models: { bedrockAgent: boolean; bedrockRuntime: boolean; openAiCompatible: boolean };
  mail: { provider: 'smtp'; url: string } | { provider: 'outbox' };
}

/** The Electron renderer is served from this origin (see main/); it always may call the API. */
export const DESKTOP_APP_ORIGIN = 'app://nova';

export class ConfigValidationError extends Error {}

const list = (value?: string): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * Validates the environment and returns the configuration. A wrong value stops start-up with a
 * message that names the variable, so that a misconfigured deployment never half-runs.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const vars = plainToInstance(EnvironmentVariables, env, { excludeExtraneousValues: true });
  const errors = validateSync(vars, { skipMissingProperties: false });
  if (errors.length > 0) {
    const lines = errors.map(
      (error) => `${error.property}: ${Object.values(error.constraints ?? {}).join('; ')}`,
    );
    throw new ConfigValidationError(`Configuración no válida:\n  ${lines.join('\n  ')}`);
  }
  if (Boolean(vars.COGNITO_USER_POOL_ID) !== Boolean(vars.COGNITO_CLIENT_ID)) {
    throw new ConfigValidationError(
      'Configuración no válida:\n  COGNITO_USER_POOL_ID y COGNITO_CLIENT_ID deben darse juntos',
    );
  }

  const dataDir = resolve(vars.DATA_DIR);
  return {
    version: readPackageVersion(),
    port: vars.PORT,
    host: vars.HOST,
    productName: vars.PRODUCT_NAME,
    assistantName: 'Seshat',
    dataDir,
    database: vars.DATABASE_URL
      ? { type: 'postgres', url: vars.DATABASE_URL, schema: vars.DATABASE_SCHEMA }
      : { type: 'sqlite', path: vars.SQLITE_PATH ? resolve(vars.SQLITE_PATH) : resolve(dataDir, 'nova.sqlite') },
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ''),
    adminEmails: list(vars.ADMIN_EMAILS).map((email) => email.toLowerCase()),
    corsOrigins: [...list(vars.CORS_ORIGINS), DESKTOP_APP_ORIGIN],
    logLevel: vars.LOG_LEVEL,
    clientApiKey: vars.CLIENT_API_KEY ?? null,
    trackingScripts: list(vars.TRACKING_SCRIPTS),
    features: list(vars.FEATURE_FLAGS),
    rendererDir: vars.RENDERER_DIR ? resolve(vars.RENDERER_DIR) : resolve(__dirname, '../../../out/renderer'),
    identity:
      vars.COGNITO_USER_POOL_ID && vars.COGNITO_CLIENT_ID
        ? {
            provider: 'cognito',
            region: vars.AWS_REGION,
            userPoolId: vars.COGNITO_USER_POOL_ID,
            clientId: vars.COGNITO_CLIENT_ID,
          }
        : {
            provider: 'embedded',
            region: (vars.IDENTITY_POOL_ID ?? `${vars.AWS_REGION}_NovaLocal`).split('_')[0],
            userPoolId: vars.IDENTITY_POOL_ID ?? `${vars.AWS_REGION}_NovaLocal`,
            clientId: vars.IDENTITY_CLIENT_ID ?? 'novaweb',
          },
    payments: vars.STRIPE_SECRET_KEY
      ? { provider: 'stripe', secretKey: vars.STRIPE_SECRET_KEY, publishableKey: vars.STRIPE_PUBLISHABLE_KEY ?? null }
      : { provider: 'demo' },
    models: {
      bedrockAgent: Boolean(vars.BEDROCK_AGENT_ID && vars.BEDROCK_AGENT_ALIAS_ID),
      bedrockRuntime: Boolean(vars.BEDROCK_MODEL_ID),
      openAiCompatible: Boolean(vars.OPENAI_BASE_URL),
    },
    mail: vars.SMTP_URL ? { provider: 'smtp', url: vars.SMTP_URL } : { provider: 'outbox' },
  };
}

function readPackageVersion(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../../../package.json') as { version: string }).version;
}
