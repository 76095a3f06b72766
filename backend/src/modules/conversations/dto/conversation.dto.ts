import { ApiHideProperty, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  Allow,
  IsBoolean,
  IsDate,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { FORM_LIMITS } from '../../../common/validation/form-limits';
import { KnowledgeSourceDto } from '../../knowledge/dto/knowledge-source.dto';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A client-chosen message id: letters, digits and - _ . : (a UUID, 'msg-1700000000000'…), at most 64. */
export const MESSAGE_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;
const AGENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Messages per page: a long conversation comes back in pieces, never in one multi-megabyte answer. */
export const MESSAGES_PAGE_DEFAULT = 100;
export const MESSAGES_PAGE_MAX = 200;

export const CONVERSATION_CATEGORIES = ['main', 'agent', 'fine-tuning'] as const;
export type ConversationCategory = (typeof CONVERSATION_CATEGORIES)[number];

/** Accepts an ISO 8601 date or epoch milliseconds, as the spec's clients send either. */
const toDate = ({ value }: { value: unknown }) =>
  typeof value === 'number' || (typeof value === 'string' && value.trim() !== '') ? new Date(value) : value;

/** The conversation config (spec section 3). Unknown keys are refused like anywhere else. */
export class ConversationMetadataDto {
  @ApiPropertyOptional({ example: 'bedrock' })
  @IsOptional()
  @IsString({ message: 'metadata.modelProvider debe ser un texto' })
  @MaxLength(40, { message: 'metadata.modelProvider no puede superar los 40 caracteres' })
  modelProvider?: string;

  @ApiPropertyOptional({ example: 'anthropic.claude-3-5-sonnet-20240620-v1:0' })
  @IsOptional()
  @IsString({ message: 'metadata.modelId debe ser un texto' })
  @MaxLength(200, { message: 'metadata.modelId no puede superar los 200 caracteres' })
  modelId?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'metadata.useBedrockAgent debe ser true o false' })
  useBedrockAgent?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'metadata.isCreatorAgent debe ser true o false' })
  isCreatorAgent?: boolean;

  @ApiPropertyOptional({ description: 'Agente del chat: el título pasa a ser «Chat con {nombre}»' })
  @IsOptional()
  @IsString({ message: 'metadata.agentId debe ser un texto' })
  @Matches(AGENT_ID_PATTERN, { message: 'metadata.agentId no es un id de agente válido' })
  agentId?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'metadata.agentPrompt debe ser un texto' })
  @MaxLength(20000, { message: 'metadata.agentPrompt no puede superar los 20000 caracteres' })
  agentPrompt?: string;

  @ApiPropertyOptional({ description: 'Conversación del flujo de agentes: título «Flujo de Agentes»' })
  @IsOptional()
  @IsBoolean({ message: 'metadata.fromFlow debe ser true o false' })
  fromFlow?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'metadata.isEcosystemChat debe ser true o false' })
  isEcosystemChat?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'metadata.ecosystemId debe ser un texto' })
  @MaxLength(64, { message: 'metadata.ecosystemId no puede superar los 64 caracteres' })
  ecosystemId?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'metadata.isInitialInteraction debe ser true o false' })
  isInitialInteraction?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'metadata.isFineTuningConversation debe ser true o false' })
  isFineTuningConversation?: boolean;

  @ApiPropertyOptional({ example: 'fine-tuning' })
  @IsOptional()
  @IsString({ message: 'metadata.type debe ser un texto' })
  @MaxLength(40, { message: 'metadata.type no puede superar los 40 caracteres' })
  type?: string;
}

/** The contract's clients may send the user id in the body too; the auth guard checks it is the caller's. */
class ContractUserId {
  @ApiPropertyOptional({ description: 'Contrato: si se envía, debe ser quien llama (403 si no)' })
  @IsOptional()
  @IsString({ message: 'userId debe ser un texto' })
  userId?: string;
}

class TitleFields extends ContractUserId {
  @ApiPropertyOptional({ example: 'Nueva conversación', maxLength: FORM_LIMITS.conversation.title.max })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'El título debe ser un texto' })
  @IsNotEmpty({ message: 'El título no puede estar vacío' })
  @MaxLength(FORM_LIMITS.conversation.title.max, { message: `El título no puede superar los ${FORM_LIMITS.conversation.title.max} caracteres` })
  title?: string;

  @ApiPropertyOptional({ type: ConversationMetadataDto })
  @IsOptional()
  @IsObject({ message: 'metadata debe ser un objeto' })
  @ValidateNested()
  @Type(() => ConversationMetadataDto)
  metadata?: ConversationMetadataDto;
}

