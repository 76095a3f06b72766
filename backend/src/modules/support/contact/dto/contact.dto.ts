import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, Length, MaxLength } from 'class-validator';

export const CONTACT_SECTIONS = ['general', 'soporte', 'ventas', 'facturacion', 'privacidad', 'prensa'] as const;
export type ContactSection = (typeof CONTACT_SECTIONS)[number];

export const CONTACT_RECEIVED_MESSAGE =
  'Gracias, hemos recibido tu mensaje. Te responderemos en un plazo de 48 horas laborables.';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class ContactRequestDto {
  @ApiProperty({ example: 'Ana García', minLength: 1, maxLength: 120 })
  @Transform(trim)
  @IsString({ message: 'El nombre debe ser un texto' })
  @Length(1, 120, { message: 'El nombre debe tener entre 1 y 120 caracteres' })
  name: string;

  @ApiProperty({ example: 'ana@example.com' })
  @Transform(trim)
  @IsString({ message: 'El correo debe ser un texto' })
  @MaxLength(320, { message: 'El correo no puede tener más de 320 caracteres' })
  @IsEmail({}, { message: 'El correo electrónico no es válido' })
  email: string;

  @ApiPropertyOptional({ enum: CONTACT_SECTIONS, default: 'general' })
  @IsOptional()
  @IsIn(CONTACT_SECTIONS, { message: `La sección debe ser una de: ${CONTACT_SECTIONS.join(', ')}` })
  section?: ContactSection;

  @ApiProperty({ example: 'Duda sobre mi suscripción', minLength: 1, maxLength: 160 })
  @Transform(trim)
  @IsString({ message: 'El asunto debe ser un texto' })
  @Length(1, 160, { message: 'El asunto debe tener entre 1 y 160 caracteres' })
  subject: string;

  @ApiProperty({ minLength: 10, maxLength: 5000 })
  @Transform(trim)
  @IsString({ message: 'El mensaje debe ser un texto' })
  @Length(10, 5000, { message: 'El mensaje debe tener entre 10 y 5000 caracteres' })
  message: string;

  @ApiPropertyOptional({ description: 'Campo trampa para robots: las personas lo dejan vacío' })
  @IsOptional()
  @IsString({ message: 'website debe ser un texto' })
  @MaxLength(500, { message: 'website no puede tener más de 500 caracteres' })
  website?: string;
}

export class ContactReceivedDto {
  @ApiProperty() id: string;
  @ApiProperty({ example: CONTACT_RECEIVED_MESSAGE }) message: string;
}
