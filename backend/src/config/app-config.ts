import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { type ModelPrices, parseModelPrices } from './model-prices';
import { EnvironmentVariables } from './environment-variables';

export type DatabaseConfig = (
  | { type: 'sqlite'; path: string }
  | { type: 'postgres'; url: string; schema: string }
) & {
  /** False in a cluster's later workers: the first one brought the schema up to date. */
  runMigrations?: boolean;
};

export type ModelProvider = 'none' | 'bedrock' | 'openai-compatible';

export interface BedrockAgentRef {
  agentId: string;
  aliasId: string;
}

/**
 * Which model answers whom. The booleans are what /api/health reports (and what the renderer reads
 * to decide whether Seshat is online); the rest is what the models module's adapters need.
 */
export interface ModelsConfig {
  /** The first of MODEL_PROVIDER: it answers the assistants, and agents whose model no provider lists. */
  provider: ModelProvider;
  /** Every configured provider, in MODEL_PROVIDER's order: an agent's model goes to the first that lists it. */
  providers: Exclude<ModelProvider, 'none'>[];
  /** Longest wait for the provider's next event (first byte included) before giving up. */
  timeoutMs: number;
  /**
   * Longest wait for a reply asked for whole (ModelRequest.wholeReply): it comes in one piece once
   * the model has generated all of it, which may take far longer than one event of a stream.
   */
  wholeReplyTimeoutMs: number;
  /** Bedrock Agent Runtime answers the main assistant. */
  bedrockAgent: boolean;
  /** Bedrock Agent Runtime answers Seshat. */
  bedrockChatbotAgent: boolean;
  /** Bedrock Runtime (ConverseStream) answers agent chats. */
  bedrockRuntime: boolean;
  openAiCompatible: boolean;
  bedrock: {
    region: string;
    /** Bedrock Runtime endpoint override (tests, VPC endpoints); the SDK's default when null. */
    endpoint: string | null;
    /** Bedrock Agent Runtime endpoint override; BEDROCK_ENDPOINT when not given. */
    agentEndpoint: string | null;
    /** Bedrock control plane endpoint override (the model catalogue); the SDK's default when null. */
    controlEndpoint: string | null;
    mainAgent: BedrockAgentRef | null;
    chatbotAgent: BedrockAgentRef | null;
    modelId: string;
  };
  openAi: { baseUrl: string; apiKey: string | null; model: string } | null;
  /** MODEL_PRICES: token prices per model id (`"*"` for the rest); empty when none is configured. */
  prices: ModelPrices;
}

/**
 * The payment gateway: Stripe when its three keys are set, else the demo gateway (no money moves).
 * The currency and the platform's fee apply to both.
 */
export type PaymentsConfig = { currency: string; platformFeePercent: number } & (
  | {
      provider: 'stripe';
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      /** The SDK's host, port and protocol come from here (a local fake in tests); Stripe's own when null. */
      apiUrl: string | null;
    }
  | { provider: 'demo' }
);

/** What each user may do in a window (counted in the rate-limit storage, shared through Redis). */
export type UserQuota = 'agents' | 'ecosystems' | 'conversations' | 'messages' | 'uploads' | 'modelCalls' | 'reviews' | 'reports';

