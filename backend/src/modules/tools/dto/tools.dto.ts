import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';

export const TOOL_SOURCE_TYPES = ['mcp', 'openapi'] as const;
export const TOOL_AUTH_TYPES = ['none', 'bearer', 'header'] as const;
export const TOOL_SOURCE_STATUSES = ['ready', 'failed'] as const;
export const TOOL_SOURCE_NAME_MAX = 100;
export const TOOL_URL_MAX = 2000;
export const OPENAPI_DOCUMENT_MAX = 900_000;
export const TOOL_SECRET_MAX = 4000;

export class ToolAuthDto {
  @ApiProperty({ enum: TOOL_AUTH_TYPES, description: 'none: sin credencial; bearer: Authorization: Bearer <value>; header: la cabecera headerName con value' })
  @IsIn(TOOL_AUTH_TYPES, { message: 'auth.type debe ser none, bearer o header' })
  type: (typeof TOOL_AUTH_TYPES)[number];

  @ApiPropertyOptional({ description: 'El nombre de la cabecera (solo con type header)', example: 'X-Api-Key' })
  @IsOptional()
  @IsString({ message: 'auth.headerName debe ser texto' })
  @Matches(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/, { message: 'auth.headerName debe ser un nombre de cabecera HTTP válido' })
  headerName?: string;

  @ApiPropertyOptional({ description: 'La credencial; se guarda cifrada y nunca se devuelve. En PUT, sin value se conserva la guardada.' })
  @IsOptional()
  @IsString({ message: 'auth.value debe ser texto' })
  @MaxLength(TOOL_SECRET_MAX, { message: `auth.value no puede superar los ${TOOL_SECRET_MAX} caracteres` })
  value?: string;
}

export class CreateToolSourceDto {
  @ApiProperty({ enum: TOOL_SOURCE_TYPES, description: 'mcp: un servidor MCP remoto; openapi: una API HTTP descrita con OpenAPI 3' })
  @IsIn(TOOL_SOURCE_TYPES, { message: 'type debe ser mcp u openapi' })
  type: (typeof TOOL_SOURCE_TYPES)[number];

  @ApiProperty({ description: 'Cómo se llama la fuente en el chat («Inventario»)', maxLength: TOOL_SOURCE_NAME_MAX })
  @IsString({ message: 'name debe ser texto' })
  @MinLength(1, { message: 'Escribe un nombre' })
  @MaxLength(TOOL_SOURCE_NAME_MAX, { message: `name no puede superar los ${TOOL_SOURCE_NAME_MAX} caracteres` })
  name: string;

  @ApiPropertyOptional({ description: 'La URL del servidor MCP (type mcp)', example: 'https://mcp.example.com/mcp' })
  @IsOptional()
  @IsString({ message: 'url debe ser texto' })
  @MaxLength(TOOL_URL_MAX, { message: `url no puede superar los ${TOOL_URL_MAX} caracteres` })
  url?: string;

  @ApiPropertyOptional({ description: 'El documento OpenAPI 3, en JSON o YAML (type openapi)' })
  @IsOptional()
  @IsString({ message: 'openapi debe ser el texto del documento' })
  @MaxLength(OPENAPI_DOCUMENT_MAX, { message: 'El documento OpenAPI es demasiado grande' })
  openapi?: string;

  @ApiPropertyOptional({ description: 'Dónde se llama a la API (type openapi); sin ella, el primer servidor del documento', example: 'https://api.example.com/v1' })
  @IsOptional()
  @IsString({ message: 'baseUrl debe ser texto' })
  @MaxLength(TOOL_URL_MAX, { message: `baseUrl no puede superar los ${TOOL_URL_MAX} caracteres` })
  baseUrl?: string;

  @ApiPropertyOptional({ type: ToolAuthDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => ToolAuthDto)
  auth?: ToolAuthDto;
}

export class ToolSwitchDto {
  @ApiProperty({ description: 'El nombre de una herramienta de la fuente' })
  @IsString({ message: 'tools[].name debe ser texto' })
  @MaxLength(64, { message: 'tools[].name no puede superar los 64 caracteres' })
  name: string;

