import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsDateString, IsIn, IsInt, IsOptional, IsString, Length, Max, MaxLength, Min } from 'class-validator';
import { AGENT_CATEGORIES, describeAgentCategories, toAgentCategory } from '../../agents/agent-categories';
import { FORM_LIMITS } from '../../../common/validation/form-limits';
import { PageNumberQueryDto } from '../../../common/validation/page-number-query.dto';

const AGENT = FORM_LIMITS.agent;
const REASON = FORM_LIMITS.moderation.reason;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export const USER_STATES = ['confirmed', 'unconfirmed', 'disabled'] as const;
export type AdminUserState = (typeof USER_STATES)[number];

export class PageQueryDto extends PageNumberQueryDto {
  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit debe ser un número entero' })
  @Min(1, { message: 'limit debe ser mayor o igual que 1' })
  @Max(100, { message: 'limit no puede superar 100' })
  limit?: number;
}

/** The dashboard's periods: the last 7, 30 or 90 days (one figure a day) or 12 months (one a month). */
export const METRICS_PERIODS = ['7d', '30d', '90d', '12m'] as const;
export type MetricsPeriod = (typeof METRICS_PERIODS)[number];

export class MetricsPeriodQueryDto {
  @ApiPropertyOptional({ enum: METRICS_PERIODS, description: 'Los últimos 7, 30 o 90 días, o los últimos 12 meses' })
  @IsOptional()
  @IsIn(METRICS_PERIODS, { message: 'period debe ser 7d, 30d, 90d o 12m' })
  period?: MetricsPeriod;
}

export class AdminUsersQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: USER_STATES })
  @IsOptional()
  @IsIn(USER_STATES, { message: 'status debe ser confirmed, unconfirmed o disabled' })
  status?: AdminUserState;

  @ApiPropertyOptional({ description: 'Texto en el nombre de usuario, el correo o el nombre (sin distinguir mayúsculas)' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'search debe ser un texto' })
  @MaxLength(200, { message: 'search no puede superar los 200 caracteres' })
  search?: string;
}

export class AdminUserDto {
  @ApiProperty({ description: 'El sujeto (sub) de la identidad' }) id: string;
  @ApiProperty() username: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true }) contactName: string | null;
  @ApiProperty({ enum: USER_STATES }) status: AdminUserState;
  @ApiProperty({ enum: ['admin', 'user'] }) role: 'admin' | 'user';
  @ApiProperty() createdAt: string;
}

export class AdminUserPageDto {
  @ApiProperty({ type: [AdminUserDto] }) items: AdminUserDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}

export class SetRoleDto {
  @ApiProperty({ enum: ['admin', 'user'] })
  @IsIn(['admin', 'user'], { message: "role debe ser 'admin' o 'user'" })
  role: 'admin' | 'user';
}

/** PUT /api-admin/agents/{id}: the fields of the 'Editar Agente' modal. */
export class AdminUpdateAgentDto {
  @ApiProperty({ example: 'Asistente Legal' })
  @Transform(trim)
  @IsString({ message: 'El nombre es obligatorio.' })
  @Length(AGENT.name.min, AGENT.name.max, { message: `El nombre es obligatorio (máximo ${AGENT.name.max} caracteres).` })
  name: string;

  @ApiProperty({ enum: AGENT_CATEGORIES, example: 'legal' })
  @Transform(({ value }) => (typeof value === 'string' ? (toAgentCategory(value.trim()) ?? value.trim()) : value))
  @IsString({ message: 'La categoría es obligatoria.' })
  @Length(1, 60, { message: 'La categoría es obligatoria.' })
  @IsIn(AGENT_CATEGORIES, { message: `La categoría debe ser una de: ${describeAgentCategories()}` })
  category: string;

  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'La descripción es obligatoria.' })
  @Length(AGENT.description.min, AGENT.description.max, { message: `La descripción es obligatoria (máximo ${AGENT.description.max} caracteres).` })
  description: string;
}

export class AdminPromptDto {
  @ApiProperty({ description: 'El nuevo prompt de sistema; se guarda como nueva versión actual' })
  @IsString({ message: 'El prompt debe ser un texto.' })
  @Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? '' : value))
  @Length(FORM_LIMITS.prompt.prompt.min, FORM_LIMITS.prompt.prompt.max, { message: 'El prompt no puede estar vacío.' })
  prompt: string;
}

export class PeriodDto {
  @ApiProperty({ example: '2026-11-01' })
  @IsDateString({}, { message: 'startDate debe ser una fecha (AAAA-MM-DD)' })
  startDate: string;

  @ApiProperty({ example: '2026-11-30', description: 'Incluido (el día entero)' })
  @IsDateString({}, { message: 'endDate debe ser una fecha (AAAA-MM-DD)' })
  endDate: string;
}

export class RejectAgentDto {
  @ApiProperty({ description: 'Por qué se rechaza (se guarda en el registro de auditoría)' })
  @Transform(trim)
  @IsString({ message: 'El motivo es obligatorio.' })
  @Length(REASON.min, REASON.max, { message: `El motivo es obligatorio (máximo ${REASON.max} caracteres).` })
  reason: string;
}
