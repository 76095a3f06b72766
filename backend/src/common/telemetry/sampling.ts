import type { Context } from '@opentelemetry/api';
import { tracing } from '@opentelemetry/sdk-node';
import { ConfigValidationError } from '../../config/app-config';

/**
 * The default head sampling when traces are on (issue 35): every trace a caller's sampled
 * `traceparent` asks for, and of the rest up to OTEL_TRACES_SAMPLER_ARG traces a second per
 * process (10 when unset), as Jaeger's rate-limiting sampler and Datadog's default do, in bursts of
 * up to ten seconds' worth. A quiet server (development, a test, a small team) is traced whole; a
 * busy one pays for a bounded number of traces whatever its load, where tracing every request raises
 * a fast call's CPU by a third to more than half (docs/operations.md, «Lo que cuestan»).
 *
 * Loaded only with the SDK (register.ts), when traces are on.
 */
export const RATE_LIMITING_SAMPLER = 'parentbased_ratelimiting';
export const DEFAULT_TRACES_PER_SECOND = 10;
/** How many seconds' worth of traces a quiet spell saves up for a burst (a user's first clicks, a test). */
const BURST_SECONDS = 10;

/** A token bucket: a burst's worth of traces may begin at once, and one more each 1/rate seconds after. */
export class RateLimitingSampler implements tracing.Sampler {
  private readonly capacity: number;
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly tracesPerSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.capacity = tracesPerSecond > 0 ? Math.max(1, tracesPerSecond * BURST_SECONDS) : 0;
    this.tokens = this.capacity;
    this.refilledAt = now();
  }

  shouldSample(_context: Context, _traceId: string): tracing.SamplingResult {
    const now = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.refilledAt) / 1000) * this.tracesPerSecond);
    this.refilledAt = now;
    // Tenths added ten times make 0.999…: a token short by rounding is a whole one.
    if (this.tokens < 1 - 1e-9) return { decision: tracing.SamplingDecision.NOT_RECORD };
    this.tokens -= 1;
    return { decision: tracing.SamplingDecision.RECORD_AND_SAMPLED };
  }

  toString(): string {
    return `RateLimitingSampler{${this.tracesPerSecond}/s}`;
  }
}

/**
 * The sampler this environment asks for when it is ours (OTEL_TRACES_SAMPLER unset or
 * `parentbased_ratelimiting`); undefined for the SDK's own (`parentbased_always_on`,
 * `parentbased_traceidratio`…), which the SDK reads from the environment itself.
 */
export function samplerFromEnvironment(env: NodeJS.ProcessEnv = process.env): tracing.Sampler | undefined {
  const named = env.OTEL_TRACES_SAMPLER?.trim().toLowerCase();
  if (named && named !== RATE_LIMITING_SAMPLER) return undefined;
  // The argument belongs to the sampler named: with none named, a ratio meant for another is not a rate.
  const argument = named ? env.OTEL_TRACES_SAMPLER_ARG?.trim() : undefined;
  const tracesPerSecond = argument ? Number(argument) : DEFAULT_TRACES_PER_SECOND;
  if (!Number.isFinite(tracesPerSecond) || tracesPerSecond < 0) {
    throw new ConfigValidationError([
      `OTEL_TRACES_SAMPLER_ARG: debe ser un número de trazas por segundo, 0 o más, con OTEL_TRACES_SAMPLER=${RATE_LIMITING_SAMPLER} (vale «${argument}»)`,
    ]);
  }
  return new tracing.ParentBasedSampler({ root: new RateLimitingSampler(tracesPerSecond) });
}
