import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ChatCompletionInputMessageDto, ChatCompletionStreamOptionsDto } from './protocols.dto';
import {
  Allow,
  IsArray,
  IsBoolean,
  IsDate,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  registerDecorator,
  ArrayMaxSize,
} from 'class-validator';
import { FORM_LIMITS } from '../../../common/validation/form-limits';
import { KnowledgeSourceDto } from '../../knowledge/dto/knowledge-source.dto';

const API_KEY = FORM_LIMITS.apiKey;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export const DEFAULT_KEY_NAME = 'Clave por defecto';
export const MAX_RATE_LIMIT_PER_MINUTE = API_KEY.rateLimitPerMinute.max;
export const MAX_INPUT_LENGTH = 100_000;
export const MAX_FILE_IDS = 10;

export class PublicationEndpointsDto {
  @ApiProperty({ example: '/api/v1/agent/a1b2c3/invoke' }) invoke: string;
  @ApiProperty({ example: '/api/v1/chat/completions' }) chatCompletions: string;
  @ApiProperty({ example: '/api/v1/models' }) models: string;
  @ApiProperty({ example: '/api/v1/agent/a1b2c3/mcp' }) mcp: string;
  @ApiProperty({ example: '/api/a2a/a1b2c3/.well-known/agent-card.json', description: 'La Agent Card A2A; el endpoint JSON-RPC es /api/a2a/{agentId}' }) a2aAgentCard: string;
  @ApiProperty({ example: '/api/publication/…/openapi.json' }) openapi: string;
}

export class ApiKeyDto {
  @ApiProperty() keyId: string;
  @ApiProperty({ example: 'Clave por defecto' }) name: string;
  @ApiProperty({ description: 'El principio de la clave, para reconocerla (nunca la clave entera)', example: 'nova_sk_Ab3xYz' }) prefix: string;
  @ApiProperty({
    nullable: true,
    type: Number,
    description: 'Peticiones por minuto propias de la clave; null: ninguno propio, se aplica el máximo del despliegue (API_KEY_RATE_LIMIT_MAX)',
  })
  rateLimitPerMinute: number | null;
  @ApiProperty({ nullable: true, type: Number }) monthlyRequestQuota: number | null;
  @ApiProperty({ nullable: true, type: Number }) monthlyTokenQuota: number | null;
  @ApiProperty() createdAt: Date;
  @ApiProperty({ nullable: true, type: Date }) lastUsedAt: Date | null;
  @ApiProperty({ nullable: true, type: Date }) expiresAt: Date | null;
  @ApiProperty({ description: "Si sus llamadas pueden usar las herramientas del agente marcadas 'Pide confirmación'" }) allowConfirmedTools: boolean;
}

export class CreatedApiKeyDto extends ApiKeyDto {
  @ApiProperty({ description: 'La clave completa: solo aparece en esta respuesta; guárdala ahora.', example: 'nova_sk_…' }) secret: string;
}

export class PublicationDto {
  @ApiProperty({ description: 'Id de la publicación' }) id: string;
  @ApiProperty({ description: 'El mismo id, con el nombre que le da la especificación' }) apiId: string;
  @ApiProperty() agentId: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty() enabled: boolean;
  @ApiProperty({ description: "La versión del prompt con la que responde, o 'current' (la actual del agente)", oneOf: [{ type: 'integer' }, { type: 'string', enum: ['current'] }] })
  pinnedVersion: number | 'current';
  @ApiProperty({ type: PublicationEndpointsDto }) endpoints: PublicationEndpointsDto;
  @ApiProperty({ type: [ApiKeyDto] }) apiKeys: ApiKeyDto[];
  @ApiProperty() createdAt: Date;
  @ApiProperty() updatedAt: Date;
}

export class CreatedPublicationDto extends PublicationDto {
  @ApiProperty({ type: CreatedApiKeyDto, description: "La clave por defecto ('Clave por defecto'), con su secreto por única vez" })
  apiKey: CreatedApiKeyDto;
}

export class DeletedPublicationDto {
  @ApiProperty() success: true;
  @ApiProperty() apiId: string;
}

export class DeletedApiKeyDto {
  @ApiProperty() success: true;
  @ApiProperty() keyId: string;
}

export class CreatePublicationDto {
  @ApiPropertyOptional({ description: 'Por defecto, el nombre del agente' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'name debe ser un texto' })
  @IsNotEmpty({ message: 'name no puede estar vacío' })
  @MaxLength(120, { message: 'name no puede superar los 120 caracteres' })
  name?: string;

  @ApiPropertyOptional({ description: 'Por defecto, la descripción del agente' })
  @IsOptional()
  @IsString({ message: 'description debe ser un texto' })
  @MaxLength(1000, { message: 'description no puede superar los 1000 caracteres' })
  description?: string;
}

