import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { isAdmin } from '../../common/access/access-policy';
import type { RateLimitRule } from '../../common/rate-limit/rate-limit';
import { boundedHistory, HISTORY_MAX_TURNS } from '../chat/chat-history';
import { ConversationsService } from '../conversations/conversations.service';
import type { Conversation } from '../conversations/entities/conversation.entity';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { ModelGateway, ModelNotConfiguredError, type ResponseSchema } from '../models/model-gateway';
import { askStructured, type PlainTextReader, type StructuredReader } from '../models/structured-output';

/** A turn is a message and a model call (or two, when the first reply does not validate). */
export const TALK_TURN_LIMITS: RateLimitRule[] = [
  { by: 'user', quota: 'messages' },
  { by: 'user', quota: 'modelCalls' },
];

/** What a user (not an admin) is told when no model can answer; the same words as the chat's. */

export interface TalkRequest<T> {
  conversation: Conversation;
  message: string;
  /**
   * The client's id for the user's message: sent again after a failed turn, the message stored
   * then is answered (not stored twice), with the turns before it.
   */
  messageId?: string;
  systemPrompt: string;
  modelId?: string;
  schema: ResponseSchema;
  read: StructuredReader<T>;
  /** Reads a reply that is not the JSON asked for as text, where one can serve (see askStructured). */
  plainText?: PlainTextReader<T>;
  /** The assistant message to store from the structured reply (what the user sees in the chat). */
  storedText: (value: T) => string;
}

export type TalkResult<T> =
  /** plainText: the model did not answer the JSON asked for, and its text was read instead. */
  | { modelAvailable: true; userMessageId: string; messageId: string; value: T; plainText: boolean }
  | { modelAvailable: false; userMessageId: string; messageId: string; notice: string };

/**
 * One turn of a conversation whose replies are structured (the agent creator, fine-tuning): the
 * user's message is stored first, so a model failure loses nothing the user typed; the reply is
 * stored once it has been read and checked. Without a model the user is told so, and the notice
 * is stored as a failed message (shown, never sent to a model).
 */
@Injectable()
export class TalkTurns {
  constructor(
    private readonly conversations: ConversationsService,
    private readonly gateway: ModelGateway,
  ) {}

  isModelAvailable(): boolean {
    return this.gateway.isConfigured('agent');
  }

  async run<T>(identity: VerifiedIdentity, request: TalkRequest<T>): Promise<TalkResult<T>> {
    const asked = { id: request.messageId ?? randomUUID(), role: 'user' as const, content: request.message, timestamp: new Date() };
    const { sentBefore, history } = await this.conversations.chatContext(request.conversation.id, asked.id, HISTORY_MAX_TURNS);
    // Sent again after a failure: the message stored then (the same text, or MessageIdConflictError).
    const question = sentBefore ? this.conversations.sameMessage(sentBefore, asked) : await this.conversations.insertMessage(request.conversation, asked);
    const replyAt = () => new Date(Math.max(Date.now(), question.timestamp.getTime() + 1));

    if (!this.isModelAvailable()) {
      const notice = ModelNotConfiguredError.for(isAdmin(identity)).message;
      const stored = await this.conversations.insertMessage(request.conversation, {
        id: randomUUID(),
        role: 'assistant',
        content: notice,
        timestamp: replyAt(),
        status: 'failed',
      });
      return { modelAvailable: false, userMessageId: question.id, messageId: stored.id, notice };
    }

    const { value, usage, plainText } = await askStructured(
      this.gateway,
      {
        audience: 'agent',
        sessionId: request.conversation.id,
        message: request.message,
        history: boundedHistory(history),
        systemPrompt: request.systemPrompt,
        modelId: request.modelId,
        responseSchema: request.schema,
      },
      request.read,
      request.plainText,
    );
    const stored = await this.conversations.insertMessage(request.conversation, {
      id: randomUUID(),
      role: 'assistant',
      content: request.storedText(value),
      timestamp: replyAt(),
      modelId: request.modelId ?? null,
      usage: usage ?? null,
    });
    return { modelAvailable: true, userMessageId: question.id, messageId: stored.id, value, plainText: plainText === true };
  }
}
