import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { AGENT_CATEGORIES, describeAgentCategories, toAgentCategory } from '../agent-categories';
import { MaxDecimalPlaces } from '../../../common/validation/max-decimal-places';
import { AGENT_CATEGORY_QUERY, booleanOrText, ListingQueryDto } from '../marketplace/marketplace-query.dto';
import { FORM_LIMITS } from '../../../common/validation/form-limits';

const AGENT = FORM_LIMITS.agent;

export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const trimEach = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? item.trim() : item)) : value;

/** The API accepts a boolean or its text, as the spec's clients send either ('true'/'false'). */

/** Ids are chosen by the server, or by a client that generates them (letters, digits, '-' and '_'). */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export class ModelConfigDto {
  @ApiPropertyOptional({ type: String, nullable: true, example: 'anthropic.claude-3-5-sonnet-20240620-v1:0' })
  @IsOptional()
  @IsString({ message: 'modelConfig.modelId debe ser un texto' })
  @MaxLength(200, { message: 'modelConfig.modelId no puede superar los 200 caracteres' })
  modelId?: string | null;
}

/** Body of POST /agents: creates an agent, or updates it when `id` names an existing one. */
export class SaveAgentDto {
  @ApiPropertyOptional({ description: 'Id de un agente existente (actualizar) o nuevo (crear con ese id)' })
  @IsOptional()
  @IsString({ message: 'id debe ser un texto' })
  @Matches(ID_PATTERN, { message: 'id solo puede tener letras, números, guiones y guiones bajos (máximo 64)' })
  id?: string;

  @ApiProperty({ example: 'Asistente Legal' })
  @Transform(trim)
  @IsString({ message: 'name debe ser un texto' })
  @Length(AGENT.name.min, AGENT.name.max, { message: `name debe tener entre ${AGENT.name.min} y ${AGENT.name.max} caracteres` })
  name: string;