export interface QuotaLimit {
  limit: number;
  ttlMs: number;
}

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
  /** MODERATION_ENABLED: newly public agents wait for an admin's approval (admin module). */
  moderationEnabled: boolean;
  /** AVATAR_URL_HOSTS, lower-cased: the only hosts whose https images may be avatars (files module). */
  avatarUrlHosts: string[];
  /** AUDIT_HMAC_KEY: the audit chain's key; null: the one kept in `<dataDir>/audit-hmac.key` (audit module). */
  auditHmacKey: string | null;
  rendererDir: string;
  /** Where this deployment is reached from outside; the embedded identity service's issuer. */
  publicUrl: string;
  /** E-mails that become admins when they sign up (lower-cased). */
  adminEmails: string[];
  identity:
    | {
        provider: 'cognito';
        region: string;
        userPoolId: string;
        clientId: string;
        /** COGNITO_ENDPOINT: where the backend's AWS SDK calls the pool; AWS's own when null. */
        endpoint: string | null;
        /** The `iss` of the pool's id tokens (COGNITO_ISSUER_URL); its JWKS is `${issuer}/.well-known/jwks.json`. */
        issuer: string;
        /** Where the renderer's Amplify calls a pool that is not AWS's (the issuer without the pool id); null: Amplify's own. */
        userPoolEndpoint: string | null;
      }
    | {
        provider: 'embedded';
        region: string;
        userPoolId: string;
        clientId: string;
        /** The key pair Cognito's Admin* calls to /idp must be signed with (SigV4); null refuses them all. */
        adminCredentials: { accessKeyId: string; secretAccessKey: string } | null;
      };
  payments: PaymentsConfig;
  models: ModelsConfig;
  mail: { provider: 'smtp'; url: string } | { provider: 'outbox' };
  /** Where the contact form's messages go. */
  supportEmail: string;
  /** The help-centre articles: `<dir>/<category>/<slug>.md`. */
  supportContentDir: string;
  /** Shared rate-limit counters for several instances; in process memory when null. */
  redisUrl: string | null;
  /** Backend processes `npm start` runs (WEB_CONCURRENCY; default: the cores on PostgreSQL, one on SQLite). */
  webConcurrency: number;
  /** Express' `trust proxy`, so that `request.ip` is the client's behind a reverse proxy. */
  trustProxy: boolean | number | string;
  /** GET /metrics (issue 35): the bearer token it asks for, or the loopback port it is served on instead of PORT. */
  metrics: { token: string | null; port: number | null };
  /** Per-user limits; a user over one gets 429 with Retry-After. */
  userQuotas: Record<UserQuota, QuotaLimit>;
  /** What one account's published agents' API keys may do together, and the caps on making keys. */
  apiKeys: ApiKeysConfig;
  /** USAGE_JOURNAL_DIR (default `<dataDir>/usage-journal`): the metered calls' journal of each process. */
  metering: { journalDir: string };
  /** A2A_TASK_RETENTION_DAYS: how long an A2A task is kept after its last change. */
  a2a: { taskRetentionDays: number };
  /** An agent's knowledge: the largest document (bytes) and how many documents an agent may have. */
  knowledge: { maxFileBytes: number; maxDocumentsPerAgent: number };
  /** The embeddings model behind the knowledge's vector search; null: full text only. */
  embeddings: EmbeddingsConfig | null;
  /** Agents' tools: TOOL_SECRETS_KEY (null: the key kept in `<dataDir>/tool-secrets.key`) and TOOL_ALLOWED_HOSTS (lower-cased host[:port]). */
  tools: { secretsKey: string | null; allowedHosts: string[] };
  /** The tool-calling loop: TOOL_MAX_STEPS rounds and TOOL_TURN_TIMEOUT_S per answer. */
  toolCalling: { maxSteps: number; turnTimeoutMs: number };
}

/** Titan Text Embeddings V2: Bedrock's embeddings model when EMBEDDINGS_MODEL is not given. */
export const DEFAULT_BEDROCK_EMBEDDINGS_MODEL = 'amazon.titan-embed-text-v2:0';

/**
 * EMBEDDINGS_PROVIDER and its model: `openai-compatible` posts to OPENAI_BASE_URL's /embeddings
 * (with OPENAI_API_KEY), `bedrock` invokes the model through Bedrock Runtime (AWS_REGION,
 * BEDROCK_ENDPOINT).
 */
