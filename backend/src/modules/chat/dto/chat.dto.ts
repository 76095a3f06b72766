import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { KnowledgeSourceDto } from '../../knowledge/dto/knowledge-source.dto';
import { ArrayMaxSize, IsArray, IsBoolean, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { TokenUsageDto, ToolCallDto, ToolConfirmationEventDto } from '../../conversations/dto/conversation.dto';
import { FORM_LIMITS } from '../../../common/validation/form-limits';

const MESSAGE_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;
export const MAX_CHAT_MESSAGE_LENGTH = 20000;
/** As many as a conversation may have attached (MAX_CONVERSATION_ATTACHMENTS). */
export const MAX_CHAT_FILE_IDS = 10;

/** What both chat endpoints share. */
class ChatRequestFields {
  @ApiProperty({ description: 'Conversación de quien llama' })
  @IsUUID('all', { message: 'conversationId debe ser el id de una conversación' })
  conversationId: string;

  @ApiProperty({ example: '¿Qué cláusulas debe tener un contrato de alquiler?' })
  @IsString({ message: 'message debe ser un texto' })
  @IsNotEmpty({ message: 'message no puede estar vacío' })
  @MaxLength(MAX_CHAT_MESSAGE_LENGTH, { message: `message no puede superar los ${MAX_CHAT_MESSAGE_LENGTH} caracteres` })
  message: string;

  @ApiPropertyOptional({
    description: 'Id (del cliente) del mensaje del usuario; reenviar el mismo id no lo duplica. Por defecto, uno nuevo.',
    example: 'msg-1732240000000',
  })
  @IsOptional()
  @IsString({ message: 'messageId debe ser un texto' })
  @Matches(MESSAGE_ID_PATTERN, { message: 'messageId solo puede tener letras, números y - _ . : (máximo 64)' })
  messageId?: string;

  @ApiPropertyOptional({ description: 'Instrucciones para el asistente principal (se ignoran en chats con un agente: manda su prompt)' })
  @IsOptional()
  @IsString({ message: 'systemPrompt debe ser un texto' })
  @MaxLength(20000, { message: 'systemPrompt no puede superar los 20000 caracteres' })
  systemPrompt?: string;

  @ApiPropertyOptional({ description: 'Contrato: si se envía, debe ser quien llama (403 si no)' })
  @IsOptional()
  @IsString({ message: 'userId debe ser un texto' })
  userId?: string;
}

/** Body of POST /bedrock/agents/chat. */
export class AgentChatDto extends ChatRequestFields {
  @ApiPropertyOptional({
    description:
      'Agente del marketplace con el que chatear (por defecto, el de la conversación). Con agentAliasId se entiende como el agente de Bedrock del asistente principal, que elige el servidor.',
  })
  @IsOptional()
  @IsString({ message: 'agentId debe ser un texto' })
  @MaxLength(64, { message: 'agentId no puede superar los 64 caracteres' })
  agentId?: string;

  @ApiPropertyOptional({ description: 'Alias del agente de Bedrock (contrato); el servidor usa el configurado' })
  @IsOptional()
  @IsString({ message: 'agentAliasId debe ser un texto' })
  @MaxLength(64, { message: 'agentAliasId no puede superar los 64 caracteres' })
  agentAliasId?: string;

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    description:
      'Documentos tuyos subidos con POST /api/files (PDF, DOCX, TXT, Markdown, HTML o CSV) que se adjuntan a la conversación: en este turno y los siguientes, el modelo recibe sus fragmentos que mejor responden a la pregunta (los archivos cortos, enteros). Nunca pasan al conocimiento del agente.',
  })
  @IsOptional()
  @IsArray({ message: 'fileIds debe ser una lista de ids' })
  @ArrayMaxSize(MAX_CHAT_FILE_IDS, { message: `fileIds admite como máximo ${MAX_CHAT_FILE_IDS} archivos` })
  @IsUUID('all', { each: true, message: 'cada fileId debe ser el id de un archivo' })
  fileIds?: string[];
}

