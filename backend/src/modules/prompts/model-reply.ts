import { randomUUID } from 'node:crypto';
import type { ModelGateway } from '../models/model-gateway';

export interface OneShotRequest {
  systemPrompt: string;
  message: string;
  modelId?: string;
  signal?: AbortSignal;
}

/** A single question to the model, with no history, answered as the whole streamed text. */
export async function askModel(gateway: ModelGateway, request: OneShotRequest): Promise<string> {
  let text = '';
  const stream = gateway.stream({
    audience: 'agent',
    sessionId: randomUUID(),
    history: [],
    message: request.message,
    systemPrompt: request.systemPrompt,
    modelId: request.modelId,
    signal: request.signal,
  });
  for await (const event of stream) {
    if (event.type === 'delta') text += event.text;
  }
  return text;
}
