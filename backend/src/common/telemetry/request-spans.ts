import { type Attributes, type Context, context, propagation, ROOT_CONTEXT, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { suppressTracing } from '@opentelemetry/core';
import type { NextFunction, Request, Response } from 'express';
import { tracer } from './tracing';

/**
 * Each request's server span (issue 35), ours rather than the HTTP instrumentation's. That one binds
 * every request's and response's event emitters to the request's context (eight methods patched on
 * each, per request) and reads the URL, headers and socket before it knows whether the request is
 * sampled: on Node 24 it cost more than a third of a published agent's CPU per call, traced or not.
 * Here an unsampled request costs a sampling decision and a context switch; a sampled one gets the
 * span the instrumentation made (same name, kind and semantic attributes).
 *
 * Without the emitters bound, what runs off a request's own chain of calls (the body parser's
 * stream events, SQLite's admission queue) leaves its context: `resumeRequestContext`, after them,
 * re-enters it, and `inRequestContext` runs a response listener (the request log line) in it.
 */

/** The health probes and GET /metrics: orchestrators and Prometheus call them every few seconds. */
const UNTRACED_PATHS = /^\/(api\/health|metrics)(\/|\?|$)/;

/**
 * A request the sampler left out that no caller's trace asked for: nothing under it makes a span
 * (the Nest instrumentation's and ours return at once), passes a `traceparent` on or logs a trace id.
 */
const UNTRACED = suppressTracing(ROOT_CONTEXT);

const REQUEST_CONTEXT = Symbol('requestTraceContext');
type TracedRequest = Request & { [REQUEST_CONTEXT]?: Context };

/** Starts the request's span, child of the caller's `traceparent` when it sends one, and runs the rest in it. */
export function beginRequestSpan(request: TracedRequest, response: Response, next: NextFunction): void {
  // Suppressed, not merely left without a span: Nest's instrumentation would begin a trace of its own.
  if (UNTRACED_PATHS.test(request.url)) {
    request[REQUEST_CONTEXT] = UNTRACED;
    return inRequestContext(request, next);
  }
  const callerContext = propagation.extract(ROOT_CONTEXT, request.headers);
  const span = tracer.startSpan(request.method, { kind: SpanKind.SERVER }, callerContext);
  const recording = span.isRecording();
  // A caller's unsampled trace is still passed on (with its flag), for the next service to honour.
  request[REQUEST_CONTEXT] = recording || trace.getSpan(callerContext) ? trace.setSpan(callerContext, span) : UNTRACED;
  if (recording) {
    span.setAttributes(requestAttributes(request));
    response.once('close', () => endRequestSpan(span, request, response));
  }
  inRequestContext(request, next);
}

/** Re-enters the request's context after middleware that answers from elsewhere (stream events, a queue). */
export function resumeRequestContext(request: Request, _response: Response, next: NextFunction): void {
  inRequestContext(request, next);
}

/** Runs `work` (a response listener, the rest of the request) in the request's context; as is when it has none. */
export function inRequestContext<T>(request: Request, work: () => T): T {
  const requestContext = (request as TracedRequest)[REQUEST_CONTEXT];
  return requestContext ? context.with(requestContext, work) : work();
}

function requestAttributes(request: Request): Attributes {
  const [path] = request.url.split('?', 1);
  const attributes: Attributes = {
    'http.request.method': request.method,
    'url.path': path,
    'url.scheme': request.protocol,
    'server.address': request.hostname,
    'server.port': request.socket.localPort,
    'network.protocol.version': request.httpVersion,
    'client.address': request.ip,
    'network.peer.address': request.socket.remoteAddress,
  };
  const userAgent = request.headers['user-agent'];
  if (userAgent) attributes['user_agent.original'] = userAgent;
  return attributes;
}

/**
 * Ends the span when the response is over (sent, or its connection closed): its status, and its
 * name by the route that answered (`POST /api/agents/:id`); what no route answered keeps the method.
 */
function endRequestSpan(span: Span, request: Request, response: Response): void {
  span.setAttribute('http.response.status_code', response.statusCode);
  const { route, baseUrl } = request as Request & { route?: { path?: unknown } };
  if (typeof route?.path === 'string') {
    const pattern = baseUrl + route.path;
    span.setAttribute('http.route', pattern);
    span.updateName(`${request.method} ${pattern}`);
  }
  if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}
