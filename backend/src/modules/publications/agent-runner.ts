import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { attachmentsBlock } from '../attachments/attachment-search';
import { AttachmentsService } from '../attachments/attachments.service';
import { FilesService, type OwnedFile } from '../files/files.service';
import { KnowledgeService } from '../knowledge/knowledge.service';
import { type AnswerKnowledge, type KnowledgeSource, knowledgeBlock } from '../knowledge/knowledge-sources';
import { type ChatTurn, ModelError, ModelGateway, ModelNotConfiguredError, ModelProviderError, type ModelRequest } from '../models/model-gateway';
import { type ToolArguments, ToolLoop } from '../tool-calling/tool-loop';
import type { AgentTool } from '../tools/agent-toolbox';
import { MAX_INPUT_LENGTH } from './dto/publications.dto';
import { CallIdempotency } from './idempotency-key';
import { KeyQuotas } from './key-quotas';
import { KeySpend } from './key-spend';
import type { ResolvedKey } from './key-resolver';
import { CallTooLongError, IdempotentCallAnsweredError, IdempotentCallRunningError, ModelCallFailedError } from './publications.errors';
import { UsageMeter } from './usage-meter';

export interface AgentCallRequest {
  input: string;
  /** Earlier turns (the OpenAI-compatible call's messages), oldest first. */
  history?: ChatTurn[];
  /** Instructions the caller adds after the agent's own (an OpenAI system message). */
  instructions?: string;
  context?: Record<string, unknown>;
  fileIds?: string[];
  /** The client's Idempotency-Key: the call is charged once however often it is retried with it. */
  idempotencyKey?: string;
}

export type AgentCallEvent =
  | { type: 'start'; requestId: string; agentId: string; version: number | null }
  | { type: 'delta'; text: string }
  | { type: 'done'; result: AgentCallResult };

export interface AgentCallResult {
  output: string;
  agentId: string;
  version: number | null;
  usage: { inputTokens: number; outputTokens: number };
  requestId: string;
  /**
   * When the agent has documents or the call sends some (fileIds): the passages the model was
   * given, with their document (a file's id and name for the call's own) and page (issue 32).
   */
  sources?: KnowledgeSource[];
  /** The tools the agent used (issue 33), each with its arguments and result. */
  toolCalls?: AgentCallToolCall[];
}

export interface AgentCallToolCall {
  tool: string;
  arguments: ToolArguments;
  ok: boolean;
  output: string;
}

/**
 * Runs a published agent for a call with a key: its pinned (or current) prompt version, its
 * model, the caller's context and files. Each run is metered against the key (requests at once,
 * tokens, errors and latency when it ends); its tokens count against the key's token quota
 * (CallAdmission reserved the call before).
 */
@Injectable()
export class AgentRunner {
  private readonly logger = new Logger('Publications');

  constructor(
    private readonly gateway: ModelGateway,
    private readonly files: FilesService,
    private readonly meter: UsageMeter,
    private readonly quotas: KeyQuotas,
    private readonly spend: KeySpend,
    private readonly knowledge: KnowledgeService,
    private readonly attachments: AttachmentsService,
    private readonly toolLoop: ToolLoop,
    private readonly idempotency: CallIdempotency,
  ) {}

  /**
   * Checks what can fail before the model is asked (length, configuration, files), so that those
   * errors are plain HTTP answers; then `stream` asks the model.
   */
  async prepare(key: ResolvedKey, request: AgentCallRequest): Promise<PreparedCall> {
    if (lengthOf(request) > MAX_INPUT_LENGTH) throw new CallTooLongError(MAX_INPUT_LENGTH);
    if (!this.gateway.isConfigured('agent')) throw new ModelNotConfiguredError('user');
    const agent = key.agent as NonNullable<ResolvedKey['agent']>;
    const [attached, knowledge, tools] = await Promise.all([
      this.attachments.forCall(key.owner, request.fileIds ?? [], request.input),
      this.knowledgeFor(agent.id, request.input),
      // With tools and documents, the documents' search is one more tool.
      this.toolLoop.toolsFor(agent.id),
    ]);
    const images = await this.imageLinks(key, attached.images);
    const sources = [...(knowledge?.sources ?? []), ...(attached.knowledge?.sources ?? [])];
    return {
      key,
      request,
      systemPrompt: systemPromptOf(key, request, images, knowledge, attached.knowledge),
      requestId: `req_${randomUUID().replaceAll('-', '')}`,
      ...(sources.length > 0 ? { sources } : {}),
      ...(tools.length > 0 ? { tools } : {}),
    };
  }