/** An integer version number (1 or more) or the text 'current'. */
function IsPinnedVersion() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isPinnedVersion',
      target: target.constructor,
      propertyName,
      options: { message: "pinnedVersion debe ser un número de versión (1, 2, …) o 'current'" },
      validator: { validate: (value: unknown) => value === 'current' || (Number.isInteger(value) && (value as number) >= 1) },
    });
}

export class UpdatePublicationDto extends CreatePublicationDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'enabled debe ser true o false' })
  enabled?: boolean;

  @ApiPropertyOptional({ oneOf: [{ type: 'integer', minimum: 1 }, { type: 'string', enum: ['current'] }] })
  @IsOptional()
  @IsPinnedVersion()
  pinnedVersion?: number | 'current';
}

export class CreateApiKeyDto {
  @ApiProperty({ example: 'Producción' })
  @Transform(trim)
  @IsString({ message: 'name debe ser un texto' })
  @IsNotEmpty({ message: 'El nombre de la clave es obligatorio.' })
  @MaxLength(API_KEY.name.max, { message: `name no puede superar los ${API_KEY.name.max} caracteres` })
  name: string;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    description:
      'Peticiones por minuto propias de la clave; si falta o es null, ninguno propio: se aplica el máximo del despliegue (API_KEY_RATE_LIMIT_MAX, 600 si no dice otra cosa), que es también lo más que se puede poner',
    minimum: 1,
    maximum: MAX_RATE_LIMIT_PER_MINUTE,
  })
  @IsOptional()
  @IsInt({ message: 'rateLimitPerMinute debe ser un número entero' })
  @Min(1, { message: `rateLimitPerMinute debe estar entre 1 y ${MAX_RATE_LIMIT_PER_MINUTE}` })
  @Max(MAX_RATE_LIMIT_PER_MINUTE, { message: `rateLimitPerMinute debe estar entre 1 y ${MAX_RATE_LIMIT_PER_MINUTE}` })
  rateLimitPerMinute?: number | null;

  @ApiPropertyOptional({ type: 'integer', description: 'Peticiones al mes (sin límite si falta o es null)', nullable: true, minimum: 1 })
  @IsOptional()
  @IsInt({ message: 'monthlyRequestQuota debe ser un número entero' })
  @Min(API_KEY.monthlyRequestQuota.min, { message: 'monthlyRequestQuota debe ser 1 o más' })
  @Max(API_KEY.monthlyRequestQuota.max, { message: 'monthlyRequestQuota es demasiado grande' })
  monthlyRequestQuota?: number | null;

  @ApiPropertyOptional({ type: 'integer', description: 'Tokens (entrada + salida) al mes (sin límite si falta o es null)', nullable: true, minimum: 1 })
  @IsOptional()
  @IsInt({ message: 'monthlyTokenQuota debe ser un número entero' })
  @Min(API_KEY.monthlyTokenQuota.min, { message: 'monthlyTokenQuota debe ser 1 o más' })
  @Max(API_KEY.monthlyTokenQuota.max, { message: 'monthlyTokenQuota es demasiado grande' })
  monthlyTokenQuota?: number | null;

  @ApiPropertyOptional({ type: Date, description: 'Fecha ISO 8601 a partir de la cual la clave deja de funcionar', nullable: true })
  @IsOptional()
  @Type(() => Date)
  @IsDate({ message: 'expiresAt debe ser una fecha ISO 8601' })
  expiresAt?: Date | null;

  @ApiPropertyOptional({
    default: false,
    description: "Permite que las llamadas con esta clave usen las herramientas del agente marcadas 'Pide confirmación' (nadie puede confirmarlas). Sin él, el modelo sabe que no se han permitido.",
  })
  @IsOptional()
  @IsBoolean({ message: 'allowConfirmedTools debe ser true o false' })
  allowConfirmedTools?: boolean;
}

export class UsageQueryDto {
  @ApiPropertyOptional({ description: 'Desde (YYYY-MM-DD, UTC); por defecto hace 30 días' })
  @IsOptional()
  @IsDayString()
  from?: string;

  @ApiPropertyOptional({ description: 'Hasta (YYYY-MM-DD, UTC, incluido); por defecto hoy' })
  @IsOptional()
  @IsDayString()
  to?: string;
}

function IsDayString() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isDayString',
      target: target.constructor,
      propertyName,
      options: { message: `${propertyName} debe ser una fecha YYYY-MM-DD` },
      validator: { validate: (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) },
    });
}

export class UsageDayDto {
  @ApiProperty({ example: '2026-11-24' }) date: string;
  @ApiProperty() keyId: string;
  @ApiProperty() requests: number;
  @ApiProperty() errors: number;
  @ApiProperty() inputTokens: number;
  @ApiProperty() outputTokens: number;
  @ApiProperty() avgLatencyMs: number;
}

export class UsageDto {
  @ApiProperty({ type: [UsageDayDto] }) days: UsageDayDto[];
}

// Calls with a key.

