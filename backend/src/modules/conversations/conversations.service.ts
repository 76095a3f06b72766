import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { isAdmin } from '../../common/access/access-policy';
import { EntityStatements } from '../../database/entity-statements';
import { isUniqueViolation } from '../../database/database-errors';
import { AgentsService } from '../agents/agents.service';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { UsersService } from '../users/users.service';
import { categoryOf, type MessagePage, toConversationDto, toMessageDto } from './conversation.mapper';
import { ConversationNotFoundError, MessageCursorNotFoundError, MessageIdConflictError } from './conversations.errors';
import {
  type ConversationDto,
  type CreateConversationDto,
  type DeletedConversationDto,
  type LatestConversationDto,
  MESSAGES_PAGE_DEFAULT,
  type MessageDto,
  type SaveMessageDto,
  type UpdateConversationDto,
} from './dto/conversation.dto';
import { Conversation, type ConversationMetadata } from './entities/conversation.entity';
import { Message, type MessageMetadata, type MessageRole, type MessageStatus } from './entities/message.entity';
import { EcosystemReplies } from './ecosystem-replies';

export const DEFAULT_TITLE = 'Nueva conversación';
export const FLOW_TITLE = 'Flujo de Agentes';
/** Spec section 9: a Claude 3.5 Sonnet id. */
export const DEFAULT_MODEL_ID = 'anthropic.claude-3-5-sonnet-20240620-v1:0';

/** What the chat module stores: a message of either role, with what the model reported. */
export interface NewMessage {
  id: string;
  role: MessageRole;
  content: string;
  timestamp?: Date;
  metadata?: MessageMetadata | null;
  status?: MessageStatus;
  modelId?: string | null;
  usage?: { inputTokens: number; outputTokens: number } | null;
}

/** What a chat turn needs of its conversation before it asks the model. */
export interface ChatContext {
  /** The message already stored under the client's id (a resend), if any; not yet compared with it. */
  sentBefore: Message | null;
  /** What a model may see, oldest first: the newest messages, or those before a resent one. */
  history: Message[];
}

/**
 * Conversations belong to the user who created them and are only ever read through their owner:
 * another user's conversation is 404, as if it did not exist. An admin may read and manage the
 * conversations of the user the `userId` query names.
 */
@Injectable()
export class ConversationsService {
  /** A chat turn's reads and writes, as plain SQL: they sit before every model call. */
  private readonly chatStatements: ReturnType<typeof chatStatements>;

  constructor(
    @InjectRepository(Conversation) private readonly conversations: Repository<Conversation>,
    @InjectRepository(Message) private readonly messages: Repository<Message>,
    private readonly agents: AgentsService,
    private readonly users: UsersService,
    private readonly dataSource: DataSource,
    private readonly ecosystemReplies: EcosystemReplies,
  ) {
    this.chatStatements = chatStatements(dataSource);
  }

  /** Newest activity first; without messages (GET /conversations/{id} has the newest). */
  async list(identity: VerifiedIdentity, userId?: string): Promise<ConversationDto[]> {
    const rows = await this.conversations.find({
      where: { userSub: await this.ownerSub(identity, userId) },
      order: { updatedAt: 'DESC', createdAt: 'DESC', id: 'ASC' },
    });
    return rows.map((row) => toConversationDto(row));
  }

  /** The conversation with its newest page of messages. */
  async get(identity: VerifiedIdentity, id: string, userId?: string): Promise<ConversationDto> {
    const conversation = await this.findOf(await this.ownerSub(identity, userId), id);
    return toConversationDto(conversation, await this.messagePage(conversation.id, MESSAGES_PAGE_DEFAULT));
  }

  /**
   * One page of messages, oldest first: the newest `limit`, or the `limit` just before the
   * message `before` names (MessageCursorNotFoundError if it is not one of this conversation's).
   * A page shorter than `limit` is the conversation's first.
   */
  async listMessages(
    identity: VerifiedIdentity,
    id: string,
    page: { limit: number; before?: string },
    userId?: string,
  ): Promise<MessageDto[]> {
    const conversation = await this.findOf(await this.ownerSub(identity, userId), id);
    if (page.before !== undefined) {
      const [cursor] = await this.chatStatements.message({ conversationId: conversation.id, id: page.before });
      if (!cursor) throw new MessageCursorNotFoundError();
    }
    return (await this.messagePage(conversation.id, page.limit, page.before)).messages.map(toMessageDto);
  }

