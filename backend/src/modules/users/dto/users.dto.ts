import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { FORM_LIMITS } from '../../../common/validation/form-limits';

const PROFILE = FORM_LIMITS.profile;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class RegistrationRequestDto {
  @ApiProperty({ example: 'Ana García' })
  @Transform(trim)
  @IsString({ message: 'contactName debe ser un texto' })
  @Length(PROFILE.contactName.min, PROFILE.contactName.max, { message: `contactName debe tener entre ${PROFILE.contactName.min} y ${PROFILE.contactName.max} caracteres` })
  contactName: string;

  @ApiPropertyOptional({ description: 'Si se envía, debe ser el correo de la cuenta' })
  @IsOptional()
  @IsEmail({}, { message: 'email debe ser un correo válido' })
  email?: string;
}

export class RegistrationDto {
  @ApiProperty() id: string;
  @ApiProperty() username: string;
  @ApiProperty({ description: 'Nombre público: el que ven los demás como creador de tus agentes y ecosistemas' }) handle: string;
  @ApiProperty({ type: String, nullable: true }) contactName: string | null;
  @ApiProperty() email: string;
  @ApiProperty() createdAt: string;
}

export class RegistrationContactDto {
  @ApiProperty({ type: String, nullable: true }) contactName: string | null;
  @ApiProperty() email: string;
}

export class UpdateUserDto {
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'contactName debe ser un texto' })
  @Length(PROFILE.contactName.min, PROFILE.contactName.max, { message: `contactName debe tener entre ${PROFILE.contactName.min} y ${PROFILE.contactName.max} caracteres` })
  contactName?: string;

  @ApiPropertyOptional({
    description: 'Nombre público (3 a 30 caracteres: letras minúsculas, números, puntos, guiones o guiones bajos); único y nunca un correo',
    example: 'ana-garcia',
  })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsString({ message: 'handle debe ser un texto' })
  @MaxLength(PROFILE.handle.max, { message: `handle no puede superar los ${PROFILE.handle.max} caracteres` })
  handle?: string;

  @ApiPropertyOptional({ description: 'El usuario terminó la primera interacción con el creador de agentes' })
  @IsOptional()
  @IsBoolean({ message: 'interactionComplete debe ser true o false' })
  interactionComplete?: boolean;
}

export class InteractionStateDto {
  @ApiProperty() firstAgentCreated: boolean;
  @ApiProperty() interactionComplete: boolean;
}
