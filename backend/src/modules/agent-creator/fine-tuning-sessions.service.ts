import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '../../common/errors/domain-error';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { AgentsService } from '../agents/agents.service';
import type { Agent } from '../agents/entities/agent.entity';
import { ConversationsService } from '../conversations/conversations.service';
import type { Conversation } from '../conversations/entities/conversation.entity';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { PromptsService } from '../prompts/prompts.service';
import type { ResponseSchema } from '../models/model-gateway';
import type { StructuredReader } from '../models/structured-output';
import { FineTuningModelError, FineTuningSessionClosedError, FineTuningSessionNotFoundError } from './agent-creator.errors';
import type {
  ApplyFineTuningDto,
  ApplyResultDto,
  FineTuningMessageDto,
  FineTuningReplyDto,
  FineTuningSessionDto,
  OpenFineTuningSessionDto,
} from './dto/fine-tuning.dto';
import { fineTuningInstructions } from './instructions';
import { findModifiableAgent } from './agent-access';
import { plainFineTuningReply } from './plain-replies';
import { TalkTurns } from './talk-turn';

/** metadata.type of a session's conversation: open, and closed (it stays a fine-tuning conversation). */
const OPEN = 'fine-tuning';
const CLOSED = 'fine-tuning-closed';
const SESSION_MESSAGES_SHOWN = 100;

interface FineTuningReply {
  reply: string;
  proposedPrompt: string | null;
}

const FINE_TUNING_SCHEMA: ResponseSchema = {
  name: 'ajuste_de_prompt',
  description: 'Tu respuesta al usuario y, si ya lo tienes claro, el prompt completo revisado (vacío si no).',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['reply', 'proposedPrompt'],
    properties: {
      reply: { type: 'string', description: 'Lo que dices al usuario, en español' },
      proposedPrompt: { type: 'string', description: 'El prompt completo revisado, o vacío' },
    },
  },
};

const readFineTuningReply: StructuredReader<FineTuningReply> = (value) => {
  const candidate = value as { reply?: unknown; proposedPrompt?: unknown } | null;
  if (typeof candidate?.reply !== 'string' || !candidate.reply.trim()) return { ok: false, problems: 'falta reply (texto)' };
  if (candidate.proposedPrompt !== undefined && candidate.proposedPrompt !== null && typeof candidate.proposedPrompt !== 'string') {
    return { ok: false, problems: 'proposedPrompt debe ser un texto' };
  }
  const proposed = typeof candidate.proposedPrompt === 'string' ? candidate.proposedPrompt.trim() : '';
  return { ok: true, value: { reply: candidate.reply.trim(), proposedPrompt: proposed || null } };
};

/** What the chat shows of a reply: the proposal goes with it, so it is still there after a reload. */
function storedText({ reply, proposedPrompt }: FineTuningReply): string {
  return proposedPrompt ? `${reply}\n\nPrompt propuesto:\n\n${proposedPrompt}` : reply;
}

/**
 * Fine-tuning sessions (spec section 7): the agent's creator (or an admin) talks about what to
 * change and the assistant proposes a revised prompt, which applying makes the current one. A
 * session is a conversation flagged isFineTuningConversation (never listed with the chats).
 */
