import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsNotEmpty, IsObject, IsOptional, IsString, IsUUID, Matches, MaxLength, ValidateNested } from 'class-validator';
import { ID_PATTERN } from '../../agents/dto/agent.dto';
import { AgentDraftDto } from '../agent-draft';

export const MAX_TALK_MESSAGE_LENGTH = 20000;

/** Body of POST /agent-creator/messages. */
export class CreatorMessageDto {
  @ApiPropertyOptional({ description: 'La conversación del creador; sin ella se abre una nueva' })
  @IsOptional()
  @IsUUID('all', { message: 'conversationId debe ser el id de una conversación' })
  conversationId?: string;

  @ApiPropertyOptional({ description: 'Al abrir la conversación: el agente que se quiere cambiar (solo su creador o un admin)' })
  @IsOptional()
  @IsString({ message: 'agentId debe ser un texto' })
  @Matches(ID_PATTERN, { message: 'agentId no es un id de agente válido' })
  agentId?: string;

  @ApiProperty({ example: 'Quiero un agente que ayude a inquilinos con su contrato de alquiler' })
  @IsString({ message: 'message debe ser un texto' })
  @IsNotEmpty({ message: 'message no puede estar vacío' })
  @MaxLength(MAX_TALK_MESSAGE_LENGTH, { message: `message no puede superar los ${MAX_TALK_MESSAGE_LENGTH} caracteres` })
  message: string;

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