  /**
   * A call refused after its key was recognised (a malformed body, a file it may not read, no
   * model): one request and one error of the key. Past the limits (429) or the spending cap (402),
   * or for a retry of a call answered or running (409), nothing is counted, and a run's own failure
   * was counted by the run.
   */
  meterRefusal(key: ResolvedKey, error: unknown, latencyMs: number): void {
    const status = (error as { status?: unknown })?.status;
    if (METERED.has(error as object) || status === 429 || status === 402 || error instanceof IdempotentCallAnsweredError || error instanceof IdempotentCallRunningError) return;
    this.meter.begin(key.keyId);
    this.meter.end(key.keyId, key.publicationId, { failed: true, inputTokens: 0, outputTokens: 0, latencyMs });
  }

  /**
   * Claims the call's Idempotency-Key (CallIdempotency) before its answer begins, so that a retry
   * is refused with a plain 409 on a stream too; `stream` claims it itself if it was not.
   */
  async claim(call: PreparedCall): Promise<void> {
    const { idempotencyKey } = call.request;
    if (!idempotencyKey || CLAIMED.has(call)) return;
    await this.idempotency.claim(call.key.keyId, idempotencyKey, this.meter.holder);
    CLAIMED.add(call);
  }

  /** The answer as it comes; `wholeReply` when the caller only reads the end (see ModelRequest). */
  async *stream(call: PreparedCall, signal: AbortSignal, wholeReply = false): AsyncGenerator<AgentCallEvent> {
    const { key } = call;
    const agent = key.agent as NonNullable<ResolvedKey['agent']>;
    const version = key.prompt?.version ?? null;
    const started = performance.now();
    const { idempotencyKey } = call.request;
    await this.claim(call);
    this.meter.begin(key.keyId);
    let output = '';
    let usage = { inputTokens: 0, outputTokens: 0 };
    let failed = true;
    let metered = false;
    try {
      yield { type: 'start', requestId: call.requestId, agentId: agent.id, version };
      const request: ModelRequest = {
        audience: 'agent',
        sessionId: call.requestId,
        message: call.request.input,
        history: call.request.history ?? [],
        systemPrompt: call.systemPrompt,
        modelId: agent.modelId ?? undefined,
        ...agent.inference,
        wholeReply,
        signal,
      };
      let toolCalls: AgentCallToolCall[] | undefined;
      if (call.tools) {
        // With tools, the loop (issue 33): nobody can confirm a call here, so the key decides.
        for await (const event of this.toolLoop.run({ agentId: agent.id, request, tools: call.tools, policy: key.allowConfirmedTools ? 'allow' : 'refuse', signal })) {
          if (event.type === 'delta') {
            output += event.text;
            yield { type: 'delta', text: event.text };
          } else if (event.type === 'done') {
            usage = { ...event.state.usage };
            toolCalls = event.state.records.map((record) => ({ tool: record.tool, arguments: record.arguments, ok: record.ok ?? false, output: record.output ?? '' }));
          }
        }
      } else {
        for await (const event of this.gateway.stream(request)) {
          if (event.type === 'delta') {
            output += event.text;
            yield { type: 'delta', text: event.text };
          } else if (event.type === 'done' && event.usage) {
            usage = { inputTokens: event.usage.inputTokens, outputTokens: event.usage.outputTokens };
          }
        }
      }
      failed = false;
      // Metered before the answer is complete: a process killed once it is out has journaled it.
      this.meter.end(key.keyId, key.publicationId, { failed, ...usage, latencyMs: performance.now() - started, idempotencyKey });
      metered = true;
      // Before the answer (only for calls that send the header): a retry once it is out is told it was answered.
      if (idempotencyKey) await this.idempotency.markAnswered(key.keyId, idempotencyKey).catch((error: unknown) => this.logger.warn(`No se pudo anotar la respuesta de la Idempotency-Key de la clave ${key.keyId}: ${String(error)}`));
      yield {
        type: 'done',
        result: {
          output,
          agentId: agent.id,
          version,
          usage,
          requestId: call.requestId,
          ...(call.sources ? { sources: call.sources } : {}),
          ...(toolCalls && toolCalls.length > 0 ? { toolCalls } : {}),
        },
      };
    } catch (error) {
      const failure = this.toModelError(error);
      METERED.add(failure);
      throw failure;
    } finally {
      if (!metered) {
        this.meter.end(key.keyId, key.publicationId, { failed, ...usage, latencyMs: performance.now() - started });
        // Not answered: the client's retry with the same Idempotency-Key runs.
        if (idempotencyKey) this.idempotency.release(key.keyId, idempotencyKey).catch((error: unknown) => this.logger.warn(`No se pudo liberar la Idempotency-Key de la clave ${key.keyId}: ${String(error)}`));
      }
      this.spend.record(key, { failed, ...usage });
      await this.quotas.spend(key, usage.inputTokens + usage.outputTokens).catch((error: unknown) => {
        this.logger.warn(`No se pudieron anotar los tokens de la clave ${key.keyId} en su cuota: ${String(error)}`);
      });
    }
  }

