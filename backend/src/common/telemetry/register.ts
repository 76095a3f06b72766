/**
 * Starts OpenTelemetry tracing (issue 35) when OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set, exporting spans with OTLP over HTTP (protobuf, or
 * JSON with OTEL_EXPORTER_OTLP_PROTOCOL=http/json). main.ts imports this module first: the
 * instrumentations patch http, Nest, pg and ioredis as they are loaded, so they must be
 * registered before anything requires them. Unset (or OTEL_SDK_DISABLED=true), nothing here is
 * loaded and the API's no-op tracer stays in place.
 */
import type { NodeSDK } from '@opentelemetry/sdk-node';
import { activeSpanInTrace, tracingStarted } from './tracing';

let sdk: NodeSDK | undefined;

/** Whether this environment asks for traces. */
export function tracingConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  const endpoint = (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '').trim();
  return endpoint !== '' && env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true';
}

/**
 * Whether undici leaves a call (a model's, a tool's) alone: outside any trace, or in a request the
 * sampler left out (request-spans.ts), it would parse the URL and headers for a span nobody keeps
 * and a `traceparent` it cannot write. A caller's unsampled trace is still passed on.
 */
function outsideAnyTrace(): boolean {
  return activeSpanInTrace() === undefined;
}

function startTracing(): void {
  // Required only here, so that a server without traces never loads the SDK.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { NestInstrumentation } = require('@opentelemetry/instrumentation-nestjs-core') as typeof import('@opentelemetry/instrumentation-nestjs-core');
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  const { IORedisInstrumentation } = require('@opentelemetry/instrumentation-ioredis') as typeof import('@opentelemetry/instrumentation-ioredis');
  const { UndiciInstrumentation } = require('@opentelemetry/instrumentation-undici') as typeof import('@opentelemetry/instrumentation-undici');
  const { samplerFromEnvironment } = require('./sampling') as typeof import('./sampling');
  const { readOrExit } = require('../../config/app-config') as typeof import('../../config/app-config');
  /* eslint-enable @typescript-eslint/no-require-imports */

  const sampler = readOrExit(() => samplerFromEnvironment());

  sdk = new NodeSDK({
    // OTEL_SERVICE_NAME, when set, wins (the environment's resource detector reads it).
    serviceName: process.env.OTEL_SERVICE_NAME ? undefined : 'nova-agents',
    // Ours unless OTEL_TRACES_SAMPLER names one of the SDK's, which it then reads itself.
    sampler,
    // Traces only: the metrics are prom-client's (GET /metrics), the logs are the JSON lines on stdout.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      // Outgoing calls made with node:http (the payment gateway's, AWS's); each request's own span
      // is request-spans.ts's, which costs an unsampled request next to nothing.
      new HttpInstrumentation({ disableIncomingRequestInstrumentation: true }),
      // No Express instrumentation: it wraps every middleware of every request (a dozen) to make
      // spans nobody reads, and its one useful part, the route on the request's span, is
      // request-spans.ts's. Nest's gives the controller and handler.
      new NestInstrumentation(),
      // Inside a traced request or job only: BullMQ's polling and the pool's housekeeping begin no trace.
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
      new UndiciInstrumentation({ ignoreRequestHook: outsideAnyTrace }),
    ],
  });
  sdk.start();
  tracingStarted();
}

/** Exports the spans still buffered and stops the SDK; the app calls it last when it closes. */
export async function shutdownTracing(): Promise<void> {
  const running = sdk;
  sdk = undefined;
  await running?.shutdown();
}

if (tracingConfigured()) startTracing();
