import { EventEmitter } from 'node:events';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, IsNull, LessThan, Repository } from 'typeorm';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { addSpanEvent, contextOf, inSpan, type TraceHeaders } from '../../common/telemetry/tracing';
import { AgentsService } from '../agents/agents.service';
import { ConversationsService } from '../conversations/conversations.service';
import type { Conversation } from '../conversations/entities/conversation.entity';
import { EcosystemReplies } from '../conversations/ecosystem-replies';
import type { AnswerKnowledge } from '../knowledge/knowledge-sources';
import { KnowledgeService } from '../knowledge/knowledge.service';
import { ModelGateway, type ModelRequest, type TokenUsage } from '../models/model-gateway';
import { CollaborationSession, sessionColumns } from './entities/collaboration-session.entity';
import { CollaborationQueue, SessionExecutor } from './queue/collaboration-queue';
import { DEFAULT_AGENT_TIMEOUT_MS, runCollaboration, teamPresentation } from './run/collaboration-run';
import { type ToolCallRecord, ToolLoop } from '../tool-calling/tool-loop';
import { emptyRunState, type LogEntry, type RunAgent, type RunState } from './run/run-types';

/** The runner writes its heartbeat this often while a session runs… */
export const HEARTBEAT_MS = 5_000;
/** …and a session whose heartbeat is older than this is one whose instance died. */
export const STALE_AFTER_MS = 60_000;
/** A session is started at most twice: once, and once more after its instance died. */
export const MAX_ATTEMPTS = 2;
export const RUNNER_DIED_MESSAGE = 'La instancia que ejecutaba la colaboración se ha detenido y no se ha podido reanudar.';

/** Options a deployment (or a test) may change. */
export const COLLABORATION_RUN_OPTIONS = Symbol('COLLABORATION_RUN_OPTIONS');
export interface CollaborationRunOptions {
  agentTimeoutMs?: number;
  /** On BullMQ: how long a worker's hold on a session's job lasts unrenewed, and so how soon a dead worker's job runs elsewhere. */
  queueLockMs?: number;
}

/** What the event stream hears about a session on this instance (other instances' runs are read from the database). */
export type SessionSignal = { type: 'step'; entry: LogEntry } | { type: 'finished' };

/**
 * Runs stored sessions (the queue's executor): reads the agents' current prompts, runs the
 * collaboration, stores every step as it happens and, at the end, the answer in the session's
 * conversation. Cancel aborts a run on this instance at once; a run on another instance sees the
 * cancelled row at its next heartbeat. On start-up and every minute, sessions whose runner died are
 * started once more, or marked failed: none is left 'processing'.
 */