export type EmbeddingsConfig = {
  model: string;
  /** Asked of the model when set (OpenAI's `dimensions`, Titan's `dimensions`). */
  dimensions: number | null;
  /** Passages a request (a batch of ingestion). */
  batchSize: number;
  /** Bytes of vectors each process keeps for searches (the agents searched last). */
  cacheBytes: number;
  /** Longest wait for one request. */
  timeoutMs: number;
} & (
  | { provider: 'openai-compatible'; baseUrl: string; apiKey: string | null }
  | { provider: 'bedrock'; region: string; endpoint: string | null }
);

export interface ApiKeysConfig {
  /** Model calls a minute through all of an account's keys together. */
  ownerModelCallsPerMinute: number;
  /** The highest requests per minute a key may be given. */
  maxRateLimitPerMinute: number;
  maxKeysPerPublication: number;
  maxKeysPerAccount: number;
}

/** The Electron renderer is served from this origin (see main/); it always may call the API. */
export const DESKTOP_APP_ORIGIN = 'app://nova';

/** One or more variables start-up cannot run with, each named in its line of the message. */
export class ConfigValidationError extends Error {
  constructor(problems: string[]) {
    super(`Configuración no válida:\n  ${problems.join('\n  ')}`);
  }
}

/**
 * Start-up's reading of the environment (`read`: loadConfig, tracing's sampler): an invalid value
 * stops the process with the message naming the variable, not a stack trace.
 */