  /** The whole answer at once. */
  async run(call: PreparedCall, signal: AbortSignal): Promise<AgentCallResult> {
    for await (const event of this.stream(call, signal, true)) {
      if (event.type === 'done') return event.result;
    }
    throw new ModelProviderError();
  }

  /**
   * Signed links to the images among the call's files (a model may fetch them); the documents are
   * read instead (AttachmentsService.forCall, which also checked that the owner may use them all).
   */
  private async imageLinks(key: ResolvedKey, images: readonly OwnedFile[]): Promise<{ fileId: string; url: string }[]> {
    return Promise.all(images.map(async (file) => ({ fileId: file.id, url: (await this.files.signedUrl(key.owner, file.id)).url })));
  }

  /** The agent's passages for the input; a failed look-up answers without them rather than not at all. */
  private knowledgeFor(agentId: string, input: string): Promise<AnswerKnowledge | null> {
    return this.knowledge.forAnswer(agentId, input).catch((error: unknown) => {
      this.logger.error(`No se pudieron buscar los documentos del agente ${agentId}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return null;
    });
  }

  /** The gateway's error in words for an API caller (its texts speak of a chat whose message was kept). */
  private toModelError(error: unknown): Error {
    if (error instanceof ModelError) return new ModelCallFailedError(error.status, error.message.replace(/ Tu mensaje se ha guardado: puedes reenviarlo\.$/, '').replace(/ y reenvía tu mensaje\.$/, ' y vuelve a intentarlo.'));
    this.logger.error(`Error inesperado del modelo: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return new ModelCallFailedError(502, new ModelProviderError().message.replace(/ Tu mensaje se ha guardado: puedes reenviarlo\.$/, ''));
  }
}

/** Errors a run has counted already. */
const METERED = new WeakSet<object>();
/** Calls whose Idempotency-Key is claimed. */
const CLAIMED = new WeakSet<PreparedCall>();

export interface PreparedCall {
  key: ResolvedKey;
  request: AgentCallRequest;
  systemPrompt: string;
  requestId: string;
  sources?: KnowledgeSource[];
  /** The agent's tools (issue 33): with some, the call runs the tool-calling loop. */
  tools?: AgentTool[];
}

/**
 * What the caller gives the model to read, whichever the route: the input, the context, the
 * earlier messages and the added instructions, together (one limit for invoke, chat completions
 * and MCP).
 */
function lengthOf(request: AgentCallRequest): number {
  const context = request.context && Object.keys(request.context).length > 0 ? JSON.stringify(request.context).length : 0;
  const history = (request.history ?? []).reduce((sum, turn) => sum + turn.content.length, 0);
  return request.input.length + context + history + (request.instructions?.length ?? 0);
}

function systemPromptOf(
  key: ResolvedKey,
  request: AgentCallRequest,
  attachments: { fileId: string; url: string }[],
  knowledge: AnswerKnowledge | null,
  attached: AnswerKnowledge | null,
): string {
  const agent = key.agent as NonNullable<ResolvedKey['agent']>;
  const parts = [key.prompt?.text ?? `Eres ${agent.name}. ${agent.description}\nResponde siempre en español.`];
  if (request.instructions) parts.push(request.instructions);
  if (request.context && Object.keys(request.context).length > 0) {
    parts.push(`Contexto que envía la aplicación que te llama (JSON):\n${JSON.stringify(request.context)}`);
  }
  if (attachments.length > 0) {
    parts.push(`Archivos adjuntos (enlaces firmados, válidos una hora):\n${attachments.map((file) => `- ${file.fileId}: ${file.url}`).join('\n')}`);
  }
  // Last, after every instruction: the agent's passages, then those of the call's documents,
  // quoted as data with their source.
  if (knowledge) parts.push(knowledgeBlock(knowledge.passages));
  if (attached) parts.push(attachmentsBlock(attached.passages, (knowledge?.passages.length ?? 0) + 1));
  return parts.join('\n\n');
}
