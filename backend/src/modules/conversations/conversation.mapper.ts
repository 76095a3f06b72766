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

export function toConversationDto(conversation: Conversation, messages?: Message[]): ConversationDto {
  const metadata = conversation.metadata ?? {};
  return {
    id: conversation.id,
    title: conversation.title,
    userId: conversation.userSub,
    metadata,
    category: categoryOf(conversation.title, metadata),
    createdAt: conversation.createdAt.toISOString(),
    updatedAt: conversation.updatedAt.toISOString(),
    ...(messages ? { messages: messages.map(toMessageDto) } : {}),
  };
}

export function toMessageDto(message: Message): MessageDto {
  return {
    id: message.id,
    role: message.role,
    content: message.content,
    timestamp: message.timestamp.toISOString(),
    metadata: message.metadata ?? null,
    status: message.status,
    usage:
      message.inputTokens !== null || message.outputTokens !== null
        ? { inputTokens: message.inputTokens ?? 0, outputTokens: message.outputTokens ?? 0 }
        : null,
  };
}