export function readOrExit<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ConfigValidationError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

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
      // Each message once: a range's two bounds say the same thing.
      (error) => `${error.property}: ${[...new Set(Object.values(error.constraints ?? {}))].join('; ')}`,
    );
    throw new ConfigValidationError(lines);
  }
  if (Boolean(vars.COGNITO_USER_POOL_ID) !== Boolean(vars.COGNITO_CLIENT_ID)) {
    throw new ConfigValidationError(['COGNITO_USER_POOL_ID y COGNITO_CLIENT_ID deben darse juntos']);
  }
  if (Boolean(vars.IDENTITY_ADMIN_ACCESS_KEY_ID) !== Boolean(vars.IDENTITY_ADMIN_SECRET_ACCESS_KEY)) {
    throw new ConfigValidationError(['IDENTITY_ADMIN_ACCESS_KEY_ID y IDENTITY_ADMIN_SECRET_ACCESS_KEY deben darse juntos']);
  }

  if (vars.METRICS_PORT !== undefined && vars.METRICS_PORT === vars.PORT) {
    throw new ConfigValidationError(['METRICS_PORT debe ser distinto de PORT']);
  }
  const dataDir = resolve(vars.DATA_DIR);
  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');
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
    publicUrl,
    adminEmails: list(vars.ADMIN_EMAILS).map((email) => email.toLowerCase()),
    corsOrigins: [...list(vars.CORS_ORIGINS), DESKTOP_APP_ORIGIN],
    logLevel: vars.LOG_LEVEL,
    clientApiKey: vars.CLIENT_API_KEY ?? null,
    trackingScripts: list(vars.TRACKING_SCRIPTS),
    features: list(vars.FEATURE_FLAGS),
    moderationEnabled: vars.MODERATION_ENABLED === 'true',
    avatarUrlHosts: list(vars.AVATAR_URL_HOSTS).map((host) => host.toLowerCase()),
    auditHmacKey: vars.AUDIT_HMAC_KEY ?? null,
    rendererDir: vars.RENDERER_DIR ? resolve(vars.RENDERER_DIR) : resolve(__dirname, '../../../out/renderer'),
    identity:
      vars.COGNITO_USER_POOL_ID && vars.COGNITO_CLIENT_ID
        ? cognitoConfig(vars, vars.COGNITO_USER_POOL_ID, vars.COGNITO_CLIENT_ID)
        : {
            provider: 'embedded',
            region: (vars.IDENTITY_POOL_ID ?? `${vars.AWS_REGION}_NovaLocal`).split('_')[0],
            userPoolId: vars.IDENTITY_POOL_ID ?? `${vars.AWS_REGION}_NovaLocal`,
            clientId: vars.IDENTITY_CLIENT_ID ?? 'novaweb',
            adminCredentials:
              vars.IDENTITY_ADMIN_ACCESS_KEY_ID && vars.IDENTITY_ADMIN_SECRET_ACCESS_KEY
                ? { accessKeyId: vars.IDENTITY_ADMIN_ACCESS_KEY_ID, secretAccessKey: vars.IDENTITY_ADMIN_SECRET_ACCESS_KEY }
                : null,
          },
    payments: paymentsConfig(vars),
    models: modelsConfig(vars),
    mail: vars.SMTP_URL ? { provider: 'smtp', url: vars.SMTP_URL } : { provider: 'outbox' },
    supportEmail: vars.SUPPORT_EMAIL ?? `soporte@${new URL(publicUrl).hostname}`,
    // Same depth from backend/src/config and dist/backend/config: both find backend/content.
    supportContentDir: vars.SUPPORT_CONTENT_DIR
      ? resolve(vars.SUPPORT_CONTENT_DIR)
      : resolve(__dirname, '../../../backend/content/support'),
    redisUrl: vars.REDIS_URL ?? null,
    // SQLite is one file that one writer holds at a time: more processes only wait for each other.
    webConcurrency: vars.WEB_CONCURRENCY ?? (vars.DATABASE_URL ? availableParallelism() : 1),
    trustProxy: parseTrustProxy(vars.TRUST_PROXY),
    metrics: { token: vars.METRICS_TOKEN ?? null, port: vars.METRICS_PORT ?? null },
    userQuotas: {
      agents: { limit: vars.RATE_LIMIT_AGENTS_PER_HOUR, ttlMs: HOUR_MS },
      ecosystems: { limit: vars.RATE_LIMIT_ECOSYSTEMS_PER_HOUR, ttlMs: HOUR_MS },
      conversations: { limit: vars.RATE_LIMIT_CONVERSATIONS_PER_HOUR, ttlMs: HOUR_MS },
      messages: { limit: vars.RATE_LIMIT_MESSAGES_PER_MINUTE, ttlMs: MINUTE_MS },
      uploads: { limit: vars.RATE_LIMIT_UPLOADS_PER_HOUR, ttlMs: HOUR_MS },
      modelCalls: { limit: vars.RATE_LIMIT_MODEL_CALLS_PER_MINUTE, ttlMs: MINUTE_MS },
      reviews: { limit: vars.RATE_LIMIT_REVIEWS_PER_HOUR, ttlMs: HOUR_MS },
      reports: { limit: vars.RATE_LIMIT_REPORTS_PER_HOUR, ttlMs: HOUR_MS },
    },
    apiKeys: {
      ownerModelCallsPerMinute: vars.RATE_LIMIT_API_MODEL_CALLS_PER_MINUTE,
      maxRateLimitPerMinute: vars.API_KEY_RATE_LIMIT_MAX,
      maxKeysPerPublication: vars.API_KEYS_PER_PUBLICATION_MAX,
      maxKeysPerAccount: vars.API_KEYS_PER_ACCOUNT_MAX,
    },
    metering: { journalDir: vars.USAGE_JOURNAL_DIR ? resolve(vars.USAGE_JOURNAL_DIR) : resolve(dataDir, 'usage-journal') },
    a2a: { taskRetentionDays: vars.A2A_TASK_RETENTION_DAYS },
    knowledge: {
      maxFileBytes: vars.KNOWLEDGE_MAX_FILE_MB * 1024 * 1024,
      maxDocumentsPerAgent: vars.KNOWLEDGE_MAX_DOCUMENTS,
    },
    embeddings: embeddingsConfig(vars),
    tools: { secretsKey: vars.TOOL_SECRETS_KEY ?? null, allowedHosts: list(vars.TOOL_ALLOWED_HOSTS).map((host) => host.toLowerCase()) },
    toolCalling: { maxSteps: vars.TOOL_MAX_STEPS, turnTimeoutMs: vars.TOOL_TURN_TIMEOUT_S * 1000 },
  };
}

