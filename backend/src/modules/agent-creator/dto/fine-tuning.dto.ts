import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, IsUUID, Length, Matches, MaxLength } from 'class-validator';
import { ID_PATTERN, trim } from '../../agents/dto/agent.dto';
import { MessageDto } from '../../conversations/dto/conversation.dto';
import { MAX_TALK_MESSAGE_LENGTH } from './agent-creator.dto';

const USER_ID = { description: 'Contrato: quien llama (403 si es otro usuario)' } as const;

/** Body of POST /fine-tuning/sessions. */
export class OpenFineTuningSessionDto {
  @ApiProperty()
  @IsString({ message: 'agentId debe ser un texto' })
  @Matches(ID_PATTERN, { message: 'agentId no es un id de agente válido' })
  agentId: string;

  @ApiPropertyOptional(USER_ID)
  @IsOptional()
  @IsString({ message: 'userId debe ser un texto' })
  userId?: string;

  @ApiPropertyOptional({ description: 'Una sesión anterior de quien llama con este agente, para seguirla' })
  @IsOptional()
  @IsUUID('all', { message: 'conversationId debe ser el id de una conversación' })
  conversationId?: string;

  @ApiPropertyOptional({ description: 'El modelo de la sesión: el del agente o el del despliegue' })
  @IsOptional()
  @IsString({ message: 'modelId debe ser un texto' })
  @MaxLength(200, { message: 'modelId no puede superar los 200 caracteres' })
  modelId?: string;
}

export class FineTuningMessageDto {
  @ApiProperty({ example: 'Quiero que responda de forma más breve y que cite la ley' })
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

  @ApiPropertyOptional(USER_ID)
  @IsOptional()
  @IsString({ message: 'userId debe ser un texto' })
  userId?: string;
}

export class ApplyFineTuningDto {
  @ApiProperty()
  @IsString({ message: 'newPrompt debe ser un texto' })
  @Transform(trim)
  @IsNotEmpty({ message: 'newPrompt no puede estar vacío' })
  @MaxLength(100000, { message: 'newPrompt no puede superar los 100000 caracteres' })
  newPrompt: string;

  @ApiProperty({ example: 'Respuestas más breves' })
  @Transform(trim)
  @IsString({ message: 'versionName debe ser un texto' })
  @Length(1, 120, { message: 'versionName debe tener entre 1 y 120 caracteres' })
  versionName: string;

  @ApiPropertyOptional({ example: 'Ajustado en una sesión de ajuste fino' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'versionDescription debe ser un texto' })
  @MaxLength(500, { message: 'versionDescription no puede superar los 500 caracteres' })
  versionDescription?: string;

  @ApiPropertyOptional(USER_ID)
  @IsOptional()
  @IsString({ message: 'userId debe ser un texto' })
  userId?: string;
}

export class CloseFineTuningDto {
  @ApiPropertyOptional(USER_ID)
  @IsOptional()
  @IsString({ message: 'userId debe ser un texto' })
  userId?: string;
}

export class FineTuningSessionDto {
  @ApiProperty({ description: 'El id de la sesión (el de su conversación)' }) sessionId: string;
  @ApiProperty() conversationId: string;
  @ApiProperty() agentId: string;
  @ApiProperty({ enum: ['open', 'closed'] }) status: 'open' | 'closed';
  @ApiProperty({ type: String, nullable: true }) modelId: string | null;
  @ApiProperty({ description: 'El prompt actual del agente (vacío si no tiene)' }) currentPrompt: string;
  @ApiProperty({ type: [MessageDto] }) messages: MessageDto[];
}

export class FineTuningReplyDto {
  @ApiProperty() sessionId: string;
  @ApiProperty() userMessageId: string;
  @ApiProperty() messageId: string;
  @ApiProperty() reply: string;
  @ApiProperty({ type: String, nullable: true, description: 'El prompt revisado que propone el asistente, si propone uno' })
  proposedPrompt: string | null;
}

/** Spec section 8: applying prompt changes answers success false with a message on failure. */
export class ApplyResultDto {
  @ApiProperty() success: boolean;
  @ApiProperty() message: string;
}
