import { type BedrockAgentRuntimeClient, InvokeAgentCommand } from '@aws-sdk/client-bedrock-agent-runtime';
import type { BedrockAgentRef } from '../../../config/app-config';
import { type ModelEvent, ModelProviderError, type ModelRequest } from '../model-gateway';
import { bedrockError } from './bedrock-errors';
import type { StreamContext } from './guarded-stream';
import type { ModelAdapter } from './model-adapter';

/**
 * Amazon Bedrock Agent Runtime (InvokeAgent): the agent keeps the conversation by session id and
 * has its own instructions, so only the new message is sent (no history, no system prompt).
 */
export class BedrockAgentAdapter implements ModelAdapter {
  readonly name = 'bedrock-agent';

  constructor(
    private readonly client: BedrockAgentRuntimeClient,
    private readonly agent: BedrockAgentRef,
  ) {}

  async *stream(request: ModelRequest, { signal, activity }: StreamContext): AsyncGenerator<ModelEvent> {
    const output = await this.client.send(
      new InvokeAgentCommand({
        agentId: this.agent.agentId,
        agentAliasId: this.agent.aliasId,
        sessionId: agentSessionId(request.sessionId),
        inputText: request.message,
        enableTrace: false,
      }),
      { abortSignal: signal },
    );
    if (!output.completion) throw new ModelProviderError('EmptyResponse');

    // A chunk may end inside a multi-byte character; the streaming decoder carries it over.
    const decoder = new TextDecoder('utf-8');
    for await (const event of output.completion) {
      activity();
      if (event.chunk?.bytes) {
        const text = decoder.decode(event.chunk.bytes, { stream: true });
        if (text) yield { type: 'delta', text };
        continue;
      }
      const exception = Object.entries(event).find(([key, value]) => key.endsWith('Exception') && value);
      if (exception) throw exception[1] instanceof Error ? exception[1] : Object.assign(new Error(), { name: exception[0] });
    }
    const rest = decoder.decode();
    if (rest) yield { type: 'delta', text: rest };
    yield { type: 'done', stopReason: 'end_turn' };
  }

  toModelError(error: unknown): Error {
    return bedrockError(error);
  }

  close(): void {
    this.client.destroy();
  }
}

/** InvokeAgent's session id: 2 to 100 of [0-9a-zA-Z._:-]. Conversation ids (UUIDs) already are. */
export function agentSessionId(sessionId: string): string {
  const safe = sessionId.replace(/[^0-9a-zA-Z._:-]/g, '-').slice(0, 100);
  return safe.length >= 2 ? safe : `s-${safe}`;
}
