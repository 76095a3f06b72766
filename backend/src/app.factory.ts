import type { IncomingMessage } from 'node:http';
import { LogLevel, type NestApplicationOptions, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { json, raw, urlencoded } from 'express';
import { AppModule } from './app.module';
import type { AppConfig } from './config/app-config';
import { bodyParserErrors, HttpErrorFilter } from './common/filters/http-error.filter';
import { requestLogger } from './common/logging/request-logger';
import { beginRequestSpan, resumeRequestContext } from './common/telemetry/request-spans';
import { tracingOn } from './common/telemetry/tracing';
import { inFlightRequests, ShutdownState } from './modules/health/shutdown';
import { countRequests } from './modules/metrics/http-metrics';
import { metricsEnabled } from './modules/metrics/scrape';
import { TraceConsoleLogger } from './common/logging/trace-logger';
import { verifyJsonShape } from './common/validation/json-shape';
import { SpanishValidationPipe } from './common/validation/spanish-validation.pipe';
import { refuseNulInUrl } from './common/validation/url-text';
import { fairAdmission } from './web/fair-admission';
import { serveRenderer } from './web/renderer-static';
import { securityHeaders } from './web/security-headers';

const REQUEST_BODY_LIMIT = '1mb';

const LOG_LEVELS: Record<AppConfig['logLevel'], LogLevel[]> = {
  debug: ['fatal', 'error', 'warn', 'log', 'debug'],
  info: ['fatal', 'error', 'warn', 'log'],
  warn: ['fatal', 'error', 'warn'],
  error: ['fatal', 'error'],
};

/** Builds the whole HTTP application; `main.ts` listens on it and the API tests drive it directly. */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), appOptions(config));
  return configureApp(app, config);
}

/** The options every instance of the application is created with (also by the tests' own module). */
export function appOptions(config: AppConfig): NestApplicationOptions {
  return {
    logger: new TraceConsoleLogger({ json: true, logLevels: LOG_LEVELS[config.logLevel] }),
    // Our own parser, so that a malformed or oversized body gets the same error shape as the rest.
    bodyParser: false,
    // A start-up failure is logged and thrown to the caller (main.ts exits; a test fails), never a
    // process.exit from inside Nest, which would end a whole Jest run that hosts the application.
    abortOnError: false,
  };
}

/** The OpenAPI document served at /api/docs-json, and the one `npm run api:types` turns into the renderer's types. */
export function apiDocument(app: NestExpressApplication, config: AppConfig): OpenAPIObject {
  return SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle(`API de ${config.productName}`)
      .setDescription('Contrato REST de la plataforma de agentes de IA.')
      .setVersion(config.version)
      .addBearerAuth()
      .addApiKey({ type: 'apiKey', name: 'x-api-key', in: 'header' }, 'api-key')
      .build(),
  );
}

/** Middleware, prefix, pipes, filters and docs; shared with tests that build the module themselves. */
export function configureApp(app: NestExpressApplication, config: AppConfig): NestExpressApplication {
  app.disable('x-powered-by');
  // Behind a reverse proxy, so that request.ip (per-IP rate limits) is the client's, not the proxy's.
  app.set('trust proxy', config.trustProxy);
  // First, so that a request's time includes its wait for admission; off, it costs nothing.
  if (metricsEnabled(config.metrics)) app.use(countRequests);
  if (tracingOn()) app.use(beginRequestSpan);
  // Every request, for the shutdown to wait for those in flight (modules/health/shutdown.ts).
  app.use(inFlightRequests(app.get(ShutdownState)));
  // On SQLite a request's work runs on the event loop from start to end, so turns grow with the
  // load and new connections wait (see fairAdmission). On PostgreSQL the replies split the work
  // and the line measured as a loss of throughput there (a fifth, on the marketplace benchmark).
  if (config.database.type === 'sqlite') app.use(fairAdmission());
  app.use(securityHeaders(config));
  app.enableCors({
    origin: (origin, callback) => callback(null, !origin || config.corsOrigins.includes(origin)),
    credentials: true,
  });
  app.use(requestLogger);
  app.use(refuseNulInUrl);
  // Amplify speaks the Cognito JSON protocol (application/x-amz-json-1.1) to the identity service.
  // No client compresses what it sends, so a Content-Encoding is a 415 rather than a decompression
  // to guard; the shape check refuses, before parsing, bodies whose depth or size would stall us.
  // The payment webhook's signature is over the exact bytes sent: that path keeps its body raw.
  app.use('/api/stripe/webhook', raw({ type: () => true, limit: REQUEST_BODY_LIMIT, inflate: false }));
  app.use(
    json({
      limit: REQUEST_BODY_LIMIT,
      type: ['application/json', 'application/x-amz-json-1.1'],
      inflate: false,
      verify: (request: IncomingMessage & { rawBody?: Buffer }, response, body, encoding) => {
        verifyJsonShape(request, response, body, encoding);
        // Cognito's Admin* calls are signed (SigV4) over the exact bytes sent.
        if (request.url?.startsWith('/idp')) request.rawBody = body;
      },
    }),
    urlencoded({ extended: false, limit: REQUEST_BODY_LIMIT, inflate: false }),
    bodyParserErrors,
  );
  // The parsers answer from the request's stream events, SQLite's admission from its queue.
  if (tracingOn()) app.use(resumeRequestContext);
  app.setGlobalPrefix('api', {
    exclude: [
      { path: 'idp', method: RequestMethod.ALL },
      { path: 'metrics', method: RequestMethod.GET },
      { path: 'idp/{*rest}', method: RequestMethod.ALL },
      { path: 'api-admin/{*rest}', method: RequestMethod.ALL },
    ],
  });
  app.useGlobalPipes(new SpanishValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }));
  app.useGlobalFilters(new HttpErrorFilter());
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);

  // Built on its first request: a tenth of a second that a start-up (and every test app) need not wait.
  SwaggerModule.setup('api/docs', app, () => apiDocument(app, config), { jsonDocumentUrl: 'api/docs-json' });

  serveRenderer(app, config.rendererDir);
  return app;
}
