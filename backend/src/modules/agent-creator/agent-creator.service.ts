import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { AgentsService } from '../agents/agents.service';
import type { AgentDto } from '../agents/dto/agent.dto';
import { ConversationNotFoundError } from '../conversations/conversations.errors';
import { ConversationsService } from '../conversations/conversations.service';
import type { Conversation } from '../conversations/entities/conversation.entity';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { UsersService } from '../users/users.service';
import {
  type AgentDraftDto,
  CREATOR_REPLY_SCHEMA,
  creatorReplyReader,
  draftOf,
  emptyDraft,
  missingForSave,
  toSaveAgent,
} from './agent-draft';
import { DraftIncompleteError } from './agent-creator.errors';
import type { AgentDraftResponseDto, CreatorMessageDto, CreatorReplyDto, CreatorStatusDto, SaveDraftDto } from './dto/agent-creator.dto';
import { creatorInstructions } from './instructions';
import { findModifiableAgent } from './agent-access';
import { TalkTurns } from './talk-turn';

export const CREATOR_TITLE = 'Creador de agentes';

/**
 * Creating (or changing) an agent by talking: a conversation in creator-agent mode (spec section
 * 4) where each turn the model answers and returns the whole draft; saving goes through the agents
 * service like any other save, so the prompt becomes the agent's prompt (and version) the same way.
 */
@Injectable()
export class AgentCreatorService {
  constructor(
    private readonly agents: AgentsService,
    private readonly conversations: ConversationsService,
    private readonly users: UsersService,
    private readonly turns: TalkTurns,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  status(): CreatorStatusDto {
    return { modelAvailable: this.turns.isModelAvailable(), draft: emptyDraft() };
  }

  /** GET /agent-creator/agents/{agentId}/draft: an agent's fields and prompt, for its creator or an admin. */
  async agentDraft(identity: VerifiedIdentity, agentId: string): Promise<AgentDraftResponseDto> {
    const agent = await findModifiableAgent(this.agents, identity, agentId);
    return { agentId: agent.id, draft: draftOf(agent, await this.agents.promptFor(agent.id)) };
  }

  async talk(identity: VerifiedIdentity, body: CreatorMessageDto): Promise<CreatorReplyDto> {
    const conversation =
      body.conversationId !== undefined ? await this.creatorConversation(identity, body.conversationId) : await this.open(identity, body.agentId);
    const editing = conversation.metadata.agentId !== undefined;
    const draft = body.draft ?? (editing ? (await this.agentDraft(identity, conversation.metadata.agentId!)).draft : emptyDraft());
    const result = await this.turns.run(identity, {
      conversation,
      message: body.message,
      systemPrompt: creatorInstructions(draft, this.config.productName, editing),
      modelId: draft.modelId || undefined,
      schema: CREATOR_REPLY_SCHEMA,
      read: creatorReplyReader(draft.modelId),
      storedText: (value) => value.reply,
    });
    const reply = result.modelAvailable
      ? { reply: result.value.reply, draft: result.value.draft }
      : { reply: result.notice, draft };
    return {
      conversationId: conversation.id,
      userMessageId: result.userMessageId,
      messageId: result.messageId,
      modelAvailable: result.modelAvailable,
      ...reply,
    };
  }

  /**
   * 'Crear agente': the agent with its first prompt; the user's first agent and the end of their
   * initial interaction are recorded, and the creator conversation is linked to the agent.
   */
  async create(identity: VerifiedIdentity, body: SaveDraftDto): Promise<AgentDto> {
    const conversation = body.conversationId !== undefined ? await this.creatorConversation(identity, body.conversationId) : null;
    assertComplete(body.draft);
    const { agent } = await this.agents.save(identity, toSaveAgent(body.draft));
    await this.users.update(identity, identity.sub, { interactionComplete: true });
    if (conversation) await this.link(identity, conversation, agent.id);
    return agent;
  }

  /** 'Guardar cambios' on an existing agent (its creator or an admin). */
  async update(identity: VerifiedIdentity, agentId: string, body: SaveDraftDto): Promise<AgentDto> {
    const conversation = body.conversationId !== undefined ? await this.creatorConversation(identity, body.conversationId) : null;
    const agent = await findModifiableAgent(this.agents, identity, agentId);
    assertComplete(body.draft);
    const { agent: saved } = await this.agents.save(identity, toSaveAgent(body.draft, agent.id));
    if (conversation) await this.link(identity, conversation, saved.id);
    return saved;
  }

  private async open(identity: VerifiedIdentity, agentId: string | undefined): Promise<Conversation> {
    const agent = agentId !== undefined ? await findModifiableAgent(this.agents, identity, agentId) : null;
    // Without an agentId, a conversation is created in creator-agent mode (spec section 4).
    const created = await this.conversations.create(identity, {
      title: agent ? `Editar ${agent.name}`.slice(0, 120) : CREATOR_TITLE,
      metadata: { isCreatorAgent: true },
    });
    if (agent) await this.conversations.update(identity, created.id, { metadata: { agentId: agent.id } });
    return this.conversations.findOwned(identity, created.id);
  }

  private async creatorConversation(identity: VerifiedIdentity, id: string): Promise<Conversation> {
    const conversation = await this.conversations.findOwned(identity, id);
    if (conversation.metadata.isCreatorAgent !== true) throw new ConversationNotFoundError();
    return conversation;
  }

  private async link(identity: VerifiedIdentity, conversation: Conversation, agentId: string): Promise<void> {
    await this.conversations.update(identity, conversation.id, { metadata: { agentId, isInitialInteraction: false } });
  }

}

function assertComplete(draft: AgentDraftDto): void {
  const missing = missingForSave(draft);
  if (missing.length > 0) throw new DraftIncompleteError(missing);
}
