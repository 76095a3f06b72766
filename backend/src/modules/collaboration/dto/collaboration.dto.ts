import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, IsUUID, Length, Matches, MaxLength, ValidateIf } from 'class-validator';
import { TokenUsageDto, ToolCallDto } from '../../conversations/dto/conversation.dto';
import { KnowledgeSourceDto } from '../../knowledge/dto/knowledge-source.dto';
import type { ToolCallRecord } from '../../tool-calling/tool-loop';
import type { AgentResponse, AgentResponseStatus, AgentUsage, LogEntry, LogEntryType, SessionStatus, TaskAssignment } from '../run/run-types';

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

export class TaskAssignmentDto implements TaskAssignment {
  @ApiProperty() agentId: string;
  @ApiProperty() agentName: string;
  @ApiProperty() task: string;
  @ApiProperty() priority: number;
  @ApiProperty({ description: 'Los pasos van uno tras otro; las tareas de un paso, a la vez. 0 en el reparto del coordinador' }) step: number;
}

const AGENT_RESPONSE_STATUSES: AgentResponseStatus[] = ['completed', 'failed', 'timeout'];

export class AgentResponseDto implements AgentResponse {
  @ApiProperty() agentId: string;
  @ApiProperty() agentName: string;
  @ApiProperty() task: string;
  @ApiProperty({ enum: AGENT_RESPONSE_STATUSES }) status: AgentResponseStatus;
  @ApiProperty() content: string;
  @ApiProperty({ type: String, nullable: true }) error: string | null;
  @ApiProperty() startedAt: string;
  @ApiProperty() endedAt: string;
  @ApiProperty({ type: TokenUsageDto, nullable: true }) usage: TokenUsageDto | null;
  @ApiPropertyOptional({ type: [KnowledgeSourceDto], description: 'Si el agente tiene documentos: los fragmentos que recibió para su tarea, con su documento y página' })
  sources?: KnowledgeSourceDto[];
  @ApiPropertyOptional({ type: [ToolCallDto], description: 'Si el agente usó herramientas para su tarea: cada llamada, con sus argumentos y resultado' })
  toolCalls?: ToolCallRecord[];
}

export class AgentUsageDto implements AgentUsage {
  @ApiProperty() inputTokens: number;
  @ApiProperty() outputTokens: number;
  @ApiProperty() calls: number;
  @ApiPropertyOptional({ description: 'Lo que cuestan los tokens, en céntimos, si el precio del modelo está configurado (MODEL_PRICES)' })
  costCents?: number;
}

const LOG_ENTRY_TYPES: LogEntryType[] = [
  'started',
  'topic',
  'coordinator',
  'assignment',
  'agent-working',
  'agent-response',
  'agent-failed',
  'synthesis',
  'completed',
  'failed',
  'cancelled',
];

const JSON_OBJECT = { type: 'object', additionalProperties: true } as const;

export class LogEntryDto implements LogEntry {
  @ApiProperty() seq: number;
  @ApiProperty({ description: 'ISO 8601' }) at: string;
  @ApiProperty({ enum: LOG_ENTRY_TYPES }) type: LogEntryType;
  @ApiProperty({ description: 'Qué ha pasado, en español' }) message: string;
  @ApiPropertyOptional() agentId?: string;
  @ApiPropertyOptional() agentName?: string;
  @ApiPropertyOptional({ type: TokenUsageDto, description: 'El uso de tokens, si el paso fue una llamada al modelo' }) usage?: TokenUsageDto;
  @ApiPropertyOptional({ description: 'Su coste en céntimos, si el precio del modelo está configurado' }) costCents?: number;
  @ApiPropertyOptional() durationMs?: number;
  @ApiPropertyOptional({
    oneOf: [JSON_OBJECT, { type: 'array', items: JSON_OBJECT }],
    description: 'Los datos del paso: el tema y las prioridades, las tareas asignadas, el texto de una respuesta…',
  })
  data?: unknown;
}

@ApiExtraModels(AgentResponseDto, AgentUsageDto)
export class CollaborationSessionDto {
  @ApiProperty() id: string;
  @ApiProperty({ type: [SessionAgentDto] }) agents: SessionAgentDto[];
  @ApiProperty({ type: SessionAgentDto, nullable: true, description: 'El agente con mejor valoración' }) coordinator: SessionAgentDto | null;
  @ApiProperty({ enum: ['idle', 'processing', 'completed', 'failed', 'cancelled'] }) status: SessionStatus;
  @ApiProperty() query: string;
  @ApiProperty({ type: String, nullable: true, description: 'legal, finance, marketing, tech, hr, operations o general' }) topic: string | null;
  @ApiProperty({ type: 'object', additionalProperties: { $ref: getSchemaPath(AgentResponseDto) }, description: 'Respuesta de cada agente, por id de agente' })
  responses: Record<string, AgentResponseDto>;
  @ApiProperty({ type: String, nullable: true }) finalResponse: string | null;
  @ApiProperty({
    type: [KnowledgeSourceDto],
    description: 'Las fuentes de la respuesta final: las de todos los agentes que han contribuido, cada fragmento una vez (vacía si ninguno tiene documentos)',
  })
  sources: KnowledgeSourceDto[];
  @ApiProperty({ type: String, nullable: true }) error: string | null;
  @ApiProperty() startTime: string;
  @ApiProperty({ type: String, nullable: true }) endTime: string | null;
  @ApiProperty({ type: [LogEntryDto], description: 'Cada paso con su hora (at), tipo, mensaje, uso de tokens y, si el modelo tiene precio, costCents (céntimos)' })
  deliberationLog: LogEntryDto[];
  @ApiProperty({ type: [TaskAssignmentDto] }) taskAssignments: TaskAssignmentDto[];
  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: getSchemaPath(AgentUsageDto) },
    description: 'Tokens por agente: inputTokens, outputTokens, calls y, si el precio del modelo está configurado (MODEL_PRICES), costCents (céntimos)',
  })
  usage: Record<string, AgentUsageDto>;
  @ApiProperty({ type: String, nullable: true }) conversationId: string | null;
  @ApiProperty({ type: String, nullable: true }) flowId: string | null;
  @ApiProperty({ type: String, nullable: true, description: "La sesión que repite ('Repetir')" }) replayOf: string | null;
}