function embeddingsConfig(vars: EnvironmentVariables): EmbeddingsConfig | null {
  if (vars.EMBEDDINGS_PROVIDER === 'none') return null;
  const common = {
    dimensions: vars.EMBEDDINGS_DIMENSIONS ?? null,
    batchSize: 64,
    cacheBytes: vars.KNOWLEDGE_VECTOR_CACHE_MB * 1024 * 1024,
    timeoutMs: vars.MODEL_TIMEOUT_MS,
  };
  if (vars.EMBEDDINGS_PROVIDER === 'bedrock') {
    return { ...common, provider: 'bedrock', model: vars.EMBEDDINGS_MODEL ?? DEFAULT_BEDROCK_EMBEDDINGS_MODEL, region: vars.AWS_REGION, endpoint: vars.BEDROCK_ENDPOINT ?? null };
  }
  const problems: string[] = [];
  if (!vars.OPENAI_BASE_URL) problems.push('OPENAI_BASE_URL es obligatoria con EMBEDDINGS_PROVIDER=openai-compatible');
  if (!vars.EMBEDDINGS_MODEL) problems.push('EMBEDDINGS_MODEL es obligatoria con EMBEDDINGS_PROVIDER=openai-compatible');
  if (problems.length > 0 || !vars.OPENAI_BASE_URL || !vars.EMBEDDINGS_MODEL) throw new ConfigValidationError(problems);
  return { ...common, provider: 'openai-compatible', model: vars.EMBEDDINGS_MODEL, baseUrl: vars.OPENAI_BASE_URL.replace(/\/+$/, ''), apiKey: vars.OPENAI_API_KEY ?? null };
}

/**
 * Amazon Cognito, or a service that speaks its protocol. As with Cognito itself, a pool's issuer is
 * its service endpoint followed by the pool id: so COGNITO_ISSUER_URL also tells the renderer where
 * to sign in.
 */
function cognitoConfig(vars: EnvironmentVariables, userPoolId: string, clientId: string): Extract<AppConfig['identity'], { provider: 'cognito' }> {
  const awsIssuer = `https://cognito-idp.${vars.AWS_REGION}.amazonaws.com/${userPoolId}`;
  const issuer = vars.COGNITO_ISSUER_URL?.replace(/\/+$/, '') ?? awsIssuer;
  if (!issuer.endsWith(`/${userPoolId}`)) {
    throw new ConfigValidationError([`COGNITO_ISSUER_URL debe terminar en /${userPoolId} (COGNITO_USER_POOL_ID), como ${awsIssuer}`]);
  }
  return {
    provider: 'cognito',
    region: vars.AWS_REGION,
    userPoolId,
    clientId,
    endpoint: vars.COGNITO_ENDPOINT ?? null,
    issuer,
    userPoolEndpoint: issuer === awsIssuer ? null : issuer.slice(0, -(userPoolId.length + 1)),
  };
}

/** Stripe needs all three keys: some without the others would half-run (no webhooks, no Elements). */
function paymentsConfig(vars: EnvironmentVariables): PaymentsConfig {
  const common = { currency: vars.PAYMENTS_CURRENCY, platformFeePercent: vars.PLATFORM_FEE_PERCENT };
  const keys = { STRIPE_SECRET_KEY: vars.STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: vars.STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: vars.STRIPE_WEBHOOK_SECRET };
  const missing = Object.entries(keys).filter(([, value]) => !value).map(([name]) => name);
  if (missing.length === 0 && vars.STRIPE_SECRET_KEY && vars.STRIPE_PUBLISHABLE_KEY && vars.STRIPE_WEBHOOK_SECRET) {
    return {
      ...common,
      provider: 'stripe',
      secretKey: vars.STRIPE_SECRET_KEY,
      publishableKey: vars.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: vars.STRIPE_WEBHOOK_SECRET,
      apiUrl: vars.STRIPE_API_URL ?? null,
    };
  }
  if (missing.length < 3) {
    throw new ConfigValidationError([`Stripe necesita STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY y STRIPE_WEBHOOK_SECRET juntas; falta ${missing.join(', ')} (sin ninguna de las tres se usa la pasarela de demostración)`]);
  }
  return { ...common, provider: 'demo' };
}