  /**
   * GET /conversations/latest: the caller's open chat with the agent, the one a 'Chatear' goes on
   * with. Only their own, and only a plain chat with it (not a flow's, an ecosystem's, the
   * creator's or a fine-tuning one); a deleted conversation is gone, so never this one.
   */
  async latestWithAgent(identity: VerifiedIdentity, agentId: string): Promise<LatestConversationDto> {
    const conversation = await this.openChatWith(identity.sub, agentId);
    return { conversation: conversation ? toConversationDto(conversation) : null };
  }

  /**
   * POST /conversations. With reuseOpen and an agent, the caller's open chat with it when there is
   * one (with its newest messages, as GET answers it); otherwise a new conversation.
   */
  async createOrReuse(identity: VerifiedIdentity, body: CreateConversationDto): Promise<{ conversation: ConversationDto; reused: boolean }> {
    const { reuseOpen, ...request } = body;
    const requested = definedOnly(request.metadata);
    if (reuseOpen === true && requested.agentId !== undefined && isPlainAgentChat(requested)) {
      // The same refusal as a new chat with it: an agent the caller cannot see is not found.
      const agent = await this.agents.findVisible(identity, requested.agentId);
      const open = await this.openChatWith(identity.sub, agent.id);
      if (open) return { conversation: toConversationDto(open, await this.messagePage(open.id, MESSAGES_PAGE_DEFAULT)), reused: true };
    }
    return { conversation: await this.create(identity, request), reused: false };
  }

  /** Spec section 4, 'Conversation creation'. */
  async create(identity: VerifiedIdentity, body: CreateConversationDto): Promise<ConversationDto> {
    const requested = definedOnly(body.metadata);
    const isFirst = (await this.conversations.countBy({ userSub: identity.sub })) === 0;
    const defaults: ConversationMetadata = {
      // The first conversation gets the default Bedrock config; later ones the agent-chat provider.
      modelProvider: isFirst ? 'bedrock' : 'anthropic',
      modelId: DEFAULT_MODEL_ID,
      useBedrockAgent: false,
    };

    let title = body.title ?? DEFAULT_TITLE;
    let metadata: ConversationMetadata;
    if (requested.agentId !== undefined) {
      const agent = await this.agents.findVisible(identity, requested.agentId);
      title = `Chat con ${agent.name}`;
      metadata = {
        ...defaults,
        ...requested,
        agentId: agent.id,
        modelId: agent.modelId ?? requested.modelId ?? DEFAULT_MODEL_ID,
        isCreatorAgent: false,
        useBedrockAgent: false,
      };
    } else if (requested.fromFlow === true) {
      title = FLOW_TITLE;
      metadata = { ...defaults, ...requested, fromFlow: true };
    } else if (requested.isEcosystemChat === true || requested.isFineTuningConversation === true || requested.type !== undefined) {
      // Chats the client opens for a purpose of its own keep the flags it sent.
      metadata = { ...defaults, ...requested };
    } else {
      const { interactionComplete } = await this.users.interactionState(identity.sub);
      metadata = { ...defaults, isCreatorAgent: true, ...requested, isInitialInteraction: !interactionComplete };
    }

    const now = new Date();
    const conversation = this.conversations.create({
      id: randomUUID(),
      userSub: identity.sub,
      title,
      metadata,
      createdAt: now,
      updatedAt: now,
    });
    await this.conversations.insert(conversation);
    return toConversationDto(conversation, { messages: [], hasOlder: false });
  }

