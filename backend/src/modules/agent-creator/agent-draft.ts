import { ApiProperty } from '@nestjs/swagger';
import { plainToInstance, Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsNumber,
  IsString,
  Max,
  MaxLength,
  Min,
  validateSync,
  type ValidationError,
} from 'class-validator';
import { MaxDecimalPlaces } from '../../common/validation/max-decimal-places';
import { AGENT_CATEGORIES, type AgentCategory, toAgentCategory } from '../agents/agent-categories';
import type { SaveAgentDto } from '../agents/dto/agent.dto';
import type { Agent } from '../agents/entities/agent.entity';
import type { ResponseSchema } from '../models/model-gateway';
import type { StructuredReader } from '../models/structured-output';

const LIST_MAX = 50;
const ITEM_MAX = 200;

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Items trimmed, blanks and repeats dropped: a list edited by hand or by a model has both. */
const cleanList = ({ value }: { value: unknown }) =>
  Array.isArray(value)
    ? [...new Set(value.map((item) => (typeof item === 'string' ? item.trim() : item)))].filter((item) => item !== '')
    : value;

const list = (field: string) => [
  Transform(cleanList),
  IsArray({ message: `${field} debe ser una lista de textos` }),
  ArrayMaxSize(LIST_MAX, { message: `${field} admite como máximo ${LIST_MAX} elementos` }),
  IsString({ each: true, message: `${field} debe ser una lista de textos` }),
  MaxLength(ITEM_MAX, { each: true, message: `cada elemento de ${field} puede tener como máximo ${ITEM_MAX} caracteres` }),
];

function applyAll(decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => decorators.forEach((decorator) => decorator(target, key));
}

/**
 * The agent being created or changed by conversation, as the chat's side panel shows it. Every
 * field is present from the first turn (empty until the interview fills it); saving needs a name,
 * a description and a system prompt (missingForSave).
 */
export class AgentDraftDto {
  @ApiProperty({ example: 'Asesor de Alquileres' })
  @Transform(trimmed)
  @IsString({ message: 'draft.name debe ser un texto' })
  @MaxLength(120, { message: 'draft.name puede tener como máximo 120 caracteres' })
  name: string;

  @ApiProperty({ enum: AGENT_CATEGORIES })
  @IsIn(AGENT_CATEGORIES, { message: `draft.category debe ser una de: ${AGENT_CATEGORIES.join(', ')}` })
  category: AgentCategory;

  @ApiProperty()
  @Transform(trimmed)
  @IsString({ message: 'draft.description debe ser un texto' })
  @MaxLength(5000, { message: 'draft.description puede tener como máximo 5000 caracteres' })
  description: string;

  @ApiProperty({ type: [String] })
  @applyAll(list('draft.skills'))
  skills: string[];

  @ApiProperty({ type: [String] })
  @applyAll(list('draft.capabilities'))
  capabilities: string[];

  @ApiProperty({ type: [String] })
  @applyAll(list('draft.useCases'))
  useCases: string[];

  @ApiProperty({ description: 'Las instrucciones del agente (su prompt de sistema)' })
  @IsString({ message: 'draft.systemPrompt debe ser un texto' })
  @MaxLength(100000, { message: 'draft.systemPrompt puede tener como máximo 100000 caracteres' })
  systemPrompt: string;

  @ApiProperty({ description: 'El modelo de sus chats; vacío: el modelo por defecto' })
  @Transform(trimmed)
  @IsString({ message: 'draft.modelId debe ser un texto' })
  @MaxLength(200, { message: 'draft.modelId puede tener como máximo 200 caracteres' })
  modelId: string;

  @ApiProperty({ minimum: 0 })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'draft.price debe ser un número con como máximo 2 decimales' })
  @MaxDecimalPlaces(2, { message: 'draft.price debe ser un número con como máximo 2 decimales' })
  @Min(0, { message: 'draft.price debe ser mayor o igual que 0' })
  @Max(99999999, { message: 'draft.price es demasiado alto' })
  price: number;

  @ApiProperty()
  @IsBoolean({ message: 'draft.isPublic debe ser true o false' })
  isPublic: boolean;
}

