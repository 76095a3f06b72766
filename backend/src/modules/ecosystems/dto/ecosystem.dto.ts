import { ApiProperty, ApiPropertyOptional, PartialType, PickType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { MaxDecimalPlaces } from '../../../common/validation/max-decimal-places';
import { ID_PATTERN, trim } from '../../agents/dto/agent.dto';
import { booleanOrText } from '../../agents/marketplace/marketplace-query.dto';
import { FORM_LIMITS } from '../../../common/validation/form-limits';

const ECOSYSTEM = FORM_LIMITS.ecosystem;

export const DEFAULT_ECOSYSTEM_CATEGORY = 'test';
export const DEFAULT_ECOSYSTEM_CREATOR = 'admin';

/** Body of POST /ecosystems. */
export class CreateEcosystemDto {
  @ApiProperty({ example: 'Equipo de lanzamiento' })
  @Transform(trim)
  @IsString({ message: 'name debe ser un texto' })
  @Length(ECOSYSTEM.name.min, ECOSYSTEM.name.max, { message: `name debe tener entre ${ECOSYSTEM.name.min} y ${ECOSYSTEM.name.max} caracteres` })
  name: string;

  @ApiPropertyOptional({ default: '' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'description debe ser un texto' })
  @MaxLength(ECOSYSTEM.description.max, { message: `description no puede superar los ${ECOSYSTEM.description.max} caracteres` })
  description?: string;

  @ApiPropertyOptional({ default: DEFAULT_ECOSYSTEM_CATEGORY })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'category debe ser un texto' })
  @Length(1, 60, { message: 'category debe tener entre 1 y 60 caracteres' })
  category?: string;

  @ApiProperty({ type: [String], description: 'Ids de agentes que existen y puedes ver' })
  @IsArray({ message: 'agentIds debe ser una lista de ids de agentes' })
  @ArrayMaxSize(50, { message: 'agentIds admite como máximo 50 agentes' })
  @IsString({ each: true, message: 'agentIds debe ser una lista de ids de agentes' })
  @Matches(ID_PATTERN, { each: true, message: 'agentIds contiene un id no válido' })
  agentIds: string[];

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString({ message: 'avatar debe ser un texto' })
  @MaxLength(4096, { message: 'avatar no puede superar los 4096 caracteres' })
  avatar?: string | null;

  @ApiPropertyOptional({ default: 0, minimum: 0 })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'price debe ser un número con como máximo 2 decimales' })
  @MaxDecimalPlaces(2, { message: 'price debe ser un número con como máximo 2 decimales' })
  @Min(ECOSYSTEM.price.min, { message: `price debe ser mayor o igual que ${ECOSYSTEM.price.min}` })
  @Max(ECOSYSTEM.price.max, { message: 'price es demasiado alto' })
  price?: number;

  @ApiPropertyOptional({ default: 0, minimum: 0, maximum: 100, description: 'Porcentaje de descuento' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'discount debe ser un número con como máximo 2 decimales' })
  @MaxDecimalPlaces(2, { message: 'discount debe ser un número con como máximo 2 decimales' })
  @Min(ECOSYSTEM.discount.min, { message: `discount debe estar entre ${ECOSYSTEM.discount.min} y ${ECOSYSTEM.discount.max}` })
  @Max(ECOSYSTEM.discount.max, { message: `discount debe estar entre ${ECOSYSTEM.discount.min} y ${ECOSYSTEM.discount.max}` })
  discount?: number;

  @ApiPropertyOptional({ default: DEFAULT_ECOSYSTEM_CREATOR, description: "Tu nombre público (se indique o no; puedes indicar tu nombre de usuario); 'admin' por defecto solo en los que crea un administrador, que puede indicar cualquiera" })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'createdBy debe ser un texto' })
  @Length(1, 128, { message: 'createdBy debe tener entre 1 y 128 caracteres' })
  createdBy?: string;

  @ApiPropertyOptional({ default: false, description: 'Se acepta true/false o "true"/"false"; se guarda como booleano' })
  @IsOptional()
  @Transform(booleanOrText)
  @IsBoolean({ message: 'isPublic debe ser true o false' })
  isPublic?: boolean;

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray({ message: 'tags debe ser una lista de textos' })
  @ArrayMaxSize(30, { message: 'tags admite como máximo 30 elementos' })
  @IsString({ each: true, message: 'tags debe ser una lista de textos' })
  @Length(1, 60, { each: true, message: 'cada elemento de tags debe tener entre 1 y 60 caracteres' })
  tags?: string[];

  @ApiPropertyOptional({ default: false, description: 'Solo un administrador puede destacar un ecosistema' })
  @IsOptional()
  @Transform(booleanOrText)
  @IsBoolean({ message: 'featured debe ser true o false' })
  featured?: boolean;

  @ApiPropertyOptional({ default: 0, description: 'Solo un administrador puede cambiarla' })
  @IsOptional()
  @IsInt({ message: 'popularity debe ser un número entero' })
  @Min(0, { message: 'popularity debe ser mayor o igual que 0' })
  popularity?: number;

  @ApiPropertyOptional({ description: 'El usuario que llama (comprobado contra el token)' })
  @IsOptional()
  @IsString({ message: 'userId debe ser un texto' })
  userId?: string;
}

/**
 * Body of PUT /ecosystems/{id}: what its owner may change from 'Mi Oficina'; what is left out
 * stays as it is. Its agents, its author and its highlights do not change here.
 */
export class UpdateEcosystemDto extends PartialType(
  PickType(CreateEcosystemDto, ['name', 'description', 'category', 'avatar', 'price', 'discount', 'isPublic', 'tags'] as const),
) {}

export class EcosystemDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty() category: string;
  @ApiProperty({ type: [String] }) agentIds: string[];
  @ApiProperty({ nullable: true, type: String }) avatar: string | null;
  @ApiProperty() price: number;
  @ApiProperty() discount: number;
  @ApiProperty({ description: 'Lo que se cobra al mes: el precio menos el descuento, al céntimo' }) monthlyPrice: number;
  @ApiProperty({ nullable: true, type: String, description: 'Precio mensual (con el descuento) en la pasarela de pago; null si es gratis' })
  priceId: string | null;
  @ApiProperty({ description: "Nombre público de quien lo creó (nunca su correo); 'admin' en los de la plataforma" }) createdBy: string;
  @ApiProperty({ nullable: true, type: String, description: 'Id del usuario que lo creó' }) creatorId: string | null;
  @ApiProperty() isPublic: boolean;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
  @ApiProperty({ type: [String] }) tags: string[];
  @ApiProperty() featured: boolean;
  @ApiProperty() popularity: number;
  @ApiProperty({ description: 'La valoración conjunta de sus agentes: la media de todas sus valoraciones visibles, con un decimal (0 si no tienen)' }) rating: number;
  @ApiProperty({ description: 'Cuántas valoraciones visibles tienen sus agentes en total' }) ratingCount: number;
}

export class EcosystemPageDto {
  @ApiProperty({ type: [EcosystemDto] }) items: EcosystemDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}