  async update(identity: VerifiedIdentity, id: string, body: UpdateConversationDto, userId?: string): Promise<ConversationDto> {
    const conversation = await this.findOf(await this.ownerSub(identity, userId), id);
    if (body.title !== undefined) conversation.title = body.title;
    if (body.metadata !== undefined) {
      const changes = definedOnly(body.metadata);
      if (changes.agentId !== undefined && changes.agentId !== conversation.metadata.agentId) {
        // Pointing a conversation at an agent needs the same visibility as opening a chat with it.
        await this.agents.findVisible(identity, changes.agentId);
      }
      conversation.metadata = { ...conversation.metadata, ...changes };
    }
    conversation.updatedAt = new Date();
    await this.conversations.save(conversation);
    return toConversationDto(conversation);
  }

  async remove(identity: VerifiedIdentity, id: string, userId?: string): Promise<DeletedConversationDto> {
    const conversation = await this.findOf(await this.ownerSub(identity, userId), id);
    // Messages go with it (ON DELETE CASCADE); deleted explicitly too, in case of a database
    // without enforced foreign keys.
    await this.messages.delete({ conversationId: conversation.id });
    await this.conversations.delete({ id: conversation.id });
    return { success: true, id: conversation.id };
  }

  /**
   * POST /conversations/{id}/messages. Idempotent by the client's id: a retry of a save that
   * did reach the server stores nothing new and answers the stored message.
   */
  async saveMessage(identity: VerifiedIdentity, conversationId: string, body: SaveMessageDto): Promise<MessageDto> {
    const conversation = await this.findOwned(identity, conversationId);
    const message = await this.storeMessage(conversation, {
      id: body.id,
      role: body.role,
      content: body.content,
      timestamp: body.timestamp,
      metadata: body.metadata ?? null,
    });
    return toMessageDto(message);
  }

  // ----- for the chat module -----

  /** The caller's conversation, or ConversationNotFoundError. */
  findOwned(identity: VerifiedIdentity, id: string): Promise<Conversation> {
    return this.findOf(identity.sub, id);
  }

  private async findOf(ownerSub: string, id: string): Promise<Conversation> {
    const [conversation] = await this.chatStatements.conversation({ id, userSub: ownerSub });
    if (!conversation) throw new ConversationNotFoundError();
    return conversation;
  }

  /** The owner's plain chat with the agent of most recent activity, or null. */
  private async openChatWith(ownerSub: string, agentId: string): Promise<Conversation | null> {
    // metadata is JSON text: the agent's id narrows the rows in SQL (its LIKE wildcards taken
    // literally), and each candidate's metadata is then read as what it is.
    const rows = await this.conversations
      .createQueryBuilder('conversation')
      .where('conversation.userSub = :ownerSub', { ownerSub })
      .andWhere("conversation.metadata LIKE :agentId ESCAPE '\\'", { agentId: `%${agentId.replace(/[\\%_]/g, '\\$&')}%` })
      .orderBy('conversation.updatedAt', 'DESC')
      .addOrderBy('conversation.createdAt', 'DESC')
      .addOrderBy('conversation.id', 'ASC')
      .getMany();
    return rows.find((row) => row.metadata?.agentId === agentId && isPlainAgentChat(row.metadata) && categoryOf(row.title, row.metadata) === 'agent') ?? null;
  }

  /** Whose conversations a call addresses: the caller's, or the user an admin names. */
  private async ownerSub(identity: VerifiedIdentity, userId: string | undefined): Promise<string> {
    return isAdmin(identity) && userId !== undefined ? this.users.subjectOf(identity, userId) : identity.sub;
  }

  /**
   * Stores a message once: the same id again (a retry) returns the stored row if it says the
   * same; a different role or text under a used id is refused. Bumps the conversation's updatedAt.
   */
  async storeMessage(conversation: Conversation, input: NewMessage): Promise<Message> {
    return (await this.sentBefore(conversation.id, input)) ?? this.insertMessage(conversation, input);
  }

  /** The message stored under this id if there is one (a retry or a resend); another text under it is refused. */
  async sentBefore(conversationId: string, input: NewMessage): Promise<Message | null> {
    const [existing] = await this.chatStatements.message({ conversationId, id: input.id });
    return existing ? this.sameMessage(existing, input) : null;
  }

  /** The stored message, when the input under its id says the same; MessageIdConflictError otherwise. */
  sameMessage(stored: Message, input: NewMessage): Message {
    if (stored.role !== input.role || stored.content !== input.content) throw new MessageIdConflictError();
    return stored;
  }

