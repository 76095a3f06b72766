import {
  type BedrockRuntimeClient,
  ConverseStreamCommand,
  type ConverseStreamCommandInput,
  type Message,
  type ToolInputSchema,
} from '@aws-sdk/client-bedrock-runtime';
import type { ChatTurn, ModelEvent, ModelRequest, ResponseSchema, TokenUsage } from '../model-gateway';
import { ModelProviderError } from '../model-gateway';
import { bedrockError } from './bedrock-errors';
import type { StreamContext } from './guarded-stream';
import type { ModelAdapter } from './model-adapter';

export const CONVERSE_MAX_TOKENS = 2048;

/**
 * Amazon Bedrock Runtime (ConverseStream): the caller's system prompt, the bounded history and
 * the new message, on the request's model (an agent's `modelConfig.modelId`) or the default one.
 */
export class BedrockConverseAdapter implements ModelAdapter {
  readonly name = 'bedrock-converse';

  constructor(
    private readonly client: BedrockRuntimeClient,
    private readonly options: {
      modelId: string;
      /** Used when the request brings none. */
      defaultSystemPrompt?: string;
      /** Whether the request's modelId is honoured (agent chats) or the configured one always used. */
      useRequestModel: boolean;
    },
  ) {}

  async *stream(request: ModelRequest, { signal, activity }: StreamContext): AsyncGenerator<ModelEvent> {
    const system = request.systemPrompt?.trim() || this.options.defaultSystemPrompt;
    const schema = request.responseSchema;
    const output = await this.client.send(
      new ConverseStreamCommand({
        modelId: (this.options.useRequestModel && request.modelId?.trim()) || this.options.modelId,
        system: system ? [{ text: system }] : undefined,
        messages: converseMessages(request.history, request.message),
        inferenceConfig: {
          maxTokens: request.maxTokens ?? CONVERSE_MAX_TOKENS,
          ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        },
        ...(schema ? structuredToolConfig(schema) : {}),
      }),
      { abortSignal: signal },
    );
    if (!output.stream) throw new ModelProviderError('EmptyResponse');

    let usage: TokenUsage | undefined;
    let stopReason: string | undefined;
    for await (const event of output.stream) {
      activity();
      if (event.contentBlockDelta) {
        // A structured reply arrives as the forced tool's input, in JSON pieces.
        const text = schema ? event.contentBlockDelta.delta?.toolUse?.input : event.contentBlockDelta.delta?.text;
        if (text) yield { type: 'delta', text };
      } else if (event.messageStop) {
        stopReason = event.messageStop.stopReason;
      } else if (event.metadata) {
        const reported = event.metadata.usage;
        if (reported) usage = { inputTokens: reported.inputTokens ?? 0, outputTokens: reported.outputTokens ?? 0 };
      } else {
        // The SDK throws modelled exception frames itself; this catches a member it hands back instead.
        const exception = Object.entries(event).find(([key, value]) => key.endsWith('Exception') && value);
        if (exception) throw exception[1] instanceof Error ? exception[1] : Object.assign(new Error(), { name: exception[0] });
      }
    }
    yield { type: 'done', usage, stopReason };
  }

  toModelError(error: unknown): Error {
    return bedrockError(error);
  }

  close(): void {
    this.client.destroy();
  }
}

/**
 * Converse has no JSON response mode: a structured reply is asked for as the input of one tool the
 * model must call, whose input schema is the reply's schema.
 */
function structuredToolConfig(schema: ResponseSchema): Pick<ConverseStreamCommandInput, 'toolConfig'> {
  return {
    toolConfig: {
      tools: [
        {
          toolSpec: {
            name: schema.name,
            description: schema.description,
            inputSchema: { json: schema.schema as ToolInputSchema.JsonMember['json'] },
          },
        },
      ],
      toolChoice: { tool: { name: schema.name } },
    },
  };
}

/**
 * Converse wants the conversation to start with the user and to alternate roles; stored
 * histories may not (a failed reply, a retried message). Empty turns are dropped and neighbours
 * with the same role are joined.
 */
export function converseMessages(history: ChatTurn[], message: string): Message[] {
  const messages: Message[] = [];
  for (const turn of [...history, { role: 'user' as const, content: message }]) {
    const text = turn.content;
    if (!text.trim()) continue;
    if (messages.length === 0 && turn.role !== 'user') continue;
    const last = messages[messages.length - 1];
    if (last && last.role === turn.role) {
      last.content = [{ text: `${last.content?.[0]?.text ?? ''}\n\n${text}` }];
    } else {
      messages.push({ role: turn.role, content: [{ text }] });
    }
  }
  return messages;
}
