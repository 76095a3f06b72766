import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { ModelAdapter } from './adapters/model-adapter';
import { guardStream } from './adapters/guarded-stream';
import {
  type ModelAudience,
  type ModelEvent,
  ModelGateway,
  ModelNotConfiguredError,
  type ModelRequest,
} from './model-gateway';

export type ModelRoutes = Partial<Record<ModelAudience, ModelAdapter>>;

/**
 * The gateway the app uses: one adapter per audience (chosen from the configuration), each call
 * under the time-out and the caller's signal. Logs name the audience, adapter, outcome and
 * duration, never what was said.
 */
export class RoutingModelGateway extends ModelGateway implements OnApplicationShutdown {
  private readonly logger = new Logger('Models');

  constructor(
    private readonly routes: ModelRoutes,
    private readonly timeoutMs: number,
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
    const adapter = this.routes[request.audience];
    if (!adapter) return notConfigured();
    const started = Date.now();
    return guardStream((context) => adapter.stream(request, context), {
      timeoutMs: this.timeoutMs,
      signal: request.signal,
      toModelError: (error) => adapter.toModelError(error),
      onEnd: (outcome) => {
        const line = `${request.audience} via ${adapter.name}: ${outcome instanceof Error ? outcome.name : outcome} in ${Date.now() - started} ms`;
        if (outcome instanceof Error) this.logger.warn(line);
        else this.logger.debug(line);
      },
    });
  }

  onApplicationShutdown(): void {
    for (const adapter of new Set(Object.values(this.routes))) adapter.close?.();
  }
}

/** A stream that fails on its first read, as a provider's would. */
async function* notConfigured(): AsyncGenerator<ModelEvent> {
  throw new ModelNotConfiguredError();
}
