import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { ConversationNotFoundError } from '../conversations/conversations.errors';
import { ConversationsService } from '../conversations/conversations.service';
import type { Conversation } from '../conversations/entities/conversation.entity';
import { UsersService } from '../users/users.service';
import type { AgentDraftDto } from './agent-draft';
import { CreatorDraft } from './entities/creator-draft.entity';

export const CREATOR_TITLE = 'Creador de agentes';
/** metadata.type of a conversation opened by the agent creator (the chats' own conversations are isCreatorAgent too). */
export const CREATOR_TYPE = 'agent-creator';
const NEW_AGENT_PREFIX = 'Nuevo agente: ';
const EDIT_PREFIX = 'Editar ';
const TITLE_MAX = 120;

/** The title a creator conversation gets: after the agent being made or changed, once it has a name. */
export function creatorTitle(name: string, agentId: string | null): string {
  if (!name.trim()) return CREATOR_TITLE;
  return `${agentId ? EDIT_PREFIX : NEW_AGENT_PREFIX}${name.trim()}`.slice(0, TITLE_MAX);
}

/** A title the creator gave (and may change as the draft's name does), not one the user chose. */
function isCreatorTitle(title: string): boolean {
  return title === CREATOR_TITLE || title.startsWith(NEW_AGENT_PREFIX) || title.startsWith(EDIT_PREFIX);
}

/**
 * The creator's conversations and their drafts: one conversation per draft. A visit to the
 * creator goes on with the user's draft under way (a new agent not yet created) or with their
 * conversation on the agent being changed, instead of opening another identical one.
 */
@Injectable()
export class CreatorConversations {
  constructor(
    @InjectRepository(CreatorDraft) private readonly drafts: Repository<CreatorDraft>,
    private readonly conversations: ConversationsService,
    private readonly users: UsersService,
  ) {}

  /** The caller's creator conversation with this id (another kind, or another user's, is not found). */
  async find(identity: VerifiedIdentity, id: string): Promise<Conversation> {
    const conversation = await this.conversations.findOwned(identity, id);
    if (conversation.metadata.isCreatorAgent !== true && conversation.metadata.type !== CREATOR_TYPE) throw new ConversationNotFoundError();
    return conversation;
  }

  /**
   * The conversation a visit goes on with: the caller's newest on this agent, or (no agent) their
   * newest draft of a new agent; null when there is none.
   */
  async current(identity: VerifiedIdentity, agentId: string | null): Promise<Conversation | null> {
    const rows = await this.drafts.find({
      where: { userSub: identity.sub, agentId: agentId ?? IsNull() },
      order: { updatedAt: 'DESC' },
      take: 5,
    });
    for (const row of rows) {
      const conversation = await this.find(identity, row.conversationId).catch(() => null);
      if (conversation) return conversation;
      // Its conversation was deleted where foreign keys are not enforced.
      await this.drafts.delete({ conversationId: row.conversationId });
    }
    return null;
  }

  /** A new creator conversation, flagged as the initial interaction until the user has completed it. */
  async open(identity: VerifiedIdentity, agent: { id: string; name: string } | null, draft: AgentDraftDto): Promise<Conversation> {
    const { interactionComplete } = await this.users.interactionState(identity.sub);
    const created = await this.conversations.create(identity, {
      title: creatorTitle(agent?.name ?? draft.name, agent?.id ?? null),
      metadata: { isCreatorAgent: true, type: CREATOR_TYPE, isInitialInteraction: !interactionComplete },
    });
    if (agent) await this.conversations.update(identity, created.id, { metadata: { agentId: agent.id } });
    await this.keep(identity, created.id, agent?.id ?? null, draft);
    return this.conversations.findOwned(identity, created.id);
  }

  /** The draft the conversation stood at, if it kept one (conversations from before it kept them did not). */
  async draftOf(conversation: Conversation): Promise<CreatorDraft | null> {
    return this.drafts.findOneBy({ conversationId: conversation.id });
  }

  /** Keeps the draft as it now stands. */
  async keep(identity: VerifiedIdentity, conversationId: string, agentId: string | null, draft: AgentDraftDto): Promise<void> {
    await this.drafts.save(this.drafts.create({ conversationId, userSub: identity.sub, agentId, draft, updatedAt: new Date() }));
  }

  /** After a turn or a save: the draft kept, and the title following the agent's name. */
  async update(identity: VerifiedIdentity, conversation: Conversation, agentId: string | null, draft: AgentDraftDto): Promise<void> {
    await this.keep(identity, conversation.id, agentId, draft);
    const title = creatorTitle(draft.name, agentId);
    if (isCreatorTitle(conversation.title) && conversation.title !== title) {
      await this.conversations.update(identity, conversation.id, { title });
      conversation.title = title;
    }
  }
}