function modelsConfig(vars: EnvironmentVariables): ModelsConfig {
  const problems: string[] = [];
  const agent = (idName: string, id?: string, aliasName?: string, alias?: string): BedrockAgentRef | null => {
    if (Boolean(id) !== Boolean(alias)) problems.push(`${idName} y ${aliasName} deben darse juntos`);
    return id && alias ? { agentId: id, aliasId: alias } : null;
  };
  const mainAgent = agent('BEDROCK_AGENT_ID', vars.BEDROCK_AGENT_ID, 'BEDROCK_AGENT_ALIAS_ID', vars.BEDROCK_AGENT_ALIAS_ID);
  const chatbotAgent = agent(
    'BEDROCK_CHATBOT_AGENT_ID',
    vars.BEDROCK_CHATBOT_AGENT_ID,
    'BEDROCK_CHATBOT_AGENT_ALIAS_ID',
    vars.BEDROCK_CHATBOT_AGENT_ALIAS_ID,
  );
  const providers = [...new Set(vars.MODEL_PROVIDER.filter((name) => name !== 'none'))] as Exclude<ModelProvider, 'none'>[];
  if (providers.length > 0 && vars.MODEL_PROVIDER.includes('none')) {
    problems.push('MODEL_PROVIDER: none no se combina con otros proveedores');
  }
  if (providers.includes('openai-compatible')) {
    if (!vars.OPENAI_BASE_URL) problems.push('OPENAI_BASE_URL es obligatoria con MODEL_PROVIDER=openai-compatible');
    if (!vars.OPENAI_MODEL) problems.push('OPENAI_MODEL es obligatoria con MODEL_PROVIDER=openai-compatible');
  }
  let prices: ModelPrices = {};
  try {
    prices = parseModelPrices(vars.MODEL_PRICES);
  } catch (error) {
    problems.push(`MODEL_PRICES: ${(error as Error).message}`);
  }
  if (problems.length > 0) throw new ConfigValidationError(problems);

  const provider = providers[0] ?? 'none';
  // Bedrock agents answer the assistants only when Bedrock is the first provider.
  const bedrockFirst = provider === 'bedrock';
  const endpoint = vars.BEDROCK_ENDPOINT ?? null;
  return {
    provider,
    providers,
    timeoutMs: vars.MODEL_TIMEOUT_MS,
    wholeReplyTimeoutMs: vars.MODEL_WHOLE_REPLY_TIMEOUT_MS,
    bedrockAgent: bedrockFirst && mainAgent !== null,
    bedrockChatbotAgent: bedrockFirst && chatbotAgent !== null,
    bedrockRuntime: providers.includes('bedrock'),
    openAiCompatible: providers.includes('openai-compatible'),
    bedrock: {
      region: vars.AWS_REGION,
      endpoint,
      agentEndpoint: vars.BEDROCK_AGENT_ENDPOINT ?? endpoint,
      controlEndpoint: vars.BEDROCK_CONTROL_ENDPOINT ?? null,
      mainAgent,
      chatbotAgent,
      modelId: vars.BEDROCK_MODEL_ID,
    },
    openAi:
      vars.OPENAI_BASE_URL && vars.OPENAI_MODEL
        ? { baseUrl: vars.OPENAI_BASE_URL.replace(/\/+$/, ''), apiKey: vars.OPENAI_API_KEY ?? null, model: vars.OPENAI_MODEL }
        : null,
    prices,
  };
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

function readPackageVersion(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../../../package.json') as { version: string }).version;
}
