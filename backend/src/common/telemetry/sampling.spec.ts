import { ROOT_CONTEXT, SpanKind, trace, TraceFlags } from '@opentelemetry/api';
import { tracing } from '@opentelemetry/sdk-node';
import { ConfigValidationError } from '../../config/app-config';
import { DEFAULT_TRACES_PER_SECOND, RateLimitingSampler, samplerFromEnvironment } from './sampling';

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';

/** Whether `sampler` records a new root span at this moment. */
function sampled(sampler: tracing.Sampler, parent = ROOT_CONTEXT): boolean {
  return sampler.shouldSample(parent, TRACE_ID, 'GET', SpanKind.SERVER, {}, []).decision === tracing.SamplingDecision.RECORD_AND_SAMPLED;
}

function decisions(sampler: tracing.Sampler, count: number): number {
  return Array.from({ length: count }, () => sampled(sampler)).filter(Boolean).length;
}

/** A context whose active span is a caller's, sampled or not. */
function callerContext(sampledByCaller: boolean) {
  return trace.setSpanContext(ROOT_CONTEXT, { traceId: TRACE_ID, spanId: 'b7ad6b7169203331', traceFlags: sampledByCaller ? TraceFlags.SAMPLED : TraceFlags.NONE, isRemote: true });
}

describe('RateLimitingSampler', () => {
  it('lets a burst of ten seconds’ worth of traces begin at once, then one each 1/rate seconds', () => {
    let now = 0;
    const sampler = new RateLimitingSampler(10, () => now);
    expect(decisions(sampler, 250)).toBe(100);
    now += 99;
    expect(sampled(sampler)).toBe(false);
    now += 1;
    expect(sampled(sampler)).toBe(true);
    expect(sampled(sampler)).toBe(false);
    now += 10 * 60_000;
    // Quiet minutes save no more than a burst's worth.
    expect(decisions(sampler, 250)).toBe(100);
  });

  it('keeps to its rate under a steady load above it', () => {
    let now = 0;
    const sampler = new RateLimitingSampler(100, () => now);
    decisions(sampler, 1_000);
    let kept = 0;
    for (let request = 0; request < 10_000; request += 1) {
      now += 1; // 1,000 requests a second for ten seconds
      if (sampled(sampler)) kept += 1;
    }
    expect(kept).toBe(1_000);
  });

  it('below one a second still samples, one trace every 1/rate seconds; at 0 none', () => {
    let now = 0;
    const slow = new RateLimitingSampler(0.05, () => now);
    expect(decisions(slow, 3)).toBe(1);
    now += 19_000;
    expect(sampled(slow)).toBe(false);
    now += 1_000;
    expect(sampled(slow)).toBe(true);
    expect(decisions(new RateLimitingSampler(0, () => now), 5)).toBe(0);
  });
});

describe('samplerFromEnvironment', () => {
  it('by default keeps every trace a caller samples and up to 10 a second of the rest, in bursts of 100', () => {
    const started = performance.now();
    const sampler = samplerFromEnvironment({});
    expect(sampler?.toString()).toContain('RateLimitingSampler{10/s}');
    const kept = decisions(sampler!, 2_000);
    expect(kept).toBeGreaterThanOrEqual(100);
    expect(kept).toBeLessThanOrEqual(100 + Math.ceil(((performance.now() - started) / 1000) * 10));
    expect(sampled(sampler!, callerContext(true))).toBe(true);
    expect(sampled(sampler!, callerContext(false))).toBe(false);
  });

  it('takes the rate from OTEL_TRACES_SAMPLER_ARG when OTEL_TRACES_SAMPLER names it, not otherwise', () => {
    expect(samplerFromEnvironment({ OTEL_TRACES_SAMPLER: 'parentbased_ratelimiting', OTEL_TRACES_SAMPLER_ARG: '5' })?.toString()).toContain('RateLimitingSampler{5/s}');
    // An argument without the sampler's name is not ours (it would be a ratio for another).
    expect(samplerFromEnvironment({ OTEL_TRACES_SAMPLER_ARG: '0.1' })?.toString()).toContain(`RateLimitingSampler{${DEFAULT_TRACES_PER_SECOND}/s}`);
  });

  it('leaves the SDK’s own samplers to the SDK', () => {
    expect(samplerFromEnvironment({ OTEL_TRACES_SAMPLER: 'parentbased_always_on' })).toBeUndefined();
    expect(samplerFromEnvironment({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' })).toBeUndefined();
  });

  it.each(['muchas', '-1', 'Infinity'])('refuses a rate of «%s» with a message naming the variable', (argument) => {
    const start = () => samplerFromEnvironment({ OTEL_TRACES_SAMPLER: 'parentbased_ratelimiting', OTEL_TRACES_SAMPLER_ARG: argument });
    expect(start).toThrow(ConfigValidationError);
    expect(start).toThrow(`Configuración no válida:\n  OTEL_TRACES_SAMPLER_ARG: debe ser un número de trazas por segundo, 0 o más, con OTEL_TRACES_SAMPLER=parentbased_ratelimiting (vale «${argument}»)`);
  });
});