export function emptyDraft(): AgentDraftDto {
  return Object.assign(new AgentDraftDto(), {
    name: '',
    category: 'general',
    description: '',
    skills: [],
    capabilities: [],
    useCases: [],
    systemPrompt: '',
    modelId: '',
    price: 0,
    isPublic: false,
  });
}

/** An existing agent as a draft to change by conversation. */
export function draftOf(agent: Agent, prompt: string | null): AgentDraftDto {
  return Object.assign(new AgentDraftDto(), {
    name: agent.name,
    category: toAgentCategory(agent.category) ?? 'general',
    description: agent.description,
    skills: agent.skills ?? [],
    capabilities: agent.capabilities ?? [],
    useCases: agent.useCases ?? [],
    systemPrompt: prompt ?? '',
    modelId: agent.modelId ?? '',
    price: Number(agent.price),
    isPublic: agent.isPublic,
  });
}

/** What saving still needs, in the words the user sees ('nombre', 'descripción'…). */
export function missingForSave(draft: AgentDraftDto): string[] {
  const missing: string[] = [];
  if (!draft.name) missing.push('el nombre');
  if (!draft.description) missing.push('la descripción');
  if (!draft.systemPrompt.trim()) missing.push('las instrucciones (prompt del sistema)');
  return missing;
}

/** The draft as the agents API saves it; its prompt becomes the agent's (first or next) prompt. */
export function toSaveAgent(draft: AgentDraftDto, id?: string): SaveAgentDto {
  return {
    ...(id !== undefined ? { id } : {}),
    name: draft.name,
    category: draft.category,
    description: draft.description,
    skills: draft.skills,
    capabilities: draft.capabilities,
    useCases: draft.useCases,
    price: draft.price,
    isPublic: draft.isPublic,
    modelConfig: { modelId: draft.modelId || null },
    prompt: draft.systemPrompt,
  };
}

/** The creator's structured reply: what it says in the chat and the whole draft as it now stands. */
export interface CreatorReply {
  reply: string;
  draft: Omit<AgentDraftDto, 'modelId'>;
}

const stringList = { type: 'array', items: { type: 'string' } };

/**
 * The model fills everything but the model id: it cannot know which models this deployment serves,
 * so that one is the user's choice, kept from the draft they sent.
 */
export const CREATOR_REPLY_SCHEMA: ResponseSchema = {
  name: 'borrador_de_agente',
  description: 'Tu respuesta al usuario y el borrador completo del agente tal como queda tras este turno.',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['reply', 'draft'],
    properties: {
      reply: { type: 'string', description: 'Lo que dices al usuario, en español' },
      draft: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'category', 'description', 'skills', 'capabilities', 'useCases', 'systemPrompt', 'price', 'isPublic'],
        properties: {
          name: { type: 'string' },
          category: { type: 'string', enum: [...AGENT_CATEGORIES] },
          description: { type: 'string' },
          skills: stringList,
          capabilities: stringList,
          useCases: stringList,
          systemPrompt: { type: 'string' },
          price: { type: 'number', minimum: 0 },
          isPublic: { type: 'boolean' },
        },
      },
    },
  },
};

/** Reads the creator's reply; the draft is checked with the same rules as one the user sends. */
export function creatorReplyReader(modelId: string): StructuredReader<{ reply: string; draft: AgentDraftDto }> {
  return (value) => {
    const candidate = value as { reply?: unknown; draft?: unknown } | null;
    if (typeof candidate !== 'object' || candidate === null) return { ok: false, problems: 'la respuesta debe ser un objeto' };
    if (typeof candidate.reply !== 'string' || !candidate.reply.trim()) return { ok: false, problems: 'falta reply (texto)' };
    if (typeof candidate.draft !== 'object' || candidate.draft === null) return { ok: false, problems: 'falta draft (objeto)' };
    const draft = plainToInstance(AgentDraftDto, { ...candidate.draft, modelId });
    const errors = validateSync(draft);
    if (errors.length > 0) return { ok: false, problems: describe(errors) };
    return { ok: true, value: { reply: candidate.reply.trim(), draft } };
  };
}

function describe(errors: ValidationError[]): string {
  return errors.flatMap((error) => Object.values(error.constraints ?? { [error.property]: `${error.property} no es válido` })).join('; ');
}