/** Body of POST /conversations. */
export class CreateConversationDto extends TitleFields {
  @ApiPropertyOptional({
    description:
      'Con metadata.agentId: si quien llama ya tiene una conversación con ese agente, responde la de actividad más reciente (200) en lugar de abrir otra. Sin él (o false), siempre una nueva (201).',
  })
  @IsOptional()
  @IsBoolean({ message: 'reuseOpen debe ser true o false' })
  reuseOpen?: boolean;
}

/** Body of PUT /conversations/{id}: a new title and/or metadata keys to change. */
export class UpdateConversationDto extends TitleFields {}

export class MessageMetadataDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'metadata.agentId debe ser un texto' })
  @MaxLength(64, { message: 'metadata.agentId no puede superar los 64 caracteres' })
  agentId?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'metadata.agentName debe ser un texto' })
  @MaxLength(120, { message: 'metadata.agentName no puede superar los 120 caracteres' })
  agentName?: string;
}

/** A stored message's metadata: what a client may save, and what the server adds. */
/** A tool call of an agent's reply (issue 33), as the chat shows it and the stored message keeps it. */
export class ToolCallDto {
  @ApiProperty({ description: 'Id de la llamada (el del modelo)' }) id: string;
  @ApiProperty({ description: 'Nombre de la herramienta' }) tool: string;
  @ApiProperty({ description: 'Nombre de la fuente de herramientas (servidor MCP o API)' }) sourceName: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Argumentos que escribió el modelo (JSON; un texto si no lo era)' }) arguments: unknown;
  @ApiProperty({ enum: ['done', 'pending'], description: 'pending: espera la confirmación del usuario' }) status: 'done' | 'pending';
  @ApiPropertyOptional() ok?: boolean;
  @ApiPropertyOptional({ description: 'Resultado (recortado para mostrarlo)' }) output?: string;
  @ApiPropertyOptional({ description: 'Nota breve si falló o no se permitió' }) note?: string;
}

/** The call a paused reply waits for. */
export class ToolConfirmationEventDto {
  @ApiProperty({ description: 'Id de la llamada: el callId de la confirmación' }) id: string;
  @ApiProperty() tool: string;
  @ApiProperty() sourceName: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Argumentos que escribió el modelo' }) arguments: unknown;
  @ApiProperty() agentName: string;
}

/** A file sent with a user's message (issue 32). */
export class MessageAttachmentDto {
  @ApiProperty({ description: 'Id del archivo subido con POST /api/files' }) fileId: string;
  @ApiProperty({ description: 'El nombre con el que se subió' }) name: string;
}

export class StoredMessageMetadataDto extends MessageMetadataDto {
  @ApiPropertyOptional({ type: [MessageAttachmentDto], description: 'En un mensaje del usuario: los archivos que envió con él' })
  attachments?: MessageAttachmentDto[];
  @ApiPropertyOptional({ type: [KnowledgeSourceDto], description: 'En una respuesta de un agente con documentos: los fragmentos que recibió, con su documento y página' })
  sources?: KnowledgeSourceDto[];
  @ApiPropertyOptional({ type: [ToolCallDto], description: 'En una respuesta de un agente que usó herramientas: cada llamada, con sus argumentos y resultado' })
  toolCalls?: ToolCallDto[];
  @ApiPropertyOptional({ type: ToolConfirmationEventDto, description: 'Respuesta en pausa: la herramienta que espera que el usuario la permita o la rechace' })
  toolConfirmation?: ToolConfirmationEventDto;
}

/** Body of POST /conversations/{id}/messages. Idempotent by `id`. */
export class SaveMessageDto extends ContractUserId {
  @ApiProperty({ description: 'Id del mensaje elegido por el cliente; reenviarlo no lo duplica', example: 'msg-1732240000000' })
  @IsString({ message: 'id debe ser un texto' })
  @Matches(MESSAGE_ID_PATTERN, { message: 'id solo puede tener letras, números y - _ . : (máximo 64)' })
  id: string;

  @ApiProperty({ enum: ['user', 'assistant'] })
  @IsIn(['user', 'assistant'], { message: 'role debe ser user o assistant' })
  role: 'user' | 'assistant';

  @ApiProperty()
  @IsString({ message: 'content debe ser un texto' })
  @MinLength(1, { message: 'content no puede estar vacío' })
  @MaxLength(100000, { message: 'content no puede superar los 100000 caracteres' })
  content: string;

