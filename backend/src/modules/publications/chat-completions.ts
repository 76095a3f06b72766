import type { KnowledgeSource } from '../knowledge/knowledge-sources';
import type { ChatTurn } from '../models/model-gateway';
import type { AgentCallRequest, AgentCallResult } from './agent-runner';
import type { ChatCompletionDto, ChatCompletionUsageDto } from './dto/protocols.dto';
import { InvalidMessagesError } from './publications.errors';

interface IncomingMessage {
  role?: unknown;
  content?: unknown;
}

/** The text of an OpenAI message's content: a string, or the text parts of a list. */
function textOf(content: unknown, index: number): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part: { type?: unknown; text?: unknown }) => {
        if (part && part.type === 'text' && typeof part.text === 'string') return part.text;
        throw new InvalidMessagesError(`messages[${index}].content: solo se admiten partes de tipo «text».`);
      })
      .join('');
  }
  throw new InvalidMessagesError(`messages[${index}].content debe ser un texto o una lista de partes «text».`);
}

/**
 * OpenAI's messages as a call to the agent: system (and developer) messages add to the agent's
 * instructions, earlier user and assistant messages are the history, and the last message must
 * be the user's question.
 */
export function agentCallOf(messages: unknown[]): AgentCallRequest {
  const instructions: string[] = [];
  const turns: ChatTurn[] = [];
  messages.forEach((raw, index) => {
    const message = (raw ?? {}) as IncomingMessage;
    if (typeof raw !== 'object' || raw === null) throw new InvalidMessagesError(`messages[${index}] debe ser un objeto { role, content }.`);
    const text = textOf(message.content, index);
    if (message.role === 'system' || message.role === 'developer') instructions.push(text);
    else if (message.role === 'user' || message.role === 'assistant') turns.push({ role: message.role, content: text });
    else throw new InvalidMessagesError(`messages[${index}].role debe ser «system», «developer», «user» o «assistant».`);
  });
  const last = turns.pop();
  if (!last || last.role !== 'user' || !last.content.trim()) {
    throw new InvalidMessagesError('messages debe terminar con un mensaje del usuario (role «user») que no esté vacío.');
  }
  return { input: last.content, history: turns, ...(instructions.length > 0 ? { instructions: instructions.join('\n\n') } : {}) };
}

export function completionId(requestId: string): string {
  return `chatcmpl-${requestId.replace(/^req_/, '')}`;
}

/**
 * A `chat.completion` object, as OpenAI answers without streaming; when the agent has documents,
 * `sources` beside OpenAI's fields (issue 32): its clients keep fields they do not know.
 */
export function completionOf(result: AgentCallResult, created: number): ChatCompletionDto {
  return {
    id: completionId(result.requestId),
    object: 'chat.completion',
    created,
    model: result.agentId,
    choices: [{ index: 0, message: { role: 'assistant', content: result.output, refusal: null }, logprobs: null, finish_reason: 'stop' }],
    usage: usageOf(result.usage),
    system_fingerprint: null,
    ...sourcesOf(result.sources),
  };
}

/** `{ sources }` when the agent's passages were given to the model; nothing otherwise (as invoke answers). */
function sourcesOf(sources: KnowledgeSource[] | undefined): { sources?: KnowledgeSource[] } {
  return sources && sources.length > 0 ? { sources } : {};
}

export function usageOf(usage: { inputTokens: number; outputTokens: number }): ChatCompletionUsageDto {
  return { prompt_tokens: usage.inputTokens, completion_tokens: usage.outputTokens, total_tokens: usage.inputTokens + usage.outputTokens };
}

/**
 * One `chat.completion.chunk`, as OpenAI streams them. The last one with a choice (its
 * finish_reason) carries the answer's `sources` when the agent has documents.
 */
export function chunkOf(
  id: string,
  created: number,
  model: string,
  delta: Record<string, unknown> | null,
  finishReason: 'stop' | null,
  extra: { usage?: ChatCompletionUsageDto; sources?: KnowledgeSource[] } = {},
) {
  return {
    id,
    object: 'chat.completion.chunk' as const,
    created,
    model,
    system_fingerprint: null,
    choices: delta === null ? [] : [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...(extra.usage ? { usage: extra.usage } : {}),
    ...sourcesOf(extra.sources),
  };
}
