import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { isAdmin } from '../../common/access/access-policy';
import { AgentsService } from '../agents/agents.service';
import { ConversationsService } from '../conversations/conversations.service';
import type { EcosystemDto } from '../ecosystems/dto/ecosystem.dto';
import { EcosystemsService } from '../ecosystems/ecosystems.service';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { toSessionDto } from './collaboration.mapper';
import { ConversationNotCollaborativeError, NoAgentsSelectedError, SessionNotFinishedError, SessionNotFoundError } from './collaboration.errors';
import type { CollaborationSessionDto, SaveAsEcosystemDto } from './dto/collaboration.dto';
import { CollaborationSession, sessionColumns } from './entities/collaboration-session.entity';
import { CollaborationQueue } from './queue/collaboration-queue';
import { CANCELLED_MESSAGE } from './run/collaboration-run';
import { FINISHED_STATUSES, type LogEntry, type RunPlan } from './run/run-types';
import { SessionRunner } from './session-runner';
import { TeamsService } from '../teams/teams.service';

/** How many of the caller's sessions the list shows, newest first. */
export const SESSIONS_LIST_LIMIT = 50;

export interface StartSession {
  agentIds?: string[];
  /** An ecosystem chat: without agentIds, the team is the ecosystem's agents. */
  ecosystemId?: string;
  query: string;
  conversationId?: string;
  plan?: RunPlan;
  flowId?: string;
  replayOf?: string;
}

/**
 * Collaboration sessions (spec sections 3 and 4): stored, run through the job-queue port, read
 * by their owner (or an admin; anyone else gets 404, as if it did not exist).
 */
@Injectable()
export class CollaborationService {
  constructor(
    @InjectRepository(CollaborationSession) private readonly sessions: Repository<CollaborationSession>,
    private readonly agents: AgentsService,
    private readonly subscriptions: SubscriptionsService,
    private readonly conversations: ConversationsService,
    private readonly ecosystems: EcosystemsService,
    private readonly teams: TeamsService,
    private readonly queue: CollaborationQueue,
    private readonly runner: SessionRunner,
  ) {}

  /**
   * Starts a session: every agent must be one the caller may chat with (refused as the chat
   * refuses it); a conversation, when given, must be the caller's flow or ecosystem chat, and gets
   * the query as the user's message at once and the final answer when the run ends.
   */
  async start(identity: VerifiedIdentity, input: StartSession): Promise<CollaborationSessionDto> {
    const named = input.agentIds ?? (input.ecosystemId ? (await this.ecosystems.findVisible(identity, input.ecosystemId)).agentIds : []);
    const agentIds = [...new Set(named)];
    if (agentIds.length === 0) throw new NoAgentsSelectedError();
    const agents = [];
    for (const id of agentIds) {
      const agent = await this.agents.findVisible(identity, id);
      await this.subscriptions.assertMayChat(identity, agent);
      agents.push(agent);
    }
    const conversation = input.conversationId ? await this.conversations.findOwned(identity, input.conversationId) : null;
    if (conversation && !conversation.metadata?.fromFlow && !conversation.metadata?.isEcosystemChat) throw new ConversationNotCollaborativeError();

    const row = this.sessions.create({
      id: randomUUID(),
      userSub: identity.sub,
      status: 'processing',
      query: input.query,
      agents: agents.map((agent) => ({
        id: agent.id,
        name: agent.name,
        category: agent.category,
        description: agent.description,
        avatar: agent.avatar,
        rating: agent.rating,
        popularity: agent.popularity,
        modelId: agent.modelId,
      })),
      coordinatorId: null,
      topic: null,
      progress: { priorities: {}, taskAssignments: [], responses: {}, usage: {}, log: [] },
      finalResponse: null,
      error: null,
      conversationId: conversation?.id ?? null,
      ecosystemId: input.ecosystemId ?? conversation?.metadata?.ecosystemId ?? null,
      flowId: input.flowId ?? null,
      plan: input.plan ?? null,
      replayOf: input.replayOf ?? null,
      attempts: 0,
      heartbeatAt: null,
      startTime: new Date(),
      endTime: null,
    });
    await this.sessions.insert(sessionColumns(row));
    if (conversation) {
      await this.conversations.insertMessage(conversation, { id: `collaboration-${row.id}-query`, role: 'user', content: input.query });
    }
    await this.queue.enqueue(row.id);
    return toSessionDto(row);
  }

  async get(identity: VerifiedIdentity, id: string): Promise<CollaborationSessionDto> {
    return toSessionDto(await this.findReadable(identity, id));
  }

  /** For the event stream: the row as stored now (the caller was checked when the stream opened). */
  async current(id: string): Promise<CollaborationSession | null> {
    return this.sessions.findOneBy({ id });
  }

  async list(identity: VerifiedIdentity): Promise<CollaborationSessionDto[]> {
    const rows = await this.sessions.find({ where: { userSub: identity.sub }, order: { startTime: 'DESC' }, take: SESSIONS_LIST_LIMIT });
    return rows.map(toSessionDto);
  }

  /** Cancel (spec section 4): a running session ends cancelled and its model calls are aborted; a finished one is left as it is. */
  async cancel(identity: VerifiedIdentity, id: string): Promise<CollaborationSessionDto> {
    const row = await this.findReadable(identity, id);
    if (row.status === 'processing' || row.status === 'idle') {
      const entry: LogEntry = { seq: row.progress.log.length + 1, at: new Date().toISOString(), type: 'cancelled', message: CANCELLED_MESSAGE };
      await this.sessions.update(
        { id, status: row.status },
        sessionColumns({ status: 'cancelled', error: CANCELLED_MESSAGE, endTime: new Date(), progress: { ...row.progress, log: [...row.progress.log, entry] } }),
      );
      this.runner.abortLocal(id);
    }
    return toSessionDto(await this.findReadable(identity, id));
  }

  /** 'Repetir': the same team and query again, on the agents' current prompts, linked to the first run. */
  async replay(identity: VerifiedIdentity, id: string): Promise<CollaborationSessionDto> {
    const row = await this.findReadable(identity, id);
    if (!FINISHED_STATUSES.includes(row.status)) throw new SessionNotFinishedError();
    return this.start(identity, {
      agentIds: row.agents.map((agent) => agent.id),
      query: row.query,
      ecosystemId: row.ecosystemId ?? undefined,
      plan: row.plan ?? undefined,
      flowId: row.flowId ?? undefined,
      replayOf: row.id,
    });
  }

  /** 'Guardar como ecosistema': the session's team as a new private ecosystem of the caller's. */
  async saveAsEcosystem(identity: VerifiedIdentity, id: string, body: SaveAsEcosystemDto): Promise<EcosystemDto> {
    const row = await this.findReadable(identity, id);
    const ecosystem = await this.ecosystems.create(identity, {
      name: body.name,
      description: body.description ?? `Equipo de la colaboración: ${row.query}`.slice(0, 5000),
      agentIds: row.agents.map((agent) => agent.id),
      isPublic: false,
    });
    // The toast says it is in 'Mi Oficina': it is, in the team of whoever saved it.
    await this.teams.addEcosystem(identity, identity.sub, ecosystem.id);
    return ecosystem;
  }

  /** The session if the caller owns it or is an admin; SessionNotFoundError otherwise. */
  async findReadable(identity: VerifiedIdentity, id: string): Promise<CollaborationSession> {
    const row = await this.sessions.findOneBy({ id });
    if (!row || (row.userSub !== identity.sub && !isAdmin(identity))) throw new SessionNotFoundError();
    return row;
  }
}
