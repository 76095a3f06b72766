import { type Attributes, type Context, context, isSpanContextValid, propagation, type Span, SpanKind, SpanStatusCode, trace, TraceFlags } from '@opentelemetry/api';
import { isTracingSuppressed } from '@opentelemetry/core';

/**
 * Our own spans (issue 35): a model call, a tool call, a knowledge search, a payment gateway call,
 * a collaboration session's steps, a SQLite statement. Off (OTEL_EXPORTER_OTLP_ENDPOINT unset, see
 * register.ts) every helper here returns at its first line: no span object, no context switch. In
 * a trace the sampler left out (OTEL_TRACES_SAMPLER), they make no span either: the request's
 * unsampled span stays active and is what a `traceparent` passed on names.
 */
export const tracer = trace.getTracer('nova-agents');
let on = false;

/** Called once by register.ts when the SDK has started. */
export function tracingStarted(): void {
  on = true;
}

/** Whether the SDK runs (OTEL_EXPORTER_OTLP_ENDPOINT set). */
export function tracingOn(): boolean {
  return on;
}

/**
 * Whether `parent` belongs to a trace the sampler left out, whose spans would all be thrown away, or
 * to a request that no trace covers (request-spans.ts suppresses tracing there).
 */
function unsampled(parent: Context): boolean {
  if (isTracingSuppressed(parent)) return true;
  const span = trace.getSpan(parent);
  return span !== undefined && (span.spanContext().traceFlags & TraceFlags.SAMPLED) === 0;
}

/**
 * The active span when it belongs to a trace, sampled or not. In a request no trace covers, the
 * Nest instrumentation still makes its spans active, but with the invalid context (all-zero ids)
 * the SDK gives a span when tracing is suppressed: nothing to pass on or to log.
 */
export function activeSpanInTrace(): Span | undefined {
  const span = trace.getActiveSpan();
  return span && isSpanContextValid(span.spanContext()) ? span : undefined;
}

/** W3C trace context headers (`traceparent`, `tracestate`) carried with work done elsewhere, a queued job. */
export type TraceHeaders = Record<string, string>;

/** A span under the active one (or under `parent`), not made active; undefined when tracing is off. */
export function startSpan(name: string, attributes?: Attributes, options: { kind?: SpanKind; parent?: Context } = {}): Span | undefined {
  if (!on) return undefined;
  const parent = options.parent ?? context.active();
  if (unsampled(parent)) return undefined;
  return tracer.startSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes }, parent);
}

/** A span under the active one only when there is one: for work too small to begin a trace (a SQL statement). */
export function startChildSpan(name: string, attributes?: Attributes, kind = SpanKind.CLIENT): Span | undefined {
  if (!on || !trace.getActiveSpan()?.isRecording()) return undefined;
  return tracer.startSpan(name, { kind, attributes });
}

/** Ends a span; a failure marks it as an error with its exception. */
export function endSpan(span: Span | undefined, failure?: unknown): void {
  if (!span) return;
  if (failure !== undefined) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: failure instanceof Error ? failure.message : String(failure) });
    if (failure instanceof Error) span.recordException(failure);
  }
  span.end();
}

/** Runs `work` inside a span that is active for everything it calls (SQL, HTTP), ending it when `work` settles. */
export async function inSpan<T>(name: string, attributes: Attributes, work: (span: Span | undefined) => Promise<T>, parent?: Context): Promise<T> {
  if (!on) return work(undefined);
  const span = startSpan(name, attributes, { parent });
  // Unsampled, the work still runs in its trace, for what it passes on to carry the trace id.
  if (!span) return parent ? context.with(parent, () => work(undefined)) : work(undefined);
  try {
    const result = await context.with(trace.setSpan(parent ?? context.active(), span), () => work(span));
    endSpan(span);
    return result;
  } catch (error) {
    endSpan(span, error);
    throw error;
  }
}

/** Runs `work` with `span` active, so that what it starts (an outgoing HTTP call) is the span's child. */
export function withSpan<T>(span: Span | undefined, work: () => T): T {
  return span ? context.with(trace.setSpan(context.active(), span), work) : work();
}

/**
 * An async iterable read with `span` active: each `next()` of the source runs in it, so that what
 * the source does between two items (a provider's HTTP call) belongs to the span.
 */
export function iterateInSpan<T>(span: Span | undefined, source: AsyncIterable<T>): AsyncIterable<T> {
  if (!span) return source;
  const active = trace.setSpan(context.active(), span);
  return {
    [Symbol.asyncIterator]() {
      const iterator = context.with(active, () => source[Symbol.asyncIterator]());
      return {
        next: () => context.with(active, () => iterator.next()),
        return: (value?: unknown) => context.with(active, () => iterator.return?.(value) ?? Promise.resolve({ done: true, value: undefined })),
      } as AsyncIterator<T>;
    },
  };
}

/** Notes an event (a collaboration step) on the active span. */
export function addSpanEvent(name: string, attributes?: Attributes): void {
  if (on) trace.getActiveSpan()?.addEvent(name, attributes);
}

/**
 * An outside service's adapter (a port) whose every method call is a span named `{system}
 * {method}`, active while the call runs; the adapter itself when tracing is off.
 */
export function tracedPort<T extends object>(port: T, system: string): T {
  if (!on) return port;
  return new Proxy(port, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function' || typeof key !== 'string') return value;
      return (...args: unknown[]): unknown => {
        const span = startSpan(`${system} ${key}`, { 'nova.port': system }, { kind: SpanKind.CLIENT });
        let result: unknown;
        try {
          result = withSpan(span, () => Reflect.apply(value, target, args));
        } catch (error) {
          endSpan(span, error);
          throw error;
        }
        if (!(result instanceof Promise)) {
          endSpan(span);
          return result;
        }
        return result.then(
          (settled: unknown) => {
            endSpan(span);
            return settled;
          },
          (error: unknown) => {
            endSpan(span, error);
            throw error;
          },
        );
      };
    },
  });
}

/** The active trace as headers to hand on with queued work; undefined when tracing is off or no trace is active. */
export function traceHeaders(): TraceHeaders | undefined {
  if (!on || !activeSpanInTrace()) return undefined;
  const headers: TraceHeaders = {};
  propagation.inject(context.active(), headers);
  return headers;
}

/** The context carried by `traceHeaders()` (the active one when there are none), to continue that trace. */
export function contextOf(headers: TraceHeaders | undefined): Context | undefined {
  if (!on) return undefined;
  return headers ? propagation.extract(context.active(), headers) : context.active();
}

/** The active span's ids, for a log line; undefined when tracing is off or nothing is traced. */
export function activeTraceIds(): { traceId: string; spanId: string } | undefined {
  if (!on) return undefined;
  const span = activeSpanInTrace();
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  return { traceId, spanId };
}