@Injectable()
export class SessionRunner extends SessionExecutor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Collaboration');
  private readonly running = new Map<string, AbortController>();
  private readonly signals = new EventEmitter();
  private recovery?: NodeJS.Timeout;
  private queue?: CollaborationQueue;

  constructor(
    @InjectRepository(CollaborationSession) private readonly sessions: Repository<CollaborationSession>,
    private readonly agents: AgentsService,
    private readonly conversations: ConversationsService,
    private readonly ecosystemReplies: EcosystemReplies,
    private readonly gateway: ModelGateway,
    private readonly knowledge: KnowledgeService,
    private readonly toolLoop: ToolLoop,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(COLLABORATION_RUN_OPTIONS) private readonly options: CollaborationRunOptions = {},
  ) {
    super();
    this.signals.setMaxListeners(0);
  }

  /**
   * An agent's task answered with its tools (issue 33), or null without tools. Nobody is there to
   * confirm a call: a tool marked 'Pide confirmación' is refused, and the model told so.
   */
  private async answerWithTools(agentId: string, request: ModelRequest): Promise<{ text: string; usage?: TokenUsage; toolCalls: ToolCallRecord[] } | null> {
    const tools = await this.toolLoop.toolsFor(agentId);
    if (tools.length === 0) return null;
    let result: { text: string; usage?: TokenUsage; toolCalls: ToolCallRecord[] } = { text: '', toolCalls: [] };
    for await (const event of this.toolLoop.run({ agentId, request, tools, policy: 'refuse', signal: request.signal ?? new AbortController().signal })) {
      if (event.type === 'done') result = { text: event.state.text, usage: event.state.usage, toolCalls: event.state.records };
    }
    return result;
  }

  /** The queue is created after the runner (it needs it); it tells the runner itself. */
  attachQueue(queue: CollaborationQueue): void {
    this.queue = queue;
  }

  onApplicationBootstrap(): void {
    void this.recoverStale().catch((error: unknown) => this.logger.warn(`Recuperación de sesiones: ${String(error)}`));
    this.recovery = setInterval(() => void this.recoverStale().catch(() => undefined), STALE_AFTER_MS);
    this.recovery.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.recovery);
    // Runs in flight are left 'processing': another instance (or this one's next start) takes them up.
    for (const controller of this.running.values()) controller.abort();
  }

  /** Listens to a session's steps on this instance; returns the unsubscribe. */
  listen(sessionId: string, listener: (signal: SessionSignal) => void): () => void {
    this.signals.on(sessionId, listener);
    return () => this.signals.off(sessionId, listener);
  }

  /** Aborts the run of this session if it runs here. */
  abortLocal(sessionId: string): void {
    this.running.get(sessionId)?.abort();
  }

  /** Runs a session as one span, under the trace of the request that queued it: its steps, model and tool calls are inside. */
  execute(sessionId: string, trace?: TraceHeaders): Promise<void> {
    return inSpan('collaboration.session', { 'nova.collaboration.session_id': sessionId }, () => this.run(sessionId), contextOf(trace));
  }

  private async run(sessionId: string): Promise<void> {
    const row = await this.sessions.findOneBy({ id: sessionId });
    if (!row || row.status !== 'processing' || this.running.has(sessionId)) return;
    if (row.attempts >= MAX_ATTEMPTS) {
      await this.failDead(row);
      return;
    }
    const claimed = await this.sessions.update({ id: sessionId, status: 'processing', attempts: row.attempts }, { attempts: row.attempts + 1, heartbeatAt: new Date() });
    if (!claimed.affected) return;

    const controller = new AbortController();
    this.running.set(sessionId, controller);
    const heartbeat = setInterval(() => {
      this.sessions
        .update({ id: sessionId, status: 'processing' }, { heartbeatAt: new Date() })
        .then((result) => {
          if (!result.affected) controller.abort();
        })
        .catch(() => undefined);
    }, HEARTBEAT_MS);
    heartbeat.unref();

    let saving = Promise.resolve();
    const save = (state: RunState) => {
      saving = saving.then(async () => {
        const result = await this.sessions.update({ id: sessionId, status: 'processing' }, sessionColumns(this.columnsOf(state, false)));
        // Cancelled (on any instance) in the meantime.
        if (!result.affected) controller.abort();
      });
      return saving.catch(() => undefined);
    };

    try {
      const team = await this.teamOf(row);
      const state = await runCollaboration(team, row.query, emptyRunState(), {
        gateway: this.gateway,
        sessionId,
        signal: controller.signal,
        agentTimeoutMs: this.options.agentTimeoutMs ?? DEFAULT_AGENT_TIMEOUT_MS,
        plan: row.plan ?? undefined,
        prices: this.config.models.prices,
        defaultModelId: this.config.models.provider === 'openai-compatible' ? this.config.models.openAi?.model : this.config.models.bedrock.modelId,
        knowledge: (agentId, question) => this.knowledgeFor(sessionId, agentId, question),
        answerWithTools: (agentId, request) => this.answerWithTools(agentId, request),
        onStep: async (entry, current) => {
          addSpanEvent(`collaboration.${entry.type}`, { 'nova.collaboration.step': entry.seq });
          if (entry.type !== 'completed' && entry.type !== 'failed' && entry.type !== 'cancelled') await save(current);
          if (entry.type === 'agent-response') await this.recordEcosystemReply(row, entry);
          this.signals.emit(sessionId, { type: 'step', entry } satisfies SessionSignal);
        },
      });
      await saving.catch(() => undefined);
      if (state.status !== 'cancelled') {
        // Read before the transaction: on SQLite, a read outside it waits until it ends.
        const conversation = await this.conversationOf(row);
        // One transaction: whoever reads the session finished (the pack's chat reloads the
        // conversation then) finds the answer in its conversation.
        await this.sessions.manager.transaction(async (manager) => {
          const result = await manager.getRepository(CollaborationSession).update({ id: sessionId, status: 'processing' }, sessionColumns(this.columnsOf(state, true)));
          if (result.affected && conversation) await this.answerInConversation(conversation, row, state, manager);
        });
      }
      // Cancelled: the cancel stored it. A shutdown aborts too: the row stays 'processing' and its
      // heartbeat goes stale, so that another runner takes it up.
    } catch (error) {
      this.logger.error(`La sesión ${sessionId} ha fallado: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      await this.sessions.update(
        { id: sessionId, status: 'processing' },
        { status: 'failed', error: error instanceof Error ? error.message : String(error), finalResponse: teamPresentation(row.agents), endTime: new Date() },
      );
    } finally {
      clearInterval(heartbeat);
      this.running.delete(sessionId);
      this.signals.emit(sessionId, { type: 'finished' } satisfies SessionSignal);
    }
  }

  /**
   * Sessions left 'processing' by an instance that stopped (heartbeat older than `staleMs`): the
   * first time they are started again, after that they end failed with the team's presentation.
   */
  async recoverStale(staleMs = STALE_AFTER_MS): Promise<{ retried: string[]; failed: string[] }> {
    const limit = new Date(Date.now() - staleMs);
    const stale = await this.sessions.find({
      where: [
        { status: 'processing', heartbeatAt: LessThan(limit) },
        { status: 'processing', heartbeatAt: IsNull(), startTime: LessThan(limit) },
      ],
      take: 100,
    });
    const retried: string[] = [];
    const failed: string[] = [];
    for (const row of stale.filter((session) => !this.running.has(session.id))) {
      // Claimed by moving its heartbeat: of two instances recovering at once, one takes it.
      const claimed = await this.sessions.update(
        { id: row.id, status: 'processing', heartbeatAt: row.heartbeatAt === null ? IsNull() : row.heartbeatAt },
        { heartbeatAt: new Date() },
      );
      if (!claimed.affected) continue;
      if (row.attempts >= MAX_ATTEMPTS) {
        await this.failDead(row);
        failed.push(row.id);
      } else {
        retried.push(row.id);
        await (this.queue ? this.queue.enqueue(row.id) : this.execute(row.id));
      }
    }
    return { retried, failed };
  }

  private async failDead(row: CollaborationSession): Promise<void> {
    const entry: LogEntry = { seq: row.progress.log.length + 1, at: new Date().toISOString(), type: 'failed', message: `La colaboración ha fallado: ${RUNNER_DIED_MESSAGE}` };
    await this.sessions.update(
      { id: row.id, status: 'processing' },
      sessionColumns({
        status: 'failed',
        error: RUNNER_DIED_MESSAGE,
        finalResponse: teamPresentation(row.agents),
        endTime: new Date(),
        progress: { ...row.progress, log: [...row.progress.log, entry] },
      }),
    );
    this.signals.emit(row.id, { type: 'finished' } satisfies SessionSignal);
  }

  private async teamOf(row: CollaborationSession): Promise<RunAgent[]> {
    // Each agent's prompt as it is now (a replay takes the current versions).
    const prompts = await Promise.all(row.agents.map((agent) => this.agents.promptFor(agent.id)));
    return row.agents.map((agent, index) => ({
      ...agent,
      prompt: prompts[index] ?? `Eres ${agent.name}. ${agent.description}\nResponde siempre en español.`,
    }));
  }

  private columnsOf(state: RunState, final: boolean): Partial<CollaborationSession> {
    return {
      ...(final ? { status: state.status, endTime: state.endTime ? new Date(state.endTime) : new Date() } : {}),
      coordinatorId: state.coordinatorId,
      topic: state.topic,
      finalResponse: state.finalResponse,
      error: state.error,
      progress: {
        priorities: state.priorities,
        taskAssignments: state.taskAssignments,
        responses: state.responses,
        usage: state.usage,
        log: state.log,
        sources: state.sources,
      },
    };
  }

  /** An agent's passages for its task; a failed search is logged and the agent answers without them. */
  private knowledgeFor(sessionId: string, agentId: string, question: string): Promise<AnswerKnowledge | null> {
    return this.knowledge.forAnswer(agentId, question).catch((error: unknown) => {
      this.logger.error(
        `No se pudieron buscar los documentos del agente ${agentId} en la sesión ${sessionId}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return null;
    });
  }

  /** An agent's answer in an ecosystem's session counts for the bundle's split; the run goes on if it cannot be written. */
  private async recordEcosystemReply(row: CollaborationSession, entry: LogEntry): Promise<void> {
    if (!row.ecosystemId || !entry.agentId) return;
    try {
      await this.ecosystemReplies.record({ ecosystemId: row.ecosystemId, agentId: entry.agentId, userSub: row.userSub, sessionId: row.id, repliedAt: new Date(entry.at) });
    } catch (error) {
      this.logger.warn(`No se ha podido anotar la respuesta de ${entry.agentId} en la sesión ${row.id}: ${String(error)}`);
    }
  }

  /** The session's conversation, or null when it has none or the user has deleted it. */
  private async conversationOf(row: CollaborationSession): Promise<Conversation | null> {
    if (!row.conversationId) return null;
    try {
      return await this.conversations.findOwned({ sub: row.userSub, role: 'user' } as never, row.conversationId);
    } catch (error) {
      this.logger.warn(`La conversación de la sesión ${row.id} ya no está: ${String(error)}`);
      return null;
    }
  }

  /** The final answer as the assistant's message, attributed to the agents that contributed (each one's answer is in the session). */
  private async answerInConversation(conversation: Conversation, row: CollaborationSession, state: RunState, within: EntityManager): Promise<void> {
    if (!state.finalResponse) return;
    try {
      const contributors = Object.values(state.responses).filter((response) => response.status === 'completed');
      const named = contributors.length > 0 ? contributors : row.agents.map((agent) => ({ agentName: agent.name }));
      await this.conversations.insertMessage(conversation, {
        id: `collaboration-${row.id}`,
        role: 'assistant',
        content: state.finalResponse,
        metadata: { agentName: named.map((agent) => agent.agentName).join(', '), ...(state.sources.length > 0 ? { sources: state.sources } : {}) },
        status: state.status === 'completed' ? 'complete' : 'failed',
      }, within);
    } catch (error) {
      this.logger.warn(`No se ha podido guardar la respuesta de la sesión ${row.id} en su conversación: ${String(error)}`);
    }
  }
}