  @ApiProperty({
    enum: AGENT_CATEGORIES,
    example: 'legal',
    description: 'Se acepta también el nombre en español (Finanzas, Tecnología, RRHH…); se guarda el identificador',
  })
  @Transform(({ value }) => toAgentCategory(value) ?? value)
  @IsIn(AGENT_CATEGORIES, { message: `category debe ser una de: ${describeAgentCategories()}` })
  category: string;

  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'description debe ser un texto' })
  @Length(AGENT.description.min, AGENT.description.max, {
    message: `description debe tener entre ${AGENT.description.min} y ${AGENT.description.max} caracteres`,
  })
  description: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'URL de la imagen del agente' })
  @IsOptional()
  @IsString({ message: 'avatar debe ser un texto' })
  @MaxLength(4096, { message: 'avatar no puede superar los 4096 caracteres' })
  avatar?: string | null;

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @Transform(trimEach)
  @IsArray({ message: 'skills debe ser una lista de textos' })
  @ArrayMaxSize(AGENT.listItems.max, { message: `skills admite como máximo ${AGENT.listItems.max} elementos` })
  @IsString({ each: true, message: 'skills debe ser una lista de textos' })
  @Length(AGENT.listItem.min, AGENT.listItem.max, { each: true, message: `cada elemento de skills debe tener entre ${AGENT.listItem.min} y ${AGENT.listItem.max} caracteres` })
  skills?: string[];

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @Transform(trimEach)
  @IsArray({ message: 'capabilities debe ser una lista de textos' })
  @ArrayMaxSize(AGENT.listItems.max, { message: `capabilities admite como máximo ${AGENT.listItems.max} elementos` })
  @IsString({ each: true, message: 'capabilities debe ser una lista de textos' })
  @Length(AGENT.listItem.min, AGENT.listItem.max, { each: true, message: `cada elemento de capabilities debe tener entre ${AGENT.listItem.min} y ${AGENT.listItem.max} caracteres` })
  capabilities?: string[];

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @Transform(trimEach)
  @IsArray({ message: 'useCases debe ser una lista de textos' })
  @ArrayMaxSize(AGENT.listItems.max, { message: `useCases admite como máximo ${AGENT.listItems.max} elementos` })
  @IsString({ each: true, message: 'useCases debe ser una lista de textos' })
  @Length(AGENT.listItem.min, AGENT.listItem.max, { each: true, message: `cada elemento de useCases debe tener entre ${AGENT.listItem.min} y ${AGENT.listItem.max} caracteres` })
  useCases?: string[];

  @ApiPropertyOptional({ default: 0, minimum: 0 })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'price debe ser un número con como máximo 2 decimales' })
  @MaxDecimalPlaces(2, { message: 'price debe ser un número con como máximo 2 decimales' })
  @Min(AGENT.price.min, { message: `price debe ser mayor o igual que ${AGENT.price.min}` })
  @Max(AGENT.price.max, { message: 'price es demasiado alto' })
  price?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 5, description: 'La calculan las reseñas: solo se acepta el valor que ya tiene' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'rating debe ser un número con como máximo 2 decimales' })
  @MaxDecimalPlaces(2, { message: 'rating debe ser un número con como máximo 2 decimales' })
  @Min(0, { message: 'rating debe estar entre 0 y 5' })
  @Max(5, { message: 'rating debe estar entre 0 y 5' })
  rating?: number;

  @ApiPropertyOptional({ minimum: 0, description: 'La calcula el uso: solo se acepta el valor que ya tiene' })
  @IsOptional()
  @IsInt({ message: 'popularity debe ser un número entero' })
  @Min(0, { message: 'popularity debe ser mayor o igual que 0' })
  popularity?: number;

  @ApiPropertyOptional({ type: ModelConfigDto })
  @IsOptional()
  @IsObject({ message: 'modelConfig debe ser un objeto' })
  @ValidateNested()
  @Type(() => ModelConfigDto)
  modelConfig?: ModelConfigDto;

  @ApiPropertyOptional({
    type: [String],
    maxItems: AGENT.conversationStarters.max,
    description: `Frases de inicio (hasta ${AGENT.conversationStarters.max}) que un chat vacío con el agente ofrece como botones`,
  })
  @IsOptional()
  @Transform(trimEach)
  @IsArray({ message: 'conversationStarters debe ser una lista de textos' })
  @ArrayMaxSize(AGENT.conversationStarters.max, {
    message: `conversationStarters admite como máximo ${AGENT.conversationStarters.max} frases de inicio`,
  })
  @IsString({ each: true, message: 'conversationStarters debe ser una lista de textos' })
  @Length(AGENT.conversationStarter.min, AGENT.conversationStarter.max, {
    each: true,
    message: `cada frase de inicio (conversationStarters) debe tener entre ${AGENT.conversationStarter.min} y ${AGENT.conversationStarter.max} caracteres`,
  })
  @ArrayUnique({ message: 'conversationStarters no puede repetir una frase de inicio' })
  conversationStarters?: string[];

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: AGENT.temperature.min,
    maximum: AGENT.temperature.max,
    description: `Temperatura del modelo en las respuestas del agente (${AGENT.temperature.min}–${AGENT.temperature.max}, el rango que aceptan todos los proveedores); null: la del proveedor`,
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'temperature debe ser un número con como máximo 2 decimales' })
  @MaxDecimalPlaces(2, { message: 'temperature debe ser un número con como máximo 2 decimales' })
  @Min(AGENT.temperature.min, { message: `temperature debe estar entre ${AGENT.temperature.min} y ${AGENT.temperature.max}` })
  @Max(AGENT.temperature.max, { message: `temperature debe estar entre ${AGENT.temperature.min} y ${AGENT.temperature.max}` })
  temperature?: number | null;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: AGENT.maxAnswerTokens.min,
    maximum: AGENT.maxAnswerTokens.max,
    description: 'Longitud máxima de la respuesta, en tokens; null: la de la instalación',
  })
  @IsOptional()
  @IsInt({ message: 'maxAnswerTokens debe ser un número entero de tokens' })
  @Min(AGENT.maxAnswerTokens.min, { message: `maxAnswerTokens debe estar entre ${AGENT.maxAnswerTokens.min} y ${AGENT.maxAnswerTokens.max}` })
  @Max(AGENT.maxAnswerTokens.max, { message: `maxAnswerTokens debe estar entre ${AGENT.maxAnswerTokens.min} y ${AGENT.maxAnswerTokens.max}` })
  maxAnswerTokens?: number | null;

  @ApiPropertyOptional({ description: 'Se acepta true/false o "true"/"false"', default: false })
  @IsOptional()
  @Transform(booleanOrText)
  @IsBoolean({ message: 'isPublic debe ser true o false' })
  isPublic?: boolean;

  @ApiPropertyOptional({
    default: false,
    description: "'Se puede incluir en ecosistemas': otros pueden vender este agente (si es de pago) dentro de sus ecosistemas, pagándote al menos ecosystemMinimumPrice al mes por suscriptor",
  })
  @IsOptional()
  @Transform(booleanOrText)
  @IsBoolean({ message: 'ecosystemInclusionAllowed debe ser true o false' })
  ecosystemInclusionAllowed?: boolean;

  @ApiPropertyOptional({ default: 0, minimum: 0, description: 'Lo mínimo que se te debe al mes por cada suscriptor de un ecosistema ajeno que incluya este agente' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'ecosystemMinimumPrice debe ser un número con como máximo 2 decimales' })
  @MaxDecimalPlaces(2, { message: 'ecosystemMinimumPrice debe ser un número con como máximo 2 decimales' })
  @Min(AGENT.ecosystemMinimumPrice.min, { message: `ecosystemMinimumPrice debe ser mayor o igual que ${AGENT.ecosystemMinimumPrice.min}` })
  @Max(AGENT.ecosystemMinimumPrice.max, { message: 'ecosystemMinimumPrice es demasiado alto' })
  ecosystemMinimumPrice?: number;

  @ApiPropertyOptional({ description: 'Tu nombre de usuario o tu nombre público (se guarda el público); solo un administrador puede indicar otro' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'createdBy debe ser un texto' })
  @Length(1, 128, { message: 'createdBy debe tener entre 1 y 128 caracteres' })
  createdBy?: string;

  @ApiPropertyOptional({ description: 'El usuario que llama (comprobado contra el token)' })
  @IsOptional()
  @IsString({ message: 'userId debe ser un texto' })
  userId?: string;

  @ApiPropertyOptional({ description: 'Prompt de sistema del agente (se guarda aparte, nunca se lista)' })
  @IsOptional()
  @IsString({ message: 'prompt debe ser un texto' })
  @MaxLength(AGENT.systemPrompt.max, { message: `prompt no puede superar los ${AGENT.systemPrompt.max} caracteres` })
  prompt?: string;
}

