import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export class RequestDeletionDto {
  @ApiProperty({ description: 'El correo electrónico de la cuenta, escrito de nuevo para confirmar', example: 'ana@example.com' })
  @IsEmail({}, { message: 'confirmEmail debe ser un correo electrónico válido' })
  @MaxLength(320, { message: 'confirmEmail admite como mucho 320 caracteres' })
  confirmEmail: string;

  @ApiProperty({ description: 'La contraseña de la cuenta' })
  @IsString({ message: 'password debe ser un texto' })
  @IsNotEmpty({ message: 'password es obligatorio' })
  @MaxLength(256, { message: 'password admite como mucho 256 caracteres' })
  password: string;

  @ApiPropertyOptional({ description: 'El código de 6 cifras de la aplicación de autenticación, o el enviado por correo electrónico (tras la respuesta MfaCodeSent), cuando la verificación en dos pasos está activa', example: '123456' })
  @IsOptional()
  @Matches(/^\d{6}$/, { message: 'mfaCode debe tener 6 cifras' })
  mfaCode?: string;
}

export class DeletionScheduledDto {
  @ApiProperty({ description: 'Cuándo se borrará todo (30 días después de pedirlo), ISO 8601', example: '2026-12-28T12:00:00.000Z' })
  scheduledFor: string;
}

export class DeletionStateDto {
  @ApiProperty({ description: 'Cuándo se borrará la cuenta; null cuando no hay eliminación pendiente', nullable: true, type: String, example: '2026-12-28T12:00:00.000Z' })
  scheduledFor: string | null;
}

export class ErasedAccountDto {
  @ApiProperty({ description: 'El id de la cuenta borrada' })
  id: string;

  @ApiProperty({ example: true })
  erased: true;
}
