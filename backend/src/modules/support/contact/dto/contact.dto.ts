import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { FORM_LIMITS } from '../../../../common/validation/form-limits';

const CONTACT = FORM_LIMITS.contact;

export const CONTACT_SECTIONS = ['general', 'soporte', 'ventas', 'facturacion', 'privacidad', 'prensa'] as const;
export type ContactSection = (typeof CONTACT_SECTIONS)[number];

export const CONTACT_RECEIVED_MESSAGE =
  'Gracias, hemos recibido tu mensaje. Te responderemos en un plazo de 48 horas laborables.';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class ContactRequestDto {
  @ApiProperty({ example: 'Ana García', minLength: CONTACT.name.min, maxLength: CONTACT.name.max })
  @Transform(trim)
  @IsString({ message: 'El nombre debe ser un texto' })
  @Length(CONTACT.name.min, CONTACT.name.max, { message: `El nombre debe tener entre ${CONTACT.name.min} y ${CONTACT.name.max} caracteres` })
  name: string;

  @ApiProperty({ example: 'ana@example.com' })
  @Transform(trim)
  @IsString({ message: 'El correo debe ser un texto' })
  @MaxLength(CONTACT.email.max, { message: `El correo no puede tener más de ${CONTACT.email.max} caracteres` })
  @IsEmail({}, { message: 'El correo electrónico no es válido' })
  email: string;

  @ApiPropertyOptional({ enum: CONTACT_SECTIONS, default: 'general' })
  @IsOptional()
  @IsIn(CONTACT_SECTIONS, { message: `La sección debe ser una de: ${CONTACT_SECTIONS.join(', ')}` })
  section?: ContactSection;

  @ApiProperty({ example: 'Duda sobre mi suscripción', minLength: CONTACT.subject.min, maxLength: CONTACT.subject.max })
  @Transform(trim)
  @IsString({ message: 'El asunto debe ser un texto' })
  @Length(CONTACT.subject.min, CONTACT.subject.max, { message: `El asunto debe tener entre ${CONTACT.subject.min} y ${CONTACT.subject.max} caracteres` })
  subject: string;

  @ApiProperty({ minLength: CONTACT.message.min, maxLength: CONTACT.message.max })
  @Transform(trim)
  @IsString({ message: 'El mensaje debe ser un texto' })
  @Length(CONTACT.message.min, CONTACT.message.max, { message: `El mensaje debe tener entre ${CONTACT.message.min} y ${CONTACT.message.max} caracteres` })
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
