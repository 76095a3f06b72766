import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsOptional, IsString, Length } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class RegistrationRequestDto {
  @ApiProperty({ example: 'Ana García' })
  @Transform(trim)
  @IsString({ message: 'contactName debe ser un texto' })
  @Length(1, 120, { message: 'contactName debe tener entre 1 y 120 caracteres' })
  contactName: string;

  @ApiPropertyOptional({ description: 'Si se envía, debe ser el correo de la cuenta' })
  @IsOptional()
  @IsEmail({}, { message: 'email debe ser un correo válido' })
  email?: string;
}

export class RegistrationDto {
  @ApiProperty() id: string;
  @ApiProperty() username: string;
  @ApiProperty() contactName: string | null;
  @ApiProperty() email: string;
  @ApiProperty() createdAt: string;
}

export class RegistrationContactDto {
  @ApiProperty() contactName: string | null;
  @ApiProperty() email: string;
}

export class UpdateUserDto {
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'contactName debe ser un texto' })
  @Length(1, 120, { message: 'contactName debe tener entre 1 y 120 caracteres' })
  contactName?: string;

  @ApiPropertyOptional({ description: 'El usuario terminó la primera interacción con el creador de agentes' })
  @IsOptional()
  @IsBoolean({ message: 'interactionComplete debe ser true o false' })
  interactionComplete?: boolean;
}

export class InteractionStateDto {
  @ApiProperty() firstAgentCreated: boolean;
  @ApiProperty() interactionComplete: boolean;
}
