import {
  type BedrockRuntimeClient,
  ConverseStreamCommand,
  type ConverseStreamCommandInput,
  type ContentBlock,
  type Message,
  type ToolInputSchema,
} from '@aws-sdk/client-bedrock-runtime';
import type { DocumentType } from '@smithy/types';
import type { ChatTurn, ModelEvent, ModelRequest, ModelTool, ResponseSchema, TokenUsage, ToolTurn } from '../model-gateway';
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
        messages: [...converseMessages(request.history, request.message), ...converseToolTurns(request.toolTurns ?? [])],
        inferenceConfig: {
          maxTokens: request.maxTokens ?? CONVERSE_MAX_TOKENS,
          ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        },
        ...(schema ? structuredToolConfig(schema) : request.tools && request.tools.length > 0 ? toolConfig(request.tools) : {}),
      }),
      { abortSignal: signal },
    );
    if (!output.stream) throw new ModelProviderError('EmptyResponse');

    let usage: TokenUsage | undefined;
    let stopReason: string | undefined;
    // The tool uses being written, by content block: their id and name first, then their input's JSON in pieces.
    const toolUses = new Map<number, { id: string; name: string; input: string }>();
    const calls: { id: string; name: string; input: string }[] = [];
    for await (const event of output.stream) {
      activity();
      if (event.contentBlockStart) {
        const start = event.contentBlockStart.start?.toolUse;
        if (start && !schema) toolUses.set(event.contentBlockStart.contentBlockIndex ?? 0, { id: start.toolUseId ?? '', name: start.name ?? '', input: '' });
      } else if (event.contentBlockDelta) {
        const index = event.contentBlockDelta.contentBlockIndex ?? 0;
        const toolUse = toolUses.get(index);
        if (toolUse) {
          toolUse.input += event.contentBlockDelta.delta?.toolUse?.input ?? '';
        } else {
          // A structured reply arrives as the forced tool's input, in JSON pieces.
          const text = schema ? event.contentBlockDelta.delta?.toolUse?.input : event.contentBlockDelta.delta?.text;
          if (text) yield { type: 'delta', text };
        }
      } else if (event.contentBlockStop) {
        const index = event.contentBlockStop.contentBlockIndex ?? 0;
        const toolUse = toolUses.get(index);
        if (toolUse) {
          toolUses.delete(index);
          calls.push(toolUse);
        }
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
    // A block the stream never closed still counts (its input may be whole).
    calls.push(...toolUses.values());
    for (const call of calls) {
      if (call.name) yield { type: 'tool_call', call: { id: call.id, name: call.name, arguments: call.input } };
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

/** The tools offered to the model, as Converse's toolConfig (the model chooses whether to call one). */
function toolConfig(tools: ModelTool[]): Pick<ConverseStreamCommandInput, 'toolConfig'> {
  return {
    toolConfig: {
      tools: tools.map((tool) => ({
        toolSpec: { name: tool.name, description: tool.description || tool.name, inputSchema: { json: tool.inputSchema as ToolInputSchema.JsonMember['json'] } },
      })),
    },
  };
}

/**
 * The turn's tool rounds: the assistant's text and toolUse blocks, then a user message with one
 * toolResult per call (Converse wants the input as a JSON object: arguments that are not one go as
 * an empty object).
 */
export function converseToolTurns(turns: ToolTurn[]): Message[] {
  const messages: Message[] = [];
  for (const turn of turns) {
    const content: ContentBlock[] = [];
    if (turn.text?.trim()) content.push({ text: turn.text });
    for (const call of turn.calls) content.push({ toolUse: { toolUseId: call.id, name: call.name, input: jsonObject(call.arguments) } });
    messages.push({ role: 'assistant', content });
    messages.push({
      role: 'user',
      content: turn.results.map((result) => ({
        toolResult: { toolUseId: result.callId, content: [{ text: result.output || '(vacío)' }], status: result.ok ? 'success' : 'error' },
      })),
    });
  }
  return messages;
}

function jsonObject(text: string): DocumentType {
  try {
    const value: unknown = JSON.parse(text || '{}');
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as DocumentType) : {};
  } catch {
    return {};
  }
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