export class ModelConfigResponseDto {
  @ApiProperty({ nullable: true, type: String }) modelId: string | null;
}

export class AgentDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: AGENT_CATEGORIES }) category: string;
  @ApiProperty() description: string;
  @ApiProperty({ nullable: true, type: String }) avatar: string | null;
  @ApiProperty({ type: [String] }) skills: string[];
  @ApiProperty({ type: [String] }) capabilities: string[];
  @ApiProperty({ type: [String] }) useCases: string[];
  @ApiProperty() price: number;
  @ApiProperty({ nullable: true, type: String, description: 'Precio mensual en la pasarela de pago (para suscribirse); null si es gratis' })
  priceId: string | null;
  @ApiProperty({ description: 'Media de las reseñas visibles, con un decimal (0 si no tiene)' }) rating: number;
  @ApiProperty({ description: 'Cuántas reseñas visibles tiene' }) ratingCount: number;
  @ApiProperty({ description: 'Usuarios distintos de los últimos 30 días (chat o API) más suscripciones activas' }) popularity: number;
  @ApiProperty({ type: ModelConfigResponseDto }) modelConfig: ModelConfigResponseDto;
  @ApiProperty({ type: [String], description: 'Frases de inicio que un chat vacío con el agente ofrece' }) conversationStarters: string[];
  @ApiProperty({ nullable: true, type: Number, description: 'Temperatura del modelo (0–1); null: la del proveedor' }) temperature: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Longitud máxima de la respuesta, en tokens; null: la de la instalación' })
  maxAnswerTokens: number | null;
  @ApiProperty({ description: "Nombre público del creador (nunca su correo), o 'system'" }) createdBy: string;
  @ApiProperty({ nullable: true, type: String, description: 'Id del usuario creador (null en los agentes de la plataforma)' }) creatorId: string | null;
  @ApiProperty({ description: "'Se puede incluir en ecosistemas' de otros creadores" }) ecosystemInclusionAllowed: boolean;
  @ApiProperty({ description: 'Lo mínimo que se debe al creador al mes por suscriptor de un ecosistema ajeno que lo incluya' }) ecosystemMinimumPrice: number;
  @ApiProperty() isPublic: boolean;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
}

export class AgentPageDto {
  @ApiProperty({ type: [AgentDto] }) items: AgentDto[];
  @ApiProperty({ description: 'Cuántos hay, contados hasta 1000 (si hay más: 1000 y totalIsExact false)' }) total: number;
  @ApiProperty({ description: "false cuando hay más de total (la interfaz dice 'más de 1.000')" }) totalIsExact: boolean;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}

/** GET /agents: every marketplace filter (each optional) plus `public` and `creator`. */
export class AgentListQueryDto extends ListingQueryDto {
  @ApiPropertyOptional(AGENT_CATEGORY_QUERY)
  category?: string;

  @ApiPropertyOptional({ description: 'Nombre de usuario o id del creador' })
  @IsOptional()
  @IsString({ message: 'creator debe ser un texto' })
  @MaxLength(128, { message: 'creator no puede superar los 128 caracteres' })
  creator?: string;
}

export class DeletedDto {
  @ApiProperty() success: boolean;
  @ApiProperty() id: string;
}
