import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { FORM_LIMITS } from '../../../common/validation/form-limits';

const MESSAGE = FORM_LIMITS.assistant.message;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export const ASSISTANT_RATE_LIMIT_MESSAGE = 'Has enviado demasiados mensajes. Espera un momento y vuelve a intentarlo.';

export class AssistantMessageRequestDto {
  @ApiProperty({ description: 'Id de la sesión del widget (8 a 64 letras, números, - o _)', example: 'sesion-1234abcd' })
  @IsString({ message: 'sessionId debe ser un texto' })
  @Matches(/^[A-Za-z0-9_-]{8,64}$/, {
    message: 'sessionId debe tener entre 8 y 64 caracteres: letras, números, guiones o guiones bajos',
  })
  sessionId: string;

  @ApiProperty({ example: '¿Cómo creo un agente?', minLength: MESSAGE.min, maxLength: MESSAGE.max })
  @Transform(trim)
  @IsString({ message: 'El mensaje debe ser un texto' })
  @IsNotEmpty({ message: 'El mensaje no puede estar vacío' })
  @MaxLength(MESSAGE.max, { message: `El mensaje no puede tener más de ${MESSAGE.max} caracteres` })
  message: string;

  @ApiPropertyOptional({ description: 'Título de la página en la que está el visitante', example: 'agent marketplace', maxLength: 80 })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'page debe ser un texto' })
  @MaxLength(80, { message: 'page no puede tener más de 80 caracteres' })
  page?: string;
}

export class AssistantArticleLinkDto {
  @ApiProperty({ example: 'crear-un-agente' }) slug: string;
  @ApiProperty({ example: 'Cómo crear un agente' }) title: string;
  @ApiProperty({ example: '/support?article=crear-un-agente' }) url: string;
}

export class AssistantReplyDto {
  @ApiProperty({ description: 'Id del mensaje de respuesta' }) id: string;
  @ApiProperty({ description: 'De dos a tres frases' }) reply: string;
  @ApiProperty({ enum: ['online', 'offline'], description: 'offline: respondido con los artículos del centro de soporte' })
  mode: 'online' | 'offline';
  @ApiProperty({ type: [AssistantArticleLinkDto] }) articles: AssistantArticleLinkDto[];
  @ApiProperty({ type: [String] }) suggestedQuestions: string[];
}
