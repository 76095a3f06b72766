import type { ConversationCategory, ConversationDto, MessageDto } from './dto/conversation.dto';
import type { Conversation, ConversationMetadata } from './entities/conversation.entity';
import type { Message } from './entities/message.entity';

/**
 * Spec section 4: fine-tuning by its flag or type; agent when the title says 'Chat con' or it has
 * an agent without the Bedrock-agent or creator flags; otherwise the main assistant.
 */
export function categoryOf(title: string, metadata: ConversationMetadata): ConversationCategory {
  if (metadata.isFineTuningConversation === true || metadata.type === 'fine-tuning') return 'fine-tuning';
  if (title.includes('Chat con')) return 'agent';
  if (metadata.agentId && !metadata.useBedrockAgent && !metadata.isCreatorAgent) return 'agent';
  return 'main';
}

/** A page of a conversation's messages, oldest first, and whether older ones remain. */
export interface MessagePage {
  messages: Message[];
  hasOlder: boolean;
}

export function toConversationDto(conversation: Conversation, page?: MessagePage): ConversationDto {
  const metadata = conversation.metadata ?? {};
  return {
    id: conversation.id,
    title: conversation.title,
    userId: conversation.userSub,
    metadata,
    category: categoryOf(conversation.title, metadata),
    createdAt: conversation.createdAt.toISOString(),
    updatedAt: conversation.updatedAt.toISOString(),
    ...(page ? { messages: page.messages.map(toMessageDto), hasOlderMessages: page.hasOlder } : {}),
  };
}

export function toMessageDto(message: Message): MessageDto {
  // A paused reply's loop state (its tool rounds in full, to resume after a confirmation) is the
  // server's: the client has the calls as toolCalls and toolConfirmation.
  const { toolLoop: _loopState, ...metadata } = message.metadata ?? {};
  return {
    id: message.id,
    role: message.role,
    content: message.content,
    timestamp: message.timestamp.toISOString(),
    metadata: message.metadata ? metadata : null,
    status: message.status,
    usage:
      message.inputTokens !== null || message.outputTokens !== null
        ? { inputTokens: message.inputTokens ?? 0, outputTokens: message.outputTokens ?? 0 }
        : null,
  };
}
