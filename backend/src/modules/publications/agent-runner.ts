import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { FilesService } from '../files/files.service';
import { type ChatTurn, ModelError, ModelGateway, ModelNotConfiguredError, ModelProviderError } from '../models/model-gateway';
import type { ResolvedKey } from './key-resolver';
import { ModelCallFailedError, MonthlyQuotaExceededError } from './publications.errors';
import { UsageMeter } from './usage-meter';

export interface AgentCallRequest {
  input: string;
  /** Earlier turns (the OpenAI-compatible call's messages), oldest first. */
  history?: ChatTurn[];
  /** Instructions the caller adds after the agent's own (an OpenAI system message). */
  instructions?: string;
  context?: Record<string, unknown>;
  fileIds?: string[];
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
}

/**
 * Runs a published agent for a call with a key: its pinned (or current) prompt version, its
 * model, the caller's context and files. Each run is metered against the key (requests at once,
 * tokens, errors and latency when it ends) and checked against the key's monthly quotas.
 */
@Injectable()
export class AgentRunner {
  private readonly logger = new Logger('Publications');

  constructor(
    private readonly gateway: ModelGateway,
    private readonly files: FilesService,
    private readonly meter: UsageMeter,
  ) {}

  /** Refuses the call when the key's month is used up (429). */
  async assertQuota(key: ResolvedKey): Promise<void> {
    if (key.monthlyRequestQuota === null && key.monthlyTokenQuota === null) return;
    const used = await this.meter.monthTotals(key.keyId);
    if (key.monthlyRequestQuota !== null && used.requests >= key.monthlyRequestQuota) {
      throw new MonthlyQuotaExceededError('requests', key.monthlyRequestQuota);
    }
    if (key.monthlyTokenQuota !== null && used.tokens >= key.monthlyTokenQuota) {
      throw new MonthlyQuotaExceededError('tokens', key.monthlyTokenQuota);
    }
  }

  /**
   * Checks what can fail before the model is asked (quota, files, configuration), so that those
   * errors are plain HTTP answers; then `stream` asks the model.
   */
  async prepare(key: ResolvedKey, request: AgentCallRequest): Promise<PreparedCall> {
    await this.assertQuota(key);
    if (!this.gateway.isConfigured('agent')) throw new ModelNotConfiguredError('user');
    const attachments = await this.attachments(key, request.fileIds ?? []);
    return { key, request, systemPrompt: systemPromptOf(key, request, attachments), requestId: `req_${randomUUID().replaceAll('-', '')}` };
  }

  /**
   * A call refused after its key was recognised (a malformed body, a file it may not read, no
   * model): one request and one error of the key. Past the limits (429) nothing is counted, and
   * a run's own failure was counted by the run.
   */
  meterRefusal(key: ResolvedKey, error: unknown, latencyMs: number): void {
    if (METERED.has(error as object) || (error as { status?: unknown })?.status === 429) return;
    this.meter.begin(key.keyId, key.publicationId);
    this.meter.end(key.keyId, key.publicationId, { failed: true, inputTokens: 0, outputTokens: 0, latencyMs });
  }

  /** The answer as it comes; `wholeReply` when the caller only reads the end (see ModelRequest). */
  async *stream(call: PreparedCall, signal: AbortSignal, wholeReply = false): AsyncGenerator<AgentCallEvent> {
    const { key } = call;
    const agent = key.agent as NonNullable<ResolvedKey['agent']>;
    const version = key.prompt?.version ?? null;
    const started = performance.now();
    this.meter.begin(key.keyId, key.publicationId);
    let output = '';
    let usage = { inputTokens: 0, outputTokens: 0 };
    let failed = true;
    try {
      yield { type: 'start', requestId: call.requestId, agentId: agent.id, version };
      const events = this.gateway.stream({
        audience: 'agent',
        sessionId: call.requestId,
        message: call.request.input,
        history: call.request.history ?? [],
        systemPrompt: call.systemPrompt,
        modelId: agent.modelId ?? undefined,
        wholeReply,
        signal,
      });
      for await (const event of events) {
        if (event.type === 'delta') {
          output += event.text;
          yield { type: 'delta', text: event.text };
        } else if (event.usage) {
          usage = { inputTokens: event.usage.inputTokens, outputTokens: event.usage.outputTokens };
        }
      }
      failed = false;
      yield { type: 'done', result: { output, agentId: agent.id, version, usage, requestId: call.requestId } };
    } catch (error) {
      const failure = this.toModelError(error);
      METERED.add(failure);
      throw failure;
    } finally {
      this.meter.end(key.keyId, key.publicationId, { failed, ...usage, latencyMs: performance.now() - started });
    }
  }

  /** The whole answer at once. */
  async run(call: PreparedCall, signal: AbortSignal): Promise<AgentCallResult> {
    for await (const event of this.stream(call, signal, true)) {
      if (event.type === 'done') return event.result;
    }
    throw new ModelProviderError();
  }

  /** Signed links to the owner's files: the call may only name files the owner may read (404 otherwise). */
  private async attachments(key: ResolvedKey, fileIds: string[]): Promise<{ fileId: string; url: string }[]> {
    const unique = [...new Set(fileIds)];
    return Promise.all(unique.map(async (fileId) => ({ fileId, url: (await this.files.signedUrl(key.owner, fileId)).url })));
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

export interface PreparedCall {
  key: ResolvedKey;
  request: AgentCallRequest;
  systemPrompt: string;
  requestId: string;
}

function systemPromptOf(key: ResolvedKey, request: AgentCallRequest, attachments: { fileId: string; url: string }[]): string {
  const agent = key.agent as NonNullable<ResolvedKey['agent']>;
  const parts = [key.prompt?.text ?? `Eres ${agent.name}. ${agent.description}\nResponde siempre en español.`];
  if (request.instructions) parts.push(request.instructions);
  if (request.context && Object.keys(request.context).length > 0) {
    parts.push(`Contexto que envía la aplicación que te llama (JSON):\n${JSON.stringify(request.context)}`);
  }
  if (attachments.length > 0) {
    parts.push(`Archivos adjuntos (enlaces firmados, válidos una hora):\n${attachments.map((file) => `- ${file.fileId}: ${file.url}`).join('\n')}`);
  }
  return parts.join('\n\n');
}
