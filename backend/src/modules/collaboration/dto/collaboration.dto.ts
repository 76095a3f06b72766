import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, IsUUID, Length, Matches, MaxLength, ValidateIf } from 'class-validator';
import type { AgentResponse, AgentUsage, LogEntry, SessionStatus, TaskAssignment } from '../run/run-types';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export class CreateSessionDto {
  @ApiProperty({ type: [String], description: 'Los agentes del equipo (al menos uno; con ecosystemId pueden omitirse: los del ecosistema)' })
  @ValidateIf((body: CreateSessionDto) => body.ecosystemId === undefined || body.agentIds !== undefined)
  @IsArray({ message: 'agentIds debe ser una lista de ids de agentes' })
  @ArrayMaxSize(10, { message: 'agentIds admite como máximo 10 agentes' })
  @IsString({ each: true, message: 'agentIds debe ser una lista de ids de agentes' })
  @Matches(ID_PATTERN, { each: true, message: 'agentIds contiene un id no válido' })
  agentIds: string[];

  @ApiPropertyOptional({ description: 'Chat de ecosistema: sin agentIds, el equipo son los agentes del ecosistema' })
  @IsOptional()
  @IsString({ message: 'ecosystemId debe ser un texto' })
  @Matches(ID_PATTERN, { message: 'ecosystemId no es válido' })
  ecosystemId?: string;

  @ApiProperty({ description: 'La consulta del usuario' })
  @Transform(trim)
  @IsString({ message: 'query debe ser un texto' })
  @Length(1, 8000, { message: 'query debe tener entre 1 y 8000 caracteres' })
  query: string;

  @ApiPropertyOptional({ description: 'Una conversación de quien llama (fromFlow o isEcosystemChat) donde guardar la consulta y la respuesta final' })
  @IsOptional()
  @IsUUID('all', { message: 'conversationId no es válido' })
  conversationId?: string;
}

export class RunFlowDto {
  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'query debe ser un texto' })
  @Length(1, 8000, { message: 'query debe tener entre 1 y 8000 caracteres' })
  query: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsUUID('all', { message: 'conversationId no es válido' })
  conversationId?: string;
}

export class SaveAsEcosystemDto {
  @ApiProperty({ description: 'El nombre del nuevo ecosistema privado' })
  @Transform(trim)
  @IsString({ message: 'name debe ser un texto' })
  @Length(1, 120, { message: 'name debe tener entre 1 y 120 caracteres' })
  name: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'description debe ser un texto' })
  @MaxLength(5000, { message: 'description no puede superar los 5000 caracteres' })
  description?: string;
}

export class SessionAgentDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty() category: string;
  @ApiProperty() description: string;
  @ApiProperty({ type: String, nullable: true }) avatar: string | null;
  @ApiProperty() rating: number;
  @ApiProperty() popularity: number;
  @ApiProperty({ description: 'Prioridad 1–5 para el tema de la consulta (null hasta que se calcula)', type: Number, nullable: true })
  priority: number | null;
}

export class CollaborationSessionDto {
  @ApiProperty() id: string;
  @ApiProperty({ type: [SessionAgentDto] }) agents: SessionAgentDto[];
  @ApiProperty({ type: SessionAgentDto, nullable: true, description: 'El agente con mejor valoración' }) coordinator: SessionAgentDto | null;
  @ApiProperty({ enum: ['idle', 'processing', 'completed', 'failed', 'cancelled'] }) status: SessionStatus;
  @ApiProperty() query: string;
  @ApiProperty({ type: String, nullable: true, description: 'legal, finance, marketing, tech, hr, operations o general' }) topic: string | null;
  @ApiProperty({ description: 'Respuesta de cada agente, por id de agente' }) responses: Record<string, AgentResponse>;
  @ApiProperty({ type: String, nullable: true }) finalResponse: string | null;
  @ApiProperty({ type: String, nullable: true }) error: string | null;
  @ApiProperty() startTime: string;
  @ApiProperty({ type: String, nullable: true }) endTime: string | null;
  @ApiProperty({ description: 'Cada paso con su hora (at), tipo, mensaje, uso de tokens y, si el modelo tiene precio, costCents (céntimos)' }) deliberationLog: LogEntry[];
  @ApiProperty() taskAssignments: TaskAssignment[];
  @ApiProperty({ description: 'Tokens por agente: inputTokens, outputTokens, calls y, si el precio del modelo está configurado (MODEL_PRICES), costCents (céntimos)' }) usage: Record<string, AgentUsage>;
  @ApiProperty({ type: String, nullable: true }) conversationId: string | null;
  @ApiProperty({ type: String, nullable: true }) flowId: string | null;
  @ApiProperty({ type: String, nullable: true, description: "La sesión que repite ('Repetir')" }) replayOf: string | null;
}