  /**
   * Read together, so that a database across the network answers in one round trip. The caller
   * checks that the conversation is the user's before using any of it.
   */
  async chatContext(conversationId: string, messageId: string, limit: number): Promise<ChatContext> {
    const [[sentBefore], newest] = await Promise.all([
      this.chatStatements.message({ conversationId, id: messageId }),
      this.modelHistory(conversationId, limit),
    ]);
    // A resend goes with the turns before it, not those since.
    return sentBefore
      ? { sentBefore, history: await this.modelHistory(conversationId, limit, sentBefore) }
      : { sentBefore: null, history: newest };
  }

  /**
   * Stores a message whose id the caller knows to be new, and bumps the conversation's updatedAt
   * in the same transaction: a crash between the two would leave the sidebar's order behind. An
   * agent's reply in an ecosystem's chat is recorded for the bundle's split in that transaction too.
   * Given a caller's transaction (`within`), the message is stored inside it.
   */
  async insertMessage(conversation: Conversation, input: NewMessage, within: EntityManager = this.dataSource.manager): Promise<Message> {
    const message = this.messages.create({
      conversationId: conversation.id,
      id: input.id,
      role: input.role,
      content: input.content,
      timestamp: input.timestamp ?? new Date(),
      metadata: input.metadata ?? null,
      status: input.status ?? 'complete',
      modelId: input.modelId ?? null,
      inputTokens: input.usage?.inputTokens ?? null,
      outputTokens: input.usage?.outputTokens ?? null,
      createdAt: new Date(),
    });
    try {
      await within.transaction(async (manager) => {
        await this.chatStatements.insertMessage(message, manager);
        await this.chatStatements.touchConversation({ updatedAt: message.createdAt }, { id: conversation.id }, manager);
        const ecosystemId = conversation.metadata?.ecosystemId;
        if (ecosystemId && isAgentReply(message)) {
          await this.ecosystemReplies.record(
            { ecosystemId, agentId: message.metadata.agentId, userSub: conversation.userSub, conversationId: conversation.id, messageId: message.id, repliedAt: message.timestamp },
            manager,
          );
        }
      });
    } catch (error) {
      // Two retries racing: the other one stored it.
      if (!isUniqueViolation(error)) throw error;
      const stored = await within.getRepository(Message).findOneByOrFail({ conversationId: conversation.id, id: input.id });
      return this.sameMessage(stored, input);
    }
    return message;
  }

  /**
   * Compare-and-set on a message's metadata (issue 33: a reply paused for a tool confirmation is
   * taken by one answer only, whichever instance gets it): `change` sees the stored metadata and
   * returns the new one, or null to leave it; true when this call changed the row.
   */
  async swapMessageMetadata(conversationId: string, id: string, change: (stored: MessageMetadata) => MessageMetadata | null): Promise<boolean> {
    const row = await this.messages
      .createQueryBuilder('message')
      .select('message.metadata', 'metadata')
      .where('message.conversationId = :conversationId AND message.id = :id', { conversationId, id })
      .getRawOne<{ metadata: string | null }>();
    if (!row?.metadata) return false;
    const next = change(JSON.parse(row.metadata) as MessageMetadata);
    if (!next) return false;
    const result = await this.messages
      .createQueryBuilder()
      .update(Message)
      .set({ metadata: next })
      .where('conversation_id = :conversationId AND id = :id AND metadata = :metadata', { conversationId, id, metadata: row.metadata })
      .execute();
    return (result.affected ?? 0) === 1;
  }

  /** A reply finished later (a resumed tool turn): its text, status, metadata, model and tokens. */
  async updateReply(
    message: Message,
    change: Pick<Message, 'content' | 'status' | 'metadata' | 'modelId'> & { usage: { inputTokens: number; outputTokens: number } | null },
  ): Promise<Message> {
    const next = {
      content: change.content,
      status: change.status,
      metadata: change.metadata,
      modelId: change.modelId,
      inputTokens: change.usage?.inputTokens ?? null,
      outputTokens: change.usage?.outputTokens ?? null,
    };
    await this.messages.update({ conversationId: message.conversationId, id: message.id }, next);
    return Object.assign(new Message(), message, next);
  }

