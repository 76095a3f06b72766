import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { ModelAdapter } from './adapters/model-adapter';
import { guardStream, type StreamContext } from './adapters/guarded-stream';
import { modelCallDuration, modelCalls, modelErrors, modelTokens } from '../metrics/instruments';
import { type ModelCallPricing, ModelCallSpan } from './model-call-span';
import type { CatalogueProvider, ModelCatalogue } from './model-catalogue';
import {
  type ModelAudience,
  type ModelEvent,
  ModelGateway,
  ModelNotConfiguredError,
  type ModelRequest,
} from './model-gateway';

export type ModelRoutes = Partial<Record<ModelAudience, ModelAdapter>>;

/** How long a call may wait: for each event of a stream, or for a reply asked for whole. */
export interface ModelTimeouts {
  nextEventMs: number;
  wholeReplyMs: number;
}

/**
 * How an agent's chat reaches the provider that lists its model, when more than one could answer
 * it: the catalogue says which provider lists the request's modelId, and `adapterFor` gives that
 * provider's adapter on that model. A model no provider lists goes to the agent audience's route.
 */
export interface ModelsByProvider {
  catalogue: Pick<ModelCatalogue, 'providerOf'>;
  adapterFor(provider: CatalogueProvider, modelId: string): ModelAdapter;
  /** Every adapter made so far, to close them on shutdown. */
  adapters(): Iterable<ModelAdapter>;
}

/**
 * The gateway the app uses: one adapter per audience (chosen from the configuration), each call
 * under the time-out and the caller's signal. Logs name the audience, adapter, outcome and
 * duration, never what was said.
 */
export class RoutingModelGateway extends ModelGateway implements OnApplicationShutdown {
  private readonly logger = new Logger('Models');

  constructor(
    private readonly routes: ModelRoutes,
    private readonly timeouts: ModelTimeouts,
    private readonly byProvider?: ModelsByProvider,
    private readonly pricing: ModelCallPricing = {},
  ) {
    super();
  }

  isConfigured(audience: ModelAudience): boolean {
    return this.routes[audience] !== undefined;
  }

  /** Which adapter answers each audience ('bedrock-agent'…), for diagnostics. */
  describe(): Partial<Record<ModelAudience, string>> {
    return Object.fromEntries(Object.entries(this.routes).map(([audience, adapter]) => [audience, adapter.name]));
  }

  stream(request: ModelRequest): AsyncIterableIterator<ModelEvent> {
    const route = this.routes[request.audience];
    if (!route) return notConfigured();
    let adapter = route;
    const modelId = request.audience === 'agent' ? request.modelId?.trim() : undefined;
    /** The metrics' label: the agent's model, or the provider's configured one ('default'). */
    const model = modelId || 'default';
    const byProvider = this.byProvider;
    const open =
      byProvider && modelId
        ? (context: StreamContext) =>
            this.onProviderOf(byProvider, modelId, route, request, context, (chosen) => {
              adapter = chosen;
            })
        : (context: StreamContext) => servedBy(route, route.stream(request, context), model);
    const started = Date.now();
    const call = ModelCallSpan.start(request, this.pricing);
    return guardStream(call ? (context) => call.watch(() => open(context)) : open, {
      timeoutMs: request.wholeReply ? this.timeouts.wholeReplyMs : this.timeouts.nextEventMs,
      signal: request.signal,
      toModelError: (error) => adapter.toModelError(error),
      onEnd: (outcome) => {
        const provider = providerOfAdapter(adapter);
        modelCalls.labels(provider, model, outcome instanceof Error ? 'error' : outcome).inc();
        if (outcome instanceof Error) modelErrors.labels(provider, model, outcome.name).inc();
        modelCallDuration.labels(provider, model).observe((Date.now() - started) / 1000);
        const line = `${request.audience} via ${adapter.name}: ${outcome instanceof Error ? outcome.name : outcome} in ${Date.now() - started} ms`;
        if (outcome instanceof Error) this.logger.warn(line);
        else this.logger.debug(line);
        call?.end(outcome);
      },
    });
  }

  onApplicationShutdown(): void {
    for (const adapter of new Set([...Object.values(this.routes), ...(this.byProvider?.adapters() ?? [])])) adapter.close?.();
  }

  /** Streams from the provider that lists the model (the catalogue's answer is cached), else from the route. */
  private async *onProviderOf(
    byProvider: ModelsByProvider,
    modelId: string,
    route: ModelAdapter,
    request: ModelRequest,
    context: StreamContext,
    chosen: (adapter: ModelAdapter) => void,
  ): AsyncGenerator<ModelEvent> {
    const provider = await byProvider.catalogue.providerOf(modelId);
    const adapter = provider ? byProvider.adapterFor(provider, modelId) : route;
    chosen(adapter);
    yield* servedBy(adapter, adapter.stream(request, context), modelId);
  }
}

/** The provider an adapter belongs to ('bedrock-agent' and 'bedrock-converse' are Bedrock's). */
export function providerOfAdapter(adapter: Pick<ModelAdapter, 'name'>): string {
  return adapter.name.startsWith('bedrock') ? 'bedrock' : adapter.name;
}

/** The adapter's events, its 'done' naming the provider that answered (the chat reports it) and counting the tokens. */
async function* servedBy(adapter: ModelAdapter, events: AsyncIterable<ModelEvent>, model: string): AsyncGenerator<ModelEvent> {
  const provider = providerOfAdapter(adapter);
  for await (const event of events) {
    if (event.type !== 'done') {
      yield event;
      continue;
    }
    if (event.usage) {
      modelTokens.labels(provider, model, 'input').inc(event.usage.inputTokens);
      modelTokens.labels(provider, model, 'output').inc(event.usage.outputTokens);
    }
    yield { ...event, provider };
  }
}

/** A stream that fails on its first read, as a provider's would. */
async function* notConfigured(): AsyncGenerator<ModelEvent> {
  throw new ModelNotConfiguredError();
}
