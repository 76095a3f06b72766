import { Expose, Transform } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsNumber, IsOptional, IsString, IsUrl, Matches, Max, Min, MinLength } from 'class-validator';

const emptyAsUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** Express' `trust proxy`: false, true, a hop count, or names/addresses/subnets (loopback, 10.0.0.0/8…). */
const TRUST_PROXY_PATTERN = /^(false|true|\d{1,2}|(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)(\s*,\s*(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?))*)$/;

const URL_OPTIONS = { require_tld: false, require_protocol: true };

/** Bedrock agent and alias ids: ten letters or digits (the draft alias is TSTALIASID). */
const BEDROCK_AGENT_ID_PATTERN = /^[0-9a-zA-Z]{10}$/;

/** Spec section 9: the default model is Claude 3.5 Sonnet on Bedrock. */
export const DEFAULT_BEDROCK_MODEL_ID = 'anthropic.claude-3-5-sonnet-20240620-v1:0';

const RATE_LIMIT_MAX = 1_000_000;

/** A per-user limit: a whole number of calls per window (hour or minute, as the name says). */
function RateLimitVariable(defaultValue: number): PropertyDecorator {
  const decorators = [
    Expose(),
    Transform(({ value }) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? defaultValue : Number(value))),
    IsInt({ message: `debe ser un número entero entre 1 y ${RATE_LIMIT_MAX}` }),
    Min(1, { message: `debe ser un número entero entre 1 y ${RATE_LIMIT_MAX}` }),
    Max(RATE_LIMIT_MAX, { message: `debe ser un número entero entre 1 y ${RATE_LIMIT_MAX}` }),
  ];
  return (target, property) => decorators.forEach((decorate) => decorate(target, property));
}

/**
 * Every environment variable the backend reads, with its default. The README's configuration
 * table mirrors this class.
 */
export class EnvironmentVariables {
  @Expose()
  @Transform(({ value }) => (value === undefined || value === '' ? 3000 : Number(value)))
  @IsInt({ message: 'debe ser un número de puerto entero' })
  @Min(1, { message: 'debe estar entre 1 y 65535' })
  @Max(65535, { message: 'debe estar entre 1 y 65535' })
  PORT: number;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsString()
  HOST?: string;

  @Expose()
  @Transform(({ value }) => (typeof value === 'string' && value.trim() ? value.trim() : 'Nova'))
  @IsString()
  @MinLength(1)
  PRODUCT_NAME: string;

  @Expose()
  @Transform(({ value }) => (typeof value === 'string' && value.trim() ? value : 'data'))
  @IsString()
  DATA_DIR: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsString()
  SQLITE_PATH?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\//, { message: 'debe ser una URL postgres:// o postgresql://' })
  DATABASE_URL?: string;

  @Expose()
  @Transform(({ value }) => (typeof value === 'string' && value.trim() ? value.trim() : 'public'))
  @Matches(/^[a-z_][a-z0-9_]{0,62}$/, { message: 'debe ser un nombre de esquema de PostgreSQL válido' })
  DATABASE_SCHEMA: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsString()
  CORS_ORIGINS?: string;

  @Expose()
  @Transform(({ value }) => (typeof value === 'string' && value.trim() ? value.trim() : 'info'))
  @IsIn(['debug', 'info', 'warn', 'error'], { message: 'debe ser debug, info, warn o error' })
  LOG_LEVEL: 'debug' | 'info' | 'warn' | 'error';

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsString()
  CLIENT_API_KEY?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsString()
  TRACKING_SCRIPTS?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsString()
  FEATURE_FLAGS?: string;

