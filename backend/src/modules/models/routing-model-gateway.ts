import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { ModelAdapter } from './adapters/model-adapter';
import { guardStream } from './adapters/guarded-stream';
import {
  type ModelAudience,
  ModelError,
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

  async *stream(request: ModelRequest): AsyncGenerator<ModelEvent> {
    const adapter = this.routes[request.audience];
    if (!adapter) throw new ModelNotConfiguredError();
    const started = Date.now();
    let outcome = 'cancelled';
    let failed = false;
    try {
      for await (const event of guardStream((context) => adapter.stream(request, context), {
        timeoutMs: this.timeoutMs,
        signal: request.signal,
        toModelError: (error) => adapter.toModelError(error),
      })) {
        yield event;
        if (event.type === 'done') outcome = event.stopReason ?? 'done';
      }
      if (outcome === 'cancelled') outcome = 'done';
    } catch (error) {
      outcome = error instanceof ModelError ? error.name : 'Error';
      failed = true;
      throw error;
    } finally {
      const line = `${request.audience} via ${adapter.name}: ${outcome} in ${Date.now() - started} ms`;
      if (failed) this.logger.warn(line);
      else this.logger.debug(line);
    }
  }

  onApplicationShutdown(): void {
    for (const adapter of new Set(Object.values(this.routes))) adapter.close?.();
  }
}