  @ApiProperty({ description: 'Activa: el agente puede usarla' })
  @IsBoolean({ message: 'tools[].enabled debe ser true o false' })
  enabled: boolean;

  @ApiProperty({ description: 'Pide confirmación: el usuario permite cada llamada antes' })
  @IsBoolean({ message: 'tools[].requiresConfirmation debe ser true o false' })
  requiresConfirmation: boolean;
}

export class UpdateToolSourceDto {
  @ApiPropertyOptional({ maxLength: TOOL_SOURCE_NAME_MAX })
  @IsOptional()
  @IsString({ message: 'name debe ser texto' })
  @MinLength(1, { message: 'Escribe un nombre' })
  @MaxLength(TOOL_SOURCE_NAME_MAX, { message: `name no puede superar los ${TOOL_SOURCE_NAME_MAX} caracteres` })
  name?: string;

  @ApiPropertyOptional({ type: ToolAuthDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => ToolAuthDto)
  auth?: ToolAuthDto;

  @ApiPropertyOptional({ type: [ToolSwitchDto], description: 'Las herramientas cuyos interruptores cambian; las demás quedan como estaban' })
  @IsOptional()
  @IsArray({ message: 'tools debe ser una lista' })
  @ArrayMaxSize(256)
  @ValidateNested({ each: true })
  @Type(() => ToolSwitchDto)
  tools?: ToolSwitchDto[];
}

export class TestToolDto {
  @ApiProperty({ description: 'El nombre de la herramienta' })
  @IsString({ message: 'tool debe ser texto' })
  @MaxLength(64, { message: 'tool no puede superar los 64 caracteres' })
  tool: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Los argumentos, un objeto JSON' })
  @IsOptional()
  @IsObject({ message: 'arguments debe ser un objeto JSON' })
  arguments?: Record<string, unknown>;
}

export class ToolAuthViewDto {
  @ApiProperty({ enum: TOOL_AUTH_TYPES }) type: (typeof TOOL_AUTH_TYPES)[number];
  @ApiProperty({ type: String, nullable: true }) headerName: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'La credencial oculta: «••••» y sus cuatro últimos caracteres', example: '••••a1b2' })
  value: string | null;
}

export class ToolDto {
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'JSON Schema de los argumentos' }) parameters: Record<string, unknown>;
  @ApiProperty() enabled: boolean;
  @ApiProperty() requiresConfirmation: boolean;
}

export class ToolSourceDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: TOOL_SOURCE_TYPES }) type: (typeof TOOL_SOURCE_TYPES)[number];
  @ApiProperty() name: string;
  @ApiProperty({ enum: TOOL_SOURCE_STATUSES }) status: (typeof TOOL_SOURCE_STATUSES)[number];
  @ApiProperty({ type: String, nullable: true, description: 'Por qué no se pudieron descubrir sus herramientas, en español' }) error: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'La URL del servidor MCP' }) url: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'La URL base de la API OpenAPI' }) baseUrl: string | null;
  @ApiProperty({ type: ToolAuthViewDto }) auth: ToolAuthViewDto;
  @ApiProperty({ type: [ToolDto] }) tools: ToolDto[];
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class ToolSourceListDto {
  @ApiProperty({ type: [ToolSourceDto], description: 'Las fuentes de herramientas del agente, la más antigua primero' })
  items: ToolSourceDto[];
}

export class ToolTestResultDto {
  @ApiProperty({ description: 'false si la herramienta falló (el motivo en output)' }) ok: boolean;
  @ApiProperty({ description: 'La respuesta de la herramienta como texto, o el fallo en español' }) output: string;
  @ApiProperty({ description: 'La respuesta superaba 1 MB y se recortó' }) truncated: boolean;
}