  /** 'true': an agent newly made public waits for an admin's approval before the marketplace lists it. */
  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'debe ser true o false' })
  MODERATION_ENABLED?: string;

  /** Hosts whose https images may be avatars (comma-separated); without it, avatars are uploaded files only. */
  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(/^\s*[a-z0-9.-]+(:\d{1,5})?\s*(,\s*[a-z0-9.-]+(:\d{1,5})?\s*)*$/i, {
    message: 'debe ser una lista de nombres de servidor separados por comas, por ejemplo images.example.com,cdn.example.com',
  })
  AVATAR_URL_HOSTS?: string;

  /** The audit chain's HMAC key, shared by every instance; without it, one generated under DATA_DIR at first start. */
  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @MinLength(32, { message: 'debe tener al menos 32 caracteres' })
  AUDIT_HMAC_KEY?: string;

  /** Agents' tools (issue 33): the key their credentials are encrypted with (AES-256-GCM, 32 bytes in base64 or hex); without it, one generated under DATA_DIR at first start. */
  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(/^(?:[0-9a-f]{64}|[A-Za-z0-9+/_-]{43}=?)$/i, { message: 'debe ser una clave de 32 bytes en base64 o en hexadecimal (64 caracteres)' })
  TOOL_SECRETS_KEY?: string;

  /** Hosts an agent's tools may reach even on a private or loopback address (comma-separated host[:port]). */
  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(/^\s*(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?\s*(,\s*(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?\s*)*$/i, {
    message: 'debe ser una lista de host[:puerto] separados por comas, por ejemplo mcp.interno:8080,127.0.0.1:3001',
  })
  TOOL_ALLOWED_HOSTS?: string;

  /** Tool-calling rounds one answer may take (the model calls tools, gets their results, goes on). */
  @RateLimitVariable(8)
  TOOL_MAX_STEPS: number;

  /** Seconds one answer with tools may take in all (model and tools), after which it ends with what it has. */
  @RateLimitVariable(60)
  TOOL_TURN_TIMEOUT_S: number;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsString()
  RENDERER_DIR?: string;

  @Expose()
  @Transform(({ value }) => (typeof value === 'string' && value.trim() ? value.trim() : 'us-east-1'))
  @Matches(/^[a-z]{2}(-[a-z]+)+-\d$/, { message: 'debe ser una región de AWS, por ejemplo us-east-1' })
  AWS_REGION: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(/^[\w-]+_[0-9a-zA-Z]+$/, { message: 'debe tener la forma región_id, por ejemplo us-east-1_AbC123' })
  COGNITO_USER_POOL_ID?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(/^[\w+]+$/, { message: 'debe ser un id de cliente de Cognito' })
  COGNITO_CLIENT_ID?: string;

  /** Where the Cognito SDK sends the admin calls (a VPC endpoint, or the embedded service in tests); AWS's own when not given. */
  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsUrl(URL_OPTIONS, { message: 'debe ser una URL http(s), por ejemplo https://cognito-idp.eu-west-1.amazonaws.com' })
  COGNITO_ENDPOINT?: string;

  /**
   * The pool's issuer, as its id tokens name it; https://cognito-idp.<region>.amazonaws.com/<pool id> when not given.
   * A Cognito-compatible service's (another deployment's embedded one: <its PUBLIC_URL>/idp/<pool id>) makes the
   * backend trust its tokens and the renderer sign in there.
   */
  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsUrl(URL_OPTIONS, { message: 'debe ser una URL http(s), por ejemplo https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC123' })
  COGNITO_ISSUER_URL?: string;

  /** The embedded identity service accepts Cognito's Admin* calls signed (SigV4) with this key pair; without it, it refuses them. */
  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(/^[A-Z0-9]{16,128}$/, { message: 'debe ser un id de clave de acceso (16 a 128 letras mayúsculas o números)' })
  IDENTITY_ADMIN_ACCESS_KEY_ID?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @MinLength(32, { message: 'debe tener al menos 32 caracteres' })
  IDENTITY_ADMIN_SECRET_ACCESS_KEY?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsUrl(URL_OPTIONS, { message: 'debe ser una URL http(s), por ejemplo https://nova.example' })
  PUBLIC_URL?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsString()
  ADMIN_EMAILS?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(/^[a-z]{2}(-[a-z]+)+-\d_[0-9a-zA-Z]+$/, { message: 'debe tener la forma región_id, por ejemplo us-east-1_Nova' })
  IDENTITY_POOL_ID?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(/^[\w+]{1,128}$/, { message: 'debe ser un id de cliente (letras, números, _ o +)' })
  IDENTITY_CLIENT_ID?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(/^(sk|rk)_(test|live)_\w+$/, { message: 'debe ser una clave secreta de Stripe (sk_test_… o sk_live_…)' })
  STRIPE_SECRET_KEY?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(/^pk_(test|live)_\w+$/, { message: 'debe ser una clave publicable de Stripe (pk_test_… o pk_live_…)' })
  STRIPE_PUBLISHABLE_KEY?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(/^whsec_\w+$/, { message: 'debe ser el secreto de firma de un webhook de Stripe (whsec_…)' })
  STRIPE_WEBHOOK_SECRET?: string;

  /** Where the Stripe SDK sends its calls (a local fake in tests); Stripe's own API when not given. */
  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsUrl(URL_OPTIONS, { message: 'debe ser una URL http(s), por ejemplo http://localhost:12111' })
  STRIPE_API_URL?: string;

  /** ISO 4217, lower case as Stripe writes it. */
  @Expose()
  @Transform(({ value }) => (typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : 'eur'))
  @Matches(/^[a-z]{3}$/, { message: 'debe ser un código de moneda de tres letras, por ejemplo eur' })
  PAYMENTS_CURRENCY: string;

  /** The platform's share of a creator's subscription revenue, in percent. */
  @Expose()
  @Transform(({ value }) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? 10 : Number(value)))
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'debe ser un porcentaje entre 0 y 100' })
  @Min(0, { message: 'debe ser un porcentaje entre 0 y 100' })
  @Max(100, { message: 'debe ser un porcentaje entre 0 y 100' })
  PLATFORM_FEE_PERCENT: number;

  /** One provider, or several separated by commas (the first answers the assistants and agents without a model of their own). */
  @Expose()
  @Transform(({ value }) =>
    typeof value === 'string' && value.trim()
      ? value.split(',').map((name) => name.trim())
      : ['none'],
  )
  @IsIn(['none', 'bedrock', 'openai-compatible'], { each: true, message: 'debe ser none, bedrock u openai-compatible (o varios separados por comas)' })
  MODEL_PROVIDER: ('none' | 'bedrock' | 'openai-compatible')[];

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsUrl(URL_OPTIONS, { message: 'debe ser una URL http(s), por ejemplo https://bedrock-runtime.us-east-1.amazonaws.com' })
  BEDROCK_ENDPOINT?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsUrl(URL_OPTIONS, { message: 'debe ser una URL http(s), por ejemplo https://bedrock-agent-runtime.us-east-1.amazonaws.com' })
  BEDROCK_AGENT_ENDPOINT?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsUrl(URL_OPTIONS, { message: 'debe ser una URL http(s), por ejemplo https://bedrock.us-east-1.amazonaws.com' })
  BEDROCK_CONTROL_ENDPOINT?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(BEDROCK_AGENT_ID_PATTERN, { message: 'debe ser un id de agente de Bedrock (10 letras o números)' })
  BEDROCK_AGENT_ID?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(BEDROCK_AGENT_ID_PATTERN, { message: 'debe ser un id de alias de agente de Bedrock (10 letras o números)' })
  BEDROCK_AGENT_ALIAS_ID?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(BEDROCK_AGENT_ID_PATTERN, { message: 'debe ser un id de agente de Bedrock (10 letras o números)' })
  BEDROCK_CHATBOT_AGENT_ID?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(BEDROCK_AGENT_ID_PATTERN, { message: 'debe ser un id de alias de agente de Bedrock (10 letras o números)' })
  BEDROCK_CHATBOT_AGENT_ALIAS_ID?: string;

  @Expose()
  @Transform(({ value }) => (typeof value === 'string' && value.trim() ? value.trim() : DEFAULT_BEDROCK_MODEL_ID))
  @Matches(/^[\w.:/-]{1,2048}$/, { message: 'debe ser un id o ARN de modelo de Bedrock, por ejemplo anthropic.claude-3-5-sonnet-20240620-v1:0' })
  BEDROCK_MODEL_ID: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsUrl(URL_OPTIONS, { message: 'debe ser una URL http(s), por ejemplo http://localhost:11434/v1' })
  OPENAI_BASE_URL?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsString()
  OPENAI_API_KEY?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsString({ message: 'debe ser el nombre de un modelo, por ejemplo llama3.1' })
  OPENAI_MODEL?: string;

  /** Token prices per model (JSON, payments currency per million tokens); read by app-config.ts. */
  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsString()
  MODEL_PRICES?: string;

  @Expose()
  @Transform(({ value }) => (value === undefined || value === '' ? 60000 : Number(value)))
  @IsInt({ message: 'debe ser un número entero de milisegundos' })
  @Min(100, { message: 'debe estar entre 100 y 600000 milisegundos' })
  @Max(600000, { message: 'debe estar entre 100 y 600000 milisegundos' })
  MODEL_TIMEOUT_MS: number;

  /** A reply asked for whole (a published agent called without streaming) arrives all at once, after the whole generation. */
  @Expose()
  @Transform(({ value }) => (value === undefined || value === '' ? 600000 : Number(value)))
  @IsInt({ message: 'debe ser un número entero de milisegundos' })
  @Min(100, { message: 'debe estar entre 100 y 3600000 milisegundos' })
  @Max(3600000, { message: 'debe estar entre 100 y 3600000 milisegundos' })
  MODEL_WHOLE_REPLY_TIMEOUT_MS: number;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(/^smtps?:\/\//, { message: 'debe ser una URL smtp:// o smtps://' })
  SMTP_URL?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsEmail({ require_tld: false }, { message: 'debe ser una dirección de correo válida, por ejemplo soporte@nova.example' })
  SUPPORT_EMAIL?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsString()
  SUPPORT_CONTENT_DIR?: string;

  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(/^rediss?:\/\//, { message: 'debe ser una URL redis:// o rediss://' })
  REDIS_URL?: string;

  /** Backend processes `npm start` runs (node's cluster); unset: one per core on PostgreSQL, one on SQLite. */
  @Expose()
  @Transform(({ value }) => (typeof value === 'string' && value.trim() ? Number(value) : undefined))
  @IsOptional()
  @IsInt({ message: 'debe ser un número entero de procesos' })
  @Min(1, { message: 'debe estar entre 1 y 64' })
  @Max(64, { message: 'debe estar entre 1 y 64' })
  WEB_CONCURRENCY?: number;

  @Expose()
  @Transform(({ value }) => (typeof value === 'string' && value.trim() ? value.trim() : 'false'))
  @Matches(TRUST_PROXY_PATTERN, {
    message: 'debe ser false, true, un número de proxies (saltos) o una lista de direcciones o subredes separadas por comas, por ejemplo loopback',
  })
  TRUST_PROXY: string;

  /** The bearer token GET /metrics asks for (issue 35); without it and without METRICS_PORT, /metrics refuses every scrape. */
  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @MinLength(16, { message: 'debe tener al menos 16 caracteres' })
  METRICS_TOKEN?: string;

  /** Serves /metrics only on this port, bound to 127.0.0.1, instead of on PORT. */
  @Expose()
  @Transform(({ value }) => (typeof value === 'string' && value.trim() ? Number(value) : undefined))
  @IsOptional()
  @IsInt({ message: 'debe ser un número de puerto entero' })
  @Min(1, { message: 'debe estar entre 1 y 65535' })
  @Max(65535, { message: 'debe estar entre 1 y 65535' })
  METRICS_PORT?: number;

  // Per-user limits (see the README for why these defaults). They stop a script, never a person.

  /** Agent saves (POST /agents creates or updates). */
  @RateLimitVariable(30)
  RATE_LIMIT_AGENTS_PER_HOUR: number;

  @RateLimitVariable(30)
  RATE_LIMIT_ECOSYSTEMS_PER_HOUR: number;

  @RateLimitVariable(120)
  RATE_LIMIT_CONVERSATIONS_PER_HOUR: number;

  /** Message saves and chat turns together. */
  @RateLimitVariable(60)
  RATE_LIMIT_MESSAGES_PER_MINUTE: number;

  @RateLimitVariable(60)
  RATE_LIMIT_UPLOADS_PER_HOUR: number;

  /** Chat turns with a model and Seshat's answers to a signed-in user. */
  @RateLimitVariable(20)
  RATE_LIMIT_MODEL_CALLS_PER_MINUTE: number;

  /** Reviews written or replaced, and creators' replies (issue 34). */
  @RateLimitVariable(20)
  RATE_LIMIT_REVIEWS_PER_HOUR: number;

  /** Reports of agents and reviews (issue 34). */
  @RateLimitVariable(20)
  RATE_LIMIT_REPORTS_PER_HOUR: number;

  // Published agents' API keys (issue 29): what one account's keys may do together.

  /** Model calls a minute through all of one account's API keys together (invoke, chat completions, MCP). */
  @RateLimitVariable(60)
  RATE_LIMIT_API_MODEL_CALLS_PER_MINUTE: number;

  /** The most a key's own requests per minute may be set to. */
  @RateLimitVariable(600)
  API_KEY_RATE_LIMIT_MAX: number;

  /** Live (not revoked) keys a publication may have. */
  @RateLimitVariable(10)
  API_KEYS_PER_PUBLICATION_MAX: number;

  /** Live keys one account may have across all its publications (a publication's default key counts). */
  @RateLimitVariable(50)
  API_KEYS_PER_ACCOUNT_MAX: number;

  /**
   * Where each process journals its metered calls before answering (issue 36): persistent storage
   * of this instance alone, kept across restarts; without it, DATA_DIR/usage-journal.
   */
  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @IsString()
  USAGE_JOURNAL_DIR?: string;

  /** Days an A2A task is kept after its last change. */
  @RateLimitVariable(30)
  A2A_TASK_RETENTION_DAYS: number;

  // An agent's knowledge (issue 32).

  /** The largest document a builder may give an agent, in MB. */
  @RateLimitVariable(20)
  KNOWLEDGE_MAX_FILE_MB: number;

  /** Documents one agent may have. */
  @RateLimitVariable(50)
  KNOWLEDGE_MAX_DOCUMENTS: number;

  /** Who turns passages into vectors for the knowledge's vector search: none (full text only), openai-compatible or bedrock. */
  @Expose()
  @Transform(({ value }) => (typeof value === 'string' && value.trim() ? value.trim() : 'none'))
  @IsIn(['none', 'openai-compatible', 'bedrock'], { message: 'debe ser none, openai-compatible o bedrock' })
  EMBEDDINGS_PROVIDER: 'none' | 'openai-compatible' | 'bedrock';

  /** The embeddings model (Bedrock's default: Titan Text Embeddings V2). */
  @Expose()
  @Transform(emptyAsUndefined)
  @IsOptional()
  @Matches(/^[\w.:/@-]{1,2048}$/, { message: 'debe ser el nombre de un modelo de embeddings, por ejemplo nomic-embed-text o amazon.titan-embed-text-v2:0' })
  EMBEDDINGS_MODEL?: string;

  /** Dimensions asked of the model (Titan V2: 256, 512 or 1024); the model's own when not given. */
  @Expose()
  @Transform(({ value }) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? undefined : Number(value)))
  @IsOptional()
  @IsInt({ message: 'debe ser un número entero entre 1 y 8192' })
  @Min(1, { message: 'debe ser un número entero entre 1 y 8192' })
  @Max(8192, { message: 'debe ser un número entero entre 1 y 8192' })
  EMBEDDINGS_DIMENSIONS?: number;

  /** Memory, in MB, for the agents' vectors kept in each process for the vector search. */
  @RateLimitVariable(512)
  KNOWLEDGE_VECTOR_CACHE_MB: number;
}
