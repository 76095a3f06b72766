import { availableParallelism } from 'node:os';
import { ConfigValidationError, DESKTOP_APP_ORIGIN, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('runs with an empty environment on the embedded defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.productName).toBe('Nova');
    expect(config.database.type).toBe('sqlite');
    expect(config.database).toMatchObject({ path: expect.stringMatching(/data[/\\]nova\.sqlite$/) });
    expect(config.identity).toEqual({ provider: 'embedded', region: 'us-east-1', userPoolId: 'us-east-1_NovaLocal', clientId: 'novaweb', adminCredentials: null });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.payments).toEqual({ provider: 'demo', currency: 'eur', platformFeePercent: 10 });
    expect(config.mail).toEqual({ provider: 'outbox' });
    expect(config.corsOrigins).toEqual([DESKTOP_APP_ORIGIN]);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' });
    expect(config.database).toEqual({ type: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/test', schema: 'public' });
  });

  it('reads lists, the product name and the providers from the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      PRODUCT_NAME: ' Acme ',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      TRACKING_SCRIPTS: 'https://stats.example/t.js',
      COGNITO_USER_POOL_ID: 'eu-west-1_AbC123',
      COGNITO_CLIENT_ID: 'abc123',
      AWS_REGION: 'eu-west-1',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      SMTP_URL: 'smtp://mail.example:25',
    });
    expect(config.port).toBe(8080);
    expect(config.productName).toBe('Acme');
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example', DESKTOP_APP_ORIGIN]);
    expect(config.trackingScripts).toEqual(['https://stats.example/t.js']);
    expect(config.identity).toEqual({
      provider: 'cognito',
      region: 'eu-west-1',
      userPoolId: 'eu-west-1_AbC123',
      clientId: 'abc123',
      endpoint: null,
      issuer: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC123',
      userPoolEndpoint: null,
    });
    expect(config.payments).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_123',
      publishableKey: 'pk_test_123',
      webhookSecret: 'whsec_123',
      apiUrl: null,
      currency: 'eur',
      platformFeePercent: 10,
    });
    expect(config.mail).toEqual({ provider: 'smtp', url: 'smtp://mail.example:25' });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['LOG_LEVEL', 'verbose'],
    ['STRIPE_SECRET_KEY', 'not-a-key'],
    ['STRIPE_WEBHOOK_SECRET', 'secreto'],
    ['PAYMENTS_CURRENCY', 'euros'],
    ['PLATFORM_FEE_PERCENT', '150'],
    ['OPENAI_BASE_URL', 'localhost:11434'],
    ['AWS_REGION', 'mars'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigValidationError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Configuración no válida:\\n  ${name}: `));
  });

  it('says each thing wrong with a variable once', () => {
    expect(() => loadConfig({ PORT: 'nope' })).toThrow(
      new ConfigValidationError(['PORT: debe estar entre 1 y 65535; debe ser un número de puerto entero']),
    );
  });

  it('refuses some of the Stripe keys without the others, naming the missing ones', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(
      /Stripe necesita STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY y STRIPE_WEBHOOK_SECRET juntas; falta STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow(ConfigValidationError);
  });

  it('reads the payments currency (lower case), the platform fee and the Stripe API address', () => {
    const config = loadConfig({
      PAYMENTS_CURRENCY: 'USD',
      PLATFORM_FEE_PERCENT: '12.5',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(config.payments).toMatchObject({ provider: 'stripe', currency: 'usd', platformFeePercent: 12.5, apiUrl: 'http://127.0.0.1:12111' });
  });

  it('defaults the support address to the public host, the help centre to backend/content, Redis off and no proxy trusted', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://acme.example/' });
    expect(config.supportEmail).toBe('soporte@acme.example');
    expect(config.supportContentDir).toMatch(/backend[/\\]content[/\\]support$/);
    expect(config.redisUrl).toBeNull();
    expect(config.trustProxy).toBe(false);
  });

  it.each([
    ['loopback', 'loopback'],
    ['2', 2],
    ['true', true],
    ['10.0.0.0/8, 192.168.1.1', '10.0.0.0/8, 192.168.1.1'],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('reads SUPPORT_EMAIL, SUPPORT_CONTENT_DIR and REDIS_URL', () => {
    const config = loadConfig({ SUPPORT_EMAIL: 'ayuda@acme.example', SUPPORT_CONTENT_DIR: '/srv/ayuda', REDIS_URL: 'redis://cache:6379' });
    expect(config).toMatchObject({ supportEmail: 'ayuda@acme.example', supportContentDir: '/srv/ayuda', redisUrl: 'redis://cache:6379' });
  });

  it('runs one process per core on PostgreSQL and one on SQLite unless WEB_CONCURRENCY says otherwise', () => {
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }).webConcurrency).toBe(availableParallelism());
    expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(loadConfig({ WEB_CONCURRENCY: ' 2 ' }).webConcurrency).toBe(2);
    expect(loadConfig({ WEB_CONCURRENCY: ' ' }).webConcurrency).toBe(1);
  });

  it.each([
    ['WEB_CONCURRENCY', '0'],
    ['WEB_CONCURRENCY', 'todos'],
    ['SUPPORT_EMAIL', 'soporte'],
    ['REDIS_URL', 'http://cache:6379'],
    ['TRUST_PROXY', 'siempre'],
    ['RATE_LIMIT_AGENTS_PER_HOUR', '0'],
    ['RATE_LIMIT_MESSAGES_PER_MINUTE', '1.5'],
    ['RATE_LIMIT_MODEL_CALLS_PER_MINUTE', 'muchas'],
  ])('refuses %s=%s with a Spanish message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Configuración no válida:\\n  ${name}: debe`));
  });

  it('reads the per-user limits, per hour or per minute as their names say', () => {
    const config = loadConfig({ RATE_LIMIT_UPLOADS_PER_HOUR: '5', RATE_LIMIT_MODEL_CALLS_PER_MINUTE: ' 7 ' });
    expect(config.userQuotas.uploads).toEqual({ limit: 5, ttlMs: 3_600_000 });
    expect(config.userQuotas.modelCalls).toEqual({ limit: 7, ttlMs: 60_000 });
  });

  it('reads the embedded service’s admin key pair (both or none) and the Cognito endpoint', () => {
    const secretAccessKey = 'clave-secreta-de-al-menos-treinta-y-dos-caracteres';
    expect(loadConfig({ IDENTITY_ADMIN_ACCESS_KEY_ID: 'AKIANOVAADMIN000001', IDENTITY_ADMIN_SECRET_ACCESS_KEY: secretAccessKey }).identity).toMatchObject({
      provider: 'embedded',
      adminCredentials: { accessKeyId: 'AKIANOVAADMIN000001', secretAccessKey },
    });
    expect(() => loadConfig({ IDENTITY_ADMIN_ACCESS_KEY_ID: 'AKIANOVAADMIN000001' })).toThrow(/IDENTITY_ADMIN_ACCESS_KEY_ID y IDENTITY_ADMIN_SECRET_ACCESS_KEY deben darse juntos/);
    expect(() => loadConfig({ IDENTITY_ADMIN_SECRET_ACCESS_KEY: 'corta' })).toThrow(/IDENTITY_ADMIN_SECRET_ACCESS_KEY: debe tener al menos 32 caracteres/);
    expect(
      loadConfig({ COGNITO_USER_POOL_ID: 'eu-west-1_AbC123', COGNITO_CLIENT_ID: 'abc123', COGNITO_ENDPOINT: 'https://vpce-1.cognito-idp.eu-west-1.vpce.amazonaws.com' }).identity,
    ).toMatchObject({ provider: 'cognito', endpoint: 'https://vpce-1.cognito-idp.eu-west-1.vpce.amazonaws.com' });
  });

  it('trusts a Cognito-compatible pool named by COGNITO_ISSUER_URL, where the renderer signs in too', () => {
    const pool = { COGNITO_USER_POOL_ID: 'us-east-1_NovaLocal', COGNITO_CLIENT_ID: 'novaweb' };
    expect(loadConfig({ ...pool, COGNITO_ENDPOINT: 'http://127.0.0.1:4000/idp', COGNITO_ISSUER_URL: 'http://localhost:4000/idp/us-east-1_NovaLocal/' }).identity).toMatchObject({
      endpoint: 'http://127.0.0.1:4000/idp',
      issuer: 'http://localhost:4000/idp/us-east-1_NovaLocal',
      userPoolEndpoint: 'http://localhost:4000/idp',
    });
    expect(() => loadConfig({ ...pool, COGNITO_ISSUER_URL: 'http://localhost:4000/idp' })).toThrow(
      /COGNITO_ISSUER_URL debe terminar en \/us-east-1_NovaLocal \(COGNITO_USER_POOL_ID\), como https:\/\/cognito-idp\.us-east-1\.amazonaws\.com\/us-east-1_NovaLocal/,
    );
    expect(() => loadConfig({ ...pool, COGNITO_ISSUER_URL: 'idp.example/us-east-1_NovaLocal' })).toThrow(/COGNITO_ISSUER_URL: debe ser una URL http\(s\)/);
  });

  it('refuses a Cognito pool without its client id', () => {
    expect(() => loadConfig({ COGNITO_USER_POOL_ID: 'us-east-1_X1' })).toThrow(/COGNITO_USER_POOL_ID y COGNITO_CLIENT_ID/);
  });
});