  @ApiPropertyOptional({ description: 'ISO 8601 o milisegundos; por defecto, la hora del servidor' })
  @IsOptional()
  @Transform(toDate)
  @IsDate({ message: 'timestamp debe ser una fecha ISO 8601 o milisegundos' })
  timestamp?: Date;

  @ApiPropertyOptional({ type: MessageMetadataDto })
  @IsOptional()
  @IsObject({ message: 'metadata debe ser un objeto' })
  @ValidateNested()
  @Type(() => MessageMetadataDto)
  metadata?: MessageMetadataDto;
}

export class TokenUsageDto {
  @ApiProperty() inputTokens: number;
  @ApiProperty() outputTokens: number;
}

export class MessageDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: ['user', 'assistant'] }) role: 'user' | 'assistant';
  @ApiProperty() content: string;
  @ApiProperty({ description: 'ISO 8601' }) timestamp: string;
  @ApiProperty({ type: StoredMessageMetadataDto, nullable: true }) metadata: StoredMessageMetadataDto | null;
  @ApiProperty({
    enum: ['complete', 'stopped', 'failed'],
    description: 'stopped: respuesta interrumpida; failed: aviso de que no se pudo responder (p. ej. sin modelo configurado)',
  })
  status: 'complete' | 'stopped' | 'failed';
  @ApiProperty({ type: TokenUsageDto, nullable: true }) usage: TokenUsageDto | null;
}

export class ConversationDto {
  @ApiProperty() id: string;
  @ApiProperty() title: string;
  @ApiProperty({ description: 'El sub del propietario' }) userId: string;
  @ApiProperty({ type: ConversationMetadataDto }) metadata: ConversationMetadataDto;
  @ApiProperty({ enum: CONVERSATION_CATEGORIES, description: 'Regla de la sección 4 de la especificación' })
  category: ConversationCategory;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
  @ApiPropertyOptional({
    type: [MessageDto],
    description: `Solo en GET /conversations/{id} (los ${MESSAGES_PAGE_DEFAULT} más recientes, del más antiguo al más reciente) y al crearla`,
  })
  messages?: MessageDto[];
  @ApiPropertyOptional({
    description: 'Con messages: si hay mensajes anteriores a los incluidos (GET /conversations/{id}/messages?before=<id del primero>)',
  })
  hasOlderMessages?: boolean;
}

/** Query of GET /conversations/{id}/messages: one page, counted back from the newest message or from `before`. */
export class MessagesPageQueryDto {
  @ApiPropertyOptional({ default: MESSAGES_PAGE_DEFAULT, minimum: 1, maximum: MESSAGES_PAGE_MAX, description: 'Tamaño de la página' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: `limit debe ser un número entero entre 1 y ${MESSAGES_PAGE_MAX}` })
  @Min(1, { message: `limit debe ser un número entero entre 1 y ${MESSAGES_PAGE_MAX}` })
  @Max(MESSAGES_PAGE_MAX, { message: `limit debe ser un número entero entre 1 y ${MESSAGES_PAGE_MAX}` })
  limit?: number;

  @ApiPropertyOptional({
    description: 'Id de un mensaje de la conversación: la página son los anteriores a él (el primero de la página ya recibida). Sin él, los más recientes.',
    example: 'msg-1732240000000',
  })
  @IsOptional()
  @IsString({ message: 'before debe ser el id de un mensaje' })
  @Matches(MESSAGE_ID_PATTERN, { message: 'before debe ser el id de un mensaje' })
  before?: string;

  /** Documented with the route's other query parameter (ApiQuery); the auth guard checks it. */
  @ApiHideProperty()
  @Allow()
  userId?: unknown;
}

/** Query of GET /conversations/latest. */
export class LatestConversationQueryDto {
  @ApiProperty({ description: 'El agente del chat', example: 'agent-legal' })
  @IsString({ message: 'agentId debe ser un texto' })
  @Matches(AGENT_ID_PATTERN, { message: 'agentId no es un id de agente válido' })
  agentId: string;
}

/** Answer of GET /conversations/latest: the caller's open chat with the agent, or null when there is none. */
export class LatestConversationDto {
  @ApiProperty({ type: ConversationDto, nullable: true, description: 'Sin mensajes (GET /conversations/{id} los tiene)' })
  conversation: ConversationDto | null;
}

export class DeletedConversationDto {
  @ApiProperty() success: true;
  @ApiProperty() id: string;
}
