import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsNotEmpty, IsObject, IsOptional, IsString, IsUUID, Matches, MaxLength, ValidateNested } from 'class-validator';
import { ID_PATTERN } from '../../agents/dto/agent.dto';
import { MessageDto } from '../../conversations/dto/conversation.dto';
import { AgentDraftDto } from '../agent-draft';

export const MAX_TALK_MESSAGE_LENGTH = 20000;

/** Body of POST /agent-creator/messages. */
export class CreatorMessageDto {
  @ApiPropertyOptional({
    description:
      'La conversación del creador; sin ella se sigue la de quien llama sobre ese agente, o su borrador de un agente nuevo en curso, y si no hay ninguna se abre una',
  })
  @IsOptional()
  @IsUUID('all', { message: 'conversationId debe ser el id de una conversación' })
  conversationId?: string;

  @ApiPropertyOptional({ description: 'Sin conversationId: el agente que se quiere cambiar (solo su creador o un admin)' })
  @IsOptional()
  @IsString({ message: 'agentId debe ser un texto' })
  @Matches(ID_PATTERN, { message: 'agentId no es un id de agente válido' })
  agentId?: string;

  @ApiProperty({ example: 'Quiero un agente que ayude a inquilinos con su contrato de alquiler' })
  @IsString({ message: 'message debe ser un texto' })
  @IsNotEmpty({ message: 'message no puede estar vacío' })
  @MaxLength(MAX_TALK_MESSAGE_LENGTH, { message: `message no puede superar los ${MAX_TALK_MESSAGE_LENGTH} caracteres` })
  message: string;

  @ApiPropertyOptional({
    description:
      'El id que el cliente da al mensaje: enviado otra vez tras un fallo, se responde el mensaje ya guardado (no se guarda dos veces)',
    maxLength: 64,
  })
  @IsOptional()
  @IsString({ message: 'messageId debe ser un texto' })
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'messageId debe tener entre 1 y 64 letras, cifras, guiones o guiones bajos' })
  messageId?: string;

  @ApiPropertyOptional({ type: AgentDraftDto, description: 'El borrador tal como lo ve el usuario (con sus cambios a mano)' })
  @IsOptional()
  @IsObject({ message: 'draft debe ser un objeto' })
  @ValidateNested()
  @Type(() => AgentDraftDto)
  draft?: AgentDraftDto;
}

export class CreatorReplyDto {
  @ApiProperty() conversationId: string;
  @ApiProperty({ description: 'Id del mensaje del usuario guardado' }) userMessageId: string;
  @ApiProperty({ description: 'Id de la respuesta guardada' }) messageId: string;
  @ApiProperty() reply: string;
  @ApiProperty({ type: AgentDraftDto }) draft: AgentDraftDto;
  @ApiProperty({ description: 'false: no hay modelo configurado (la respuesta lo explica)' }) modelAvailable: boolean;
  @ApiProperty({
    description: 'false: el borrador sigue como se envió (sin modelo, o el modelo respondió con texto en lugar del borrador)',
  })
  draftUpdated: boolean;
}

/** Query of GET /agent-creator/conversation. */
export class CreatorConversationQueryDto {
  @ApiPropertyOptional({ description: 'Una conversación del creador de quien llama, para reabrirla' })
  @IsOptional()
  @IsUUID('all', { message: 'conversationId debe ser el id de una conversación' })
  conversationId?: string;

  @ApiPropertyOptional({ description: 'El agente que se quiere cambiar (solo su creador o un admin)' })
  @IsOptional()
  @IsString({ message: 'agentId debe ser un texto' })
  @Matches(ID_PATTERN, { message: 'agentId no es un id de agente válido' })
  agentId?: string;
}

/** Where the creator stands: its conversation (if there is one yet), the draft as it last stood and the messages. */
export class CreatorConversationDto {
  @ApiProperty({ type: String, nullable: true, description: 'null: aún no hay conversación (se abre con el primer mensaje)' })
  conversationId: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'El agente que se cambia, o el ya creado con este borrador' })
  agentId: string | null;
  @ApiProperty({ description: 'El título de la conversación: el del agente que se crea o se cambia' }) title: string;
  @ApiProperty({ type: AgentDraftDto }) draft: AgentDraftDto;
  @ApiProperty({ type: [MessageDto], description: 'Sus mensajes más recientes, del más antiguo al más nuevo' }) messages: MessageDto[];
}

/** Body of POST /agent-creator/agents and PUT /agent-creator/agents/{agentId}. */
export class SaveDraftDto {
  @ApiPropertyOptional({ description: 'La conversación del creador en la que se preparó' })
  @IsOptional()
  @IsUUID('all', { message: 'conversationId debe ser el id de una conversación' })
  conversationId?: string;

  @ApiProperty({ type: AgentDraftDto })
  @IsObject({ message: 'draft debe ser un objeto' })
  @ValidateNested()
  @Type(() => AgentDraftDto)
  draft: AgentDraftDto;
}

export class CreatorStatusDto {
  @ApiProperty({ description: 'Si hay un modelo que pueda hacer de creador de agentes' }) modelAvailable: boolean;
  @ApiProperty({ type: AgentDraftDto, description: 'Un borrador vacío' }) draft: AgentDraftDto;
}

export class AgentDraftResponseDto {
  @ApiProperty() agentId: string;
  @ApiProperty({ type: AgentDraftDto }) draft: AgentDraftDto;
}
