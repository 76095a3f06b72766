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
import { CreatorConversations, creatorTitle } from './creator-conversations';
import type {
  AgentDraftResponseDto,
  CreatorConversationDto,
  CreatorConversationQueryDto,
  CreatorMessageDto,
  CreatorReplyDto,
  CreatorStatusDto,
  SaveDraftDto,
} from './dto/agent-creator.dto';
import { plainReplyText } from './plain-replies';
import { creatorInstructions } from './instructions';
import { findModifiableAgent } from './agent-access';
import { TalkTurns } from './talk-turn';

/** The newest messages a reopened creator conversation shows. */
const CONVERSATION_MESSAGES_SHOWN = 100;

/**
 * Creating (or changing) an agent by talking: a conversation in creator-agent mode (spec section
 * 4) where each turn the model answers and returns the whole draft; saving goes through the agents
 * service like any other save, so the prompt becomes the agent's prompt (and version) the same way.
 * One conversation per draft (CreatorConversations): a visit goes on with the one under way.
 */
@Injectable()
export class AgentCreatorService {
  constructor(
    private readonly agents: AgentsService,
    private readonly creatorConversations: CreatorConversations,
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

  /**
   * GET /agent-creator/conversation: where the creator stands. A conversation by its id; else the
   * caller's conversation on the agent, or their draft of a new agent under way; else none yet.
   */
  async conversation(identity: VerifiedIdentity, query: CreatorConversationQueryDto): Promise<CreatorConversationDto> {
    const agent = query.agentId !== undefined ? await findModifiableAgent(this.agents, identity, query.agentId) : null;
    const conversation =
      query.conversationId !== undefined
        ? await this.creatorConversations.find(identity, query.conversationId)
        : await this.creatorConversations.current(identity, agent?.id ?? null);
    const kept = conversation ? await this.creatorConversations.draftOf(conversation) : null;
    const agentId = kept?.agentId ?? conversation?.metadata.agentId ?? agent?.id ?? null;
    if (agent && conversation && agentId !== agent.id) throw new ConversationNotFoundError();
    const draft = kept?.draft ?? (agentId ? (await this.agentDraft(identity, agentId)).draft : emptyDraft());
    return {
      conversationId: conversation?.id ?? null,
      agentId,
      title: conversation?.title ?? creatorTitle(draft.name, agentId),
      draft,
      messages: conversation ? await this.conversations.listMessages(identity, conversation.id, { limit: CONVERSATION_MESSAGES_SHOWN }) : [],
    };
  }

  async talk(identity: VerifiedIdentity, body: CreatorMessageDto): Promise<CreatorReplyDto> {
    const conversation = await this.conversationFor(identity, body);
    const kept = await this.creatorConversations.draftOf(conversation);
    const agentId = kept?.agentId ?? conversation.metadata.agentId ?? null;
    const draft = body.draft ?? kept?.draft ?? (agentId ? (await this.agentDraft(identity, agentId)).draft : emptyDraft());
    // The draft as sent (hand edits included) is kept before the model is asked: a failure loses none of it.
    await this.creatorConversations.update(identity, conversation, agentId, draft);
    const result = await this.turns.run(identity, {
      conversation,
      message: body.message,
      messageId: body.messageId,
      systemPrompt: creatorInstructions(draft, this.config.productName, agentId !== null),
      modelId: draft.modelId || undefined,
      schema: CREATOR_REPLY_SCHEMA,
      read: creatorReplyReader(draft.modelId),
      // Prose instead of the JSON: shown as the reply, and the draft stays as it was.
      plainText: (text) => {
        const reply = plainReplyText(text);
        return reply === null ? null : { reply, draft };
      },
      storedText: (value) => value.reply,
    });
    const draftUpdated = result.modelAvailable && !result.plainText;
    const reply = result.modelAvailable ? { reply: result.value.reply, draft: result.value.draft } : { reply: result.notice, draft };
    if (draftUpdated) await this.creatorConversations.update(identity, conversation, agentId, reply.draft);
    return {
      conversationId: conversation.id,
      userMessageId: result.userMessageId,
      messageId: result.messageId,
      modelAvailable: result.modelAvailable,
      draftUpdated,
      ...reply,
    };
  }

  /**
   * 'Crear agente': the agent with its first prompt; the user's first agent and the end of their
   * initial interaction are recorded, and the creator conversation is linked to the agent.
   */
  async create(identity: VerifiedIdentity, body: SaveDraftDto): Promise<AgentDto> {
    const conversation = body.conversationId !== undefined ? await this.creatorConversations.find(identity, body.conversationId) : null;
    assertComplete(body.draft);
    const { agent } = await this.agents.save(identity, toSaveAgent(body.draft));
    await this.users.update(identity, identity.sub, { interactionComplete: true });
    if (conversation) await this.link(identity, conversation, agent.id, body.draft);
    return agent;
  }

  /** 'Guardar cambios' on an existing agent (its creator or an admin). */
  async update(identity: VerifiedIdentity, agentId: string, body: SaveDraftDto): Promise<AgentDto> {
    const conversation = body.conversationId !== undefined ? await this.creatorConversations.find(identity, body.conversationId) : null;
    const agent = await findModifiableAgent(this.agents, identity, agentId);
    assertComplete(body.draft);
    const { agent: saved } = await this.agents.save(identity, toSaveAgent(body.draft, agent.id));
    if (conversation) await this.link(identity, conversation, saved.id, body.draft);
    return saved;
  }

  /**
   * The conversation a turn goes in: the one named; else the caller's conversation on the agent,
   * or their draft of a new agent under way (a visit, or a retry after a failed first turn, opens
   * no other); else a new one.
   */
  private async conversationFor(identity: VerifiedIdentity, body: CreatorMessageDto): Promise<Conversation> {
    if (body.conversationId !== undefined) return this.creatorConversations.find(identity, body.conversationId);
    const agent = body.agentId !== undefined ? await findModifiableAgent(this.agents, identity, body.agentId) : null;
    const current = await this.creatorConversations.current(identity, agent?.id ?? null);
    if (current) return current;
    const draft = body.draft ?? (agent ? draftOf(agent, await this.agents.promptFor(agent.id)) : emptyDraft());
    return this.creatorConversations.open(identity, agent, draft);
  }

  private async link(identity: VerifiedIdentity, conversation: Conversation, agentId: string, draft: AgentDraftDto): Promise<void> {
    await this.conversations.update(identity, conversation.id, { metadata: { agentId, isInitialInteraction: false } });
    await this.creatorConversations.update(identity, conversation, agentId, draft);
  }
}

function assertComplete(draft: AgentDraftDto): void {
  const missing = missingForSave(draft);
  if (missing.length > 0) throw new DraftIncompleteError(missing);
}