/** Body of POST /bedrock/models/chat: a model directly, without an agent. */
export class ModelChatDto extends ChatRequestFields {
  @ApiPropertyOptional({
    example: 'anthropic.claude-3-5-sonnet-20240620-v1:0',
    description:
      'El modelo configurado (BEDROCK_MODEL_ID u OPENAI_MODEL) o, en una conversación con un agente, el del agente; cualquier otro: 400. Por defecto, el configurado.',
  })
  @IsOptional()
  @IsString({ message: 'modelId debe ser un texto' })
  @MaxLength(200, { message: 'modelId no puede superar los 200 caracteres' })
  modelId?: string;
}

export class ChatMetadataDto {
  @ApiProperty({ example: 'bedrock', description: 'bedrock, openai-compatible o none (sin modelo configurado)' })
  modelProvider: string;
  @ApiProperty({ type: String, nullable: true }) modelId: string | null;
  @ApiProperty({ type: TokenUsageDto, nullable: true }) usage: TokenUsageDto | null;
  @ApiProperty({ enum: ['complete', 'stopped', 'failed'], description: 'failed: aviso de que no hay modelo configurado' })
  status: 'complete' | 'stopped' | 'failed';
  @ApiProperty({ description: 'Id del mensaje del usuario guardado' }) userMessageId: string;
  @ApiPropertyOptional() agentId?: string;
  @ApiPropertyOptional() agentName?: string;
  @ApiPropertyOptional({
    type: [KnowledgeSourceDto],
    description:
      'Si el agente tiene documentos o la conversación archivos adjuntos: los fragmentos que recibió para responder, con su documento (o archivo: documentId es entonces su fileId) y página',
  })
  sources?: KnowledgeSourceDto[];
  @ApiPropertyOptional({ type: [ToolCallDto], description: 'Las herramientas que usó el agente para responder, con sus argumentos y resultados' })
  toolCalls?: ToolCallDto[];
  @ApiPropertyOptional({
    type: ToolConfirmationEventDto,
    description: 'La respuesta está en pausa: espera a que permitas o rechaces esta herramienta (POST /api/bedrock/agents/chat/confirmation)',
  })
  toolConfirmation?: ToolConfirmationEventDto;
}

/** Body of POST /bedrock/agents/chat/confirmation: the user's answer to a tool that asks first. */
export class ToolConfirmationDto {
  @ApiProperty({ description: 'Conversación de quien llama' })
  @IsUUID('all', { message: 'conversationId debe ser el id de una conversación' })
  conversationId: string;

  @ApiProperty({ description: 'Id de la llamada (el id del evento tool_confirmation)' })
  @IsString({ message: 'callId debe ser un texto' })
  @IsNotEmpty({ message: 'callId no puede estar vacío' })
  @MaxLength(200, { message: 'callId no puede superar los 200 caracteres' })
  callId: string;

  @ApiProperty({ description: 'true: permitir; false: rechazar (el modelo sabrá que no se ha permitido)' })
  @IsBoolean({ message: 'allow debe ser true o false' })
  allow: boolean;
}

/** JSON answer of both chat endpoints (without Accept: text/event-stream). */
export class ChatReplyDto {
  @ApiProperty({ description: 'El texto de la respuesta' }) message: string;
  @ApiProperty({ description: 'El mismo texto (el contrato lee uno u otro)' }) completion: string;
  @ApiProperty({ description: 'Id del mensaje de respuesta guardado' }) messageId: string;
  @ApiProperty() conversationId: string;
  @ApiProperty({ type: [String] }) suggestedActions: string[];
  @ApiProperty({ type: [String] }) suggestedQuestions: string[];
  @ApiProperty({ type: ChatMetadataDto }) metadata: ChatMetadataDto;
}

/** Body of POST /users/{id}/nova-prompt. */
export class AssistantPromptRequestDto {
  @ApiPropertyOptional({ description: 'Nuevas instrucciones del asistente principal; sin él, solo se leen' })
  @IsOptional()
  @IsString({ message: 'prompt debe ser un texto' })
  @MaxLength(FORM_LIMITS.chat.assistantInstructions.max, { message: `prompt no puede superar los ${FORM_LIMITS.chat.assistantInstructions.max} caracteres` })
  prompt?: string;
}

export class AssistantPromptDto {
  @ApiProperty() prompt: string;
  @ApiProperty({ description: 'false mientras el usuario no haya guardado las suyas (se devuelven las de por defecto)' })
  custom: boolean;
}