  /** Every message of the conversation, oldest first. */
  orderedMessages(conversationId: string): Promise<Message[]> {
    return this.messages.find({
      where: { conversationId },
      order: { timestamp: 'ASC', createdAt: 'ASC' },
    });
  }

  /**
   * Keyset paging in the messages' one total order (timestamp, then the server's createdAt, then
   * id), so that pages never overlap or skip a message, however many share a timestamp. The
   * cursor's own values are read by the database in the same statement (a join on the cursor
   * row): no date goes through a conversion that could shift it.
   */
  private async messagePage(conversationId: string, limit: number, before?: string): Promise<MessagePage> {
    const query = this.messages
      .createQueryBuilder('message')
      .where('message.conversationId = :conversationId', { conversationId })
      .orderBy('message.timestamp', 'DESC')
      .addOrderBy('message.createdAt', 'DESC')
      .addOrderBy('message.id', 'DESC')
      // One more than asked: whether older messages remain, without counting them all.
      .limit(limit + 1);
    if (before !== undefined) {
      // At most one cursor row, so the join keeps the LIMIT exact.
      query
        .innerJoin(Message, 'cursor', 'cursor.conversationId = message.conversationId AND cursor.id = :before', { before })
        .andWhere('(message.timestamp, message.createdAt, message.id) < (cursor.timestamp, cursor.createdAt, cursor.id)');
    }
    const newestFirst = await query.getMany();
    return { messages: newestFirst.slice(0, limit).reverse(), hasOlder: newestFirst.length > limit };
  }

  /**
   * What a model may see of the conversation, oldest first: the newest `limit` messages that are
   * not failure notices, or, for a message sent before (a resend), the ones that preceded it.
   */
  private async modelHistory(conversationId: string, limit: number, before?: Message): Promise<Message[]> {
    if (before) {
      const messages = await this.orderedMessages(conversationId);
      const position = messages.findIndex((message) => message.id === before.id);
      return messages
        .slice(0, position < 0 ? messages.length : position)
        .filter((message) => message.status !== 'failed')
        .slice(-limit);
    }
    const newest = await this.chatStatements.newestForModel({ conversationId }, limit);
    return newest.reverse();
  }
}

/**
 * A reply an agent's model produced (`modelId` is set, which a message the client saves itself
 * never has; failure notices excluded).
 */
function isAgentReply(message: Message): message is Message & { metadata: { agentId: string } } {
  return message.role === 'assistant' && message.status !== 'failed' && message.modelId !== null && Boolean(message.metadata?.agentId);
}

/** A chat with an agent alone: not a flow's, an ecosystem's, the agent creator's or a fine-tuning one. */
function isPlainAgentChat(metadata: ConversationMetadata): boolean {
  return (
    metadata.fromFlow !== true &&
    metadata.isEcosystemChat !== true &&
    metadata.isCreatorAgent !== true &&
    metadata.isFineTuningConversation !== true &&
    metadata.useBedrockAgent !== true &&
    metadata.type === undefined
  );
}

/** The keys the client sent: an absent key never overwrites a stored one. */
function definedOnly(metadata: ConversationMetadata | undefined): ConversationMetadata {
  return Object.fromEntries(Object.entries(metadata ?? {}).filter(([, value]) => value !== undefined)) as ConversationMetadata;
}

function chatStatements(dataSource: DataSource) {
  const conversations = new EntityStatements(dataSource, Conversation);
  const messages = new EntityStatements(dataSource, Message);
  return {
    conversation: conversations.select({ where: ['id', 'userSub'] }),
    touchConversation: conversations.update(['updatedAt'], ['id']),
    message: messages.select({ where: ['conversationId', 'id'] }),
    /** What a model may see: failure notices are left out. */
    newestForModel: messages.select({
      where: ['conversationId'],
      whereNot: { status: 'failed' },
      orderBy: [
        ['timestamp', 'DESC'],
        ['createdAt', 'DESC'],
      ],
      limited: true,
    }),
    insertMessage: messages.insert(),
  };
}