@Injectable()
export class FineTuningSessionsService {
  constructor(
    private readonly agents: AgentsService,
    private readonly conversations: ConversationsService,
    private readonly turns: TalkTurns,
    private readonly prompts: PromptsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async open(identity: VerifiedIdentity, body: OpenFineTuningSessionDto): Promise<FineTuningSessionDto> {
    const agent = await findModifiableAgent(this.agents, identity, body.agentId);
    const modelId = this.sessionModel(agent, body.modelId);
    if (body.conversationId !== undefined) {
      const session = await this.session(identity, body.conversationId);
      if (session.metadata.agentId !== agent.id) throw new FineTuningSessionNotFoundError();
      await this.conversations.update(identity, session.id, { metadata: { type: OPEN, ...(modelId ? { modelId } : {}) } });
      return this.describe(identity, session.id, agent);
    }
    const created = await this.conversations.create(identity, {
      metadata: { agentId: agent.id, isFineTuningConversation: true, type: OPEN },
    });
    await this.conversations.update(identity, created.id, {
      title: `Ajuste de ${agent.name}`.slice(0, 120),
      metadata: { modelId: modelId ?? agent.modelId ?? this.defaultModel() },
    });
    return this.describe(identity, created.id, agent);
  }

  async get(identity: VerifiedIdentity, id: string): Promise<FineTuningSessionDto> {
    const session = await this.session(identity, id);
    return this.describe(identity, session.id, await findModifiableAgent(this.agents, identity, session.metadata.agentId!));
  }

  async talk(identity: VerifiedIdentity, id: string, body: FineTuningMessageDto): Promise<FineTuningReplyDto> {
    const session = await this.openSession(identity, id);
    const agent = await findModifiableAgent(this.agents, identity, session.metadata.agentId!);
    const currentPrompt = (await this.agents.promptFor(agent.id)) ?? '';
    const result = await this.turns.run(identity, {
      conversation: session,
      message: body.message,
      messageId: body.messageId,
      systemPrompt: fineTuningInstructions(agent, currentPrompt),
      modelId: session.metadata.modelId,
      schema: FINE_TUNING_SCHEMA,
      read: readFineTuningReply,
      // Prose instead of the JSON: the text is the reply, with the prompt after «Prompt propuesto:» if it has one.
      plainText: plainFineTuningReply,
      storedText,
    });
    return {
      sessionId: session.id,
      userMessageId: result.userMessageId,
      messageId: result.messageId,
      ...(result.modelAvailable ? result.value : { reply: result.notice, proposedPrompt: null }),
    };
  }

  /** Makes the revised prompt a new version, the agent's current one (failures: see ApplyFailureFilter). */
  async apply(identity: VerifiedIdentity, id: string, body: ApplyFineTuningDto): Promise<ApplyResultDto> {
    const session = await this.openSession(identity, id);
    const version = await this.prompts.add(identity, {
      agentId: session.metadata.agentId!,
      prompt: body.newPrompt,
      versionName: body.versionName,
      versionDescription: body.versionDescription,
    });
    return { success: true, message: `Prompt actualizado: «${version.name}» (versión ${version.version}) es ahora la versión actual del agente.` };
  }

  async close(identity: VerifiedIdentity, id: string): Promise<ApplyResultDto> {
    const session = await this.session(identity, id);
    await findModifiableAgent(this.agents, identity, session.metadata.agentId!);
    if (session.metadata.type !== CLOSED) await this.conversations.update(identity, session.id, { metadata: { type: CLOSED } });
    return { success: true, message: 'Sesión de ajuste cerrada.' };
  }

  private async describe(identity: VerifiedIdentity, id: string, agent: Agent): Promise<FineTuningSessionDto> {
    const [session, messages, currentPrompt] = await Promise.all([
      this.conversations.findOwned(identity, id),
      this.conversations.listMessages(identity, id, { limit: SESSION_MESSAGES_SHOWN }),
      this.agents.promptFor(agent.id),
    ]);
    return {
      sessionId: session.id,
      conversationId: session.id,
      agentId: agent.id,
      status: session.metadata.type === CLOSED ? 'closed' : 'open',
      modelId: session.metadata.modelId ?? agent.modelId ?? null,
      currentPrompt: currentPrompt ?? '',
      messages,
    };
  }

  /** The caller's fine-tuning conversation (another user's, or any other kind, is not found). */
  private async session(identity: VerifiedIdentity, id: string): Promise<Conversation> {
    const conversation = await this.conversations.findOwned(identity, id).catch((error: unknown) => {
      throw error instanceof DomainError && error.status === 404 ? new FineTuningSessionNotFoundError() : error;
    });
    if (conversation.metadata.isFineTuningConversation !== true || !conversation.metadata.agentId) throw new FineTuningSessionNotFoundError();
    return conversation;
  }

  private async openSession(identity: VerifiedIdentity, id: string): Promise<Conversation> {
    const session = await this.session(identity, id);
    if (session.metadata.type === CLOSED) throw new FineTuningSessionClosedError();
    return session;
  }

  /** A session runs on the agent's model or the deployment's default one; nothing else is paid for. */
  private sessionModel(agent: Agent, requested: string | undefined): string | undefined {
    if (requested === undefined) return undefined;
    const available = [agent.modelId, this.defaultModel()].filter((model): model is string => typeof model === 'string' && model !== '');
    if (!available.includes(requested)) throw new FineTuningModelError(available);
    return requested;
  }

  /** The model the deployment answers with when an agent names none (BEDROCK_MODEL_ID or OPENAI_MODEL). */
  private defaultModel(): string | undefined {
    const { provider, bedrock, openAi } = this.config.models;
    return provider === 'openai-compatible' ? openAi?.model : bedrock.modelId;
  }

}
