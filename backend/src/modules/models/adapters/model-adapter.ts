import type { ModelEvent, ModelRequest } from '../model-gateway';
import type { StreamContext } from './guarded-stream';

/** One provider's way of answering; the gateway picks one per audience. */
export interface ModelAdapter {
  /** A short name for logs and health ('bedrock-agent', 'bedrock-converse', 'openai-compatible'). */
  readonly name: string;
  /** Streams the reply; the gateway's guard adds the time-out, cancellation and error mapping. */
  stream(request: ModelRequest, context: StreamContext): AsyncIterable<ModelEvent>;
  /** Maps what this provider threw into a ModelError (Spanish, user-safe). */
  toModelError(error: unknown): Error;
  close?(): void;
}
