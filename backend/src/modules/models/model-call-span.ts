import { type Span, SpanKind } from '@opentelemetry/api';
import { endSpan, iterateInSpan, startSpan, withSpan } from '../../common/telemetry/tracing';
import type { ModelPrices } from '../../config/model-prices';
import type { ModelEvent, ModelRequest } from './model-gateway';
import { costOf } from './model-prices';

/** What a model call's span needs beyond the request: the model a request without one goes to, and MODEL_PRICES. */
export interface ModelCallPricing {
  defaultModelId?: string;
  prices?: ModelPrices;
}

/**
 * A model call's span (issue 35), named and described as OpenTelemetry's GenAI conventions say:
 * provider, model, tokens in and out, the time to the first token and, when MODEL_PRICES prices
 * the model, the cost in cents. The provider's HTTP call (and its `traceparent`) is its child.
 */
export class ModelCallSpan {
  private readonly startedAt = performance.now();
  private firstTokenSeen = false;

  private constructor(
    private readonly span: Span,
    private readonly model: string | undefined,
    private readonly prices: ModelPrices | undefined,
  ) {}

  /** The span of this call; undefined when tracing is off. */
  static start(request: ModelRequest, pricing: ModelCallPricing): ModelCallSpan | undefined {
    const model = (request.audience === 'agent' ? request.modelId?.trim() : undefined) || pricing.defaultModelId;
    const span = startSpan(model ? `chat ${model}` : 'chat', undefined, { kind: SpanKind.CLIENT });
    if (!span) return undefined;
    span.setAttributes({ 'gen_ai.operation.name': 'chat', 'nova.model.audience': request.audience });
    if (model) span.setAttribute('gen_ai.request.model', model);
    return new ModelCallSpan(span, model, pricing.prices);
  }

  /** The provider's stream, opened and read with the span active, its events noted on the span. */
  watch(open: () => AsyncIterable<ModelEvent>): AsyncIterable<ModelEvent> {
    return iterateInSpan(this.span, this.observed(withSpan(this.span, open)));
  }

  /** Ends the span with how the call ended. */
  end(outcome: 'done' | 'cancelled' | Error): void {
    if (outcome === 'cancelled') this.span.setAttribute('nova.model.outcome', 'cancelled');
    endSpan(this.span, outcome instanceof Error ? outcome : undefined);
  }

  private async *observed(events: AsyncIterable<ModelEvent>): AsyncGenerator<ModelEvent> {
    for await (const event of events) {
      if (event.type === 'done') this.noteDone(event);
      else if (!this.firstTokenSeen) {
        this.firstTokenSeen = true;
        this.span.setAttribute('nova.model.time_to_first_token_ms', Math.round((performance.now() - this.startedAt) * 10) / 10);
      }
      yield event;
    }
  }

  private noteDone(event: Extract<ModelEvent, { type: 'done' }>): void {
    if (event.provider) this.span.setAttribute('gen_ai.provider.name', event.provider);
    if (event.stopReason) this.span.setAttribute('gen_ai.response.finish_reasons', [event.stopReason]);
    if (!event.usage) return;
    const { inputTokens, outputTokens } = event.usage;
    this.span.setAttributes({ 'gen_ai.usage.input_tokens': inputTokens, 'gen_ai.usage.output_tokens': outputTokens });
    const cost = costOf(this.model, inputTokens, outputTokens, this.prices);
    if (cost !== null) this.span.setAttribute('nova.model.cost_cents', cost);
  }
}