export class InvokeDto {
  @ApiProperty({ description: 'Lo que se le pide al agente' })
  @IsString({ message: 'input debe ser un texto' })
  @IsNotEmpty({ message: 'input es obligatorio y no puede estar vacío' })
  @MaxLength(MAX_INPUT_LENGTH, { message: `input no puede superar los ${MAX_INPUT_LENGTH} caracteres` })
  input: string;

  @ApiPropertyOptional({ description: 'JSON libre que el modelo recibe como contexto', type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject({ message: 'context debe ser un objeto JSON' })
  context?: Record<string, unknown>;

  @ApiPropertyOptional({ type: [String], description: 'Documentos del dueño de la publicación (subidos con POST /api/files: PDF, DOCX, TXT, Markdown, HTML o CSV) que el agente lee para esta llamada: sus fragmentos más afines a la entrada llegan al modelo y vuelven en sources; nunca pasan al conocimiento del agente. Las imágenes llegan como enlaces firmados.' })
  @IsOptional()
  @IsArray({ message: 'fileIds debe ser una lista de ids' })
  @ArrayMaxSize(MAX_FILE_IDS, { message: `fileIds admite como máximo ${MAX_FILE_IDS} archivos` })
  @IsString({ each: true, message: 'cada fileId debe ser un texto' })
  fileIds?: string[];
}

export class InvokeUsageDto {
  @ApiProperty() inputTokens: number;
  @ApiProperty() outputTokens: number;
}

/** A tool call made while answering (issue 33). */
export class InvokeToolCallDto {
  @ApiProperty() tool: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Los argumentos que escribió el modelo' }) arguments: unknown;
  @ApiProperty() ok: boolean;
  @ApiProperty({ description: 'El resultado (recortado), o por qué falló o no se permitió' }) output: string;
}

export class InvokeResultDto {
  @ApiProperty() output: string;
  @ApiProperty() agentId: string;
  @ApiProperty({ nullable: true, type: Number, description: 'La versión del prompt que respondió (null si el agente no tiene prompt)' }) version: number | null;
  @ApiProperty({ type: InvokeUsageDto }) usage: InvokeUsageDto;
  @ApiProperty() requestId: string;
  @ApiPropertyOptional({ type: [KnowledgeSourceDto], description: 'Si el agente tiene documentos: los fragmentos que recibió para responder, con su documento y página' })
  sources?: KnowledgeSourceDto[];
  @ApiPropertyOptional({ type: [InvokeToolCallDto], description: 'Si el agente usó herramientas: cada llamada, con sus argumentos y resultado' })
  toolCalls?: InvokeToolCallDto[];
}

/** OpenAI's chat completion request; only what we read is checked, the rest is accepted and ignored. */
export class ChatCompletionRequestDto {
  @ApiProperty({ description: 'El id del agente publicado' })
  @IsString({ message: 'model debe ser un texto (el id del agente)' })
  @IsNotEmpty({ message: 'model es obligatorio (el id del agente)' })
  model: string;

  // Documented as the route reads them; agentCallOf checks each one (a 400 in OpenAI's shape).
  @ApiProperty({ type: [ChatCompletionInputMessageDto] })
  @IsArray({ message: 'messages debe ser una lista' })
  @ArrayMaxSize(200, { message: 'messages admite como máximo 200 mensajes' })
  messages: unknown[];

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'stream debe ser true o false' })
  stream?: boolean;

  @ApiPropertyOptional({ type: ChatCompletionStreamOptionsDto })
  @IsOptional()
  @IsObject({ message: 'stream_options debe ser un objeto' })
  stream_options?: ChatCompletionStreamOptionsDto;

  // Sampling parameters the agent's own configuration decides; accepted so that clients work unchanged.
  @Allow() temperature?: unknown;
  @Allow() top_p?: unknown;
  @Allow() max_tokens?: unknown;
  @Allow() max_completion_tokens?: unknown;
  @Allow() n?: unknown;
  @Allow() stop?: unknown;
  @Allow() presence_penalty?: unknown;
  @Allow() frequency_penalty?: unknown;
  @Allow() user?: unknown;
  @Allow() seed?: unknown;
  @Allow() metadata?: unknown;
  @Allow() store?: unknown;
  @Allow() logit_bias?: unknown;
  @Allow() response_format?: unknown;
  @Allow() logprobs?: unknown;
  @Allow() top_logprobs?: unknown;
  @Allow() tools?: unknown;
  @Allow() tool_choice?: unknown;
  @Allow() parallel_tool_calls?: unknown;
  @Allow() functions?: unknown;
  @Allow() function_call?: unknown;
  @Allow() reasoning_effort?: unknown;
  @Allow() service_tier?: unknown;
  @Allow() modalities?: unknown;
  @Allow() prediction?: unknown;
  @Allow() audio?: unknown;
  @Allow() web_search_options?: unknown;
  @Allow() verbosity?: unknown;
  @Allow() prompt_cache_key?: unknown;
  @Allow() safety_identifier?: unknown;
}
