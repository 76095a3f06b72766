import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { EXPECTATION_KINDS, type ExpectationKind } from '../entities/prompt-test-case.entity';
import { FORM_LIMITS } from '../../../common/validation/form-limits';

const PROMPT = FORM_LIMITS.prompt;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The same bound as an agent's `prompt` (POST /agents). */
export const PROMPT_MAX_LENGTH = PROMPT.prompt.max;

export class PromptVersionDto {
  @ApiProperty() agentId: string;
  @ApiProperty({ description: 'Número de versión: 1, 2, 3… (nunca se reutiliza)' }) version: number;
  @ApiProperty() prompt: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty() isCurrentVersion: boolean;
  @ApiProperty({ description: 'Nombre público de quien la creó (nunca su correo)' }) createdBy: string;
  @ApiProperty() createdAt: Date;
}

export class CreatePromptVersionDto {
  @ApiProperty({ example: 'a1b2c3' })
  @IsString({ message: 'agentId debe ser un texto' })
  @IsNotEmpty({ message: 'agentId es obligatorio' })
  @MaxLength(64, { message: 'agentId no puede superar los 64 caracteres' })
  agentId: string;

  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'prompt debe ser un texto' })
  @IsNotEmpty({ message: 'El prompt no puede estar vacío.' })
  @MaxLength(PROMPT_MAX_LENGTH, { message: `prompt no puede superar los ${PROMPT_MAX_LENGTH} caracteres` })
  prompt: string;

  @ApiPropertyOptional({ description: "Por defecto 'Versión {n}'" })
  @IsOptional()
  @IsString({ message: 'versionName debe ser un texto' })
  @MaxLength(PROMPT.versionName.max, { message: `versionName no puede superar los ${PROMPT.versionName.max} caracteres` })
  versionName?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'versionDescription debe ser un texto' })
  @MaxLength(PROMPT.versionDescription.max, { message: `versionDescription no puede superar los ${PROMPT.versionDescription.max} caracteres` })
  versionDescription?: string;
}

export class DeletedPromptDto {
  @ApiProperty() success: true;
  @ApiProperty() agentId: string;
}

export class DeletedPromptVersionDto extends DeletedPromptDto {
  @ApiProperty() version: number;
}

export class DeletedTestCaseDto {
  @ApiProperty() success: true;
  @ApiProperty() id: string;
}

export class SetCurrentQueryDto {
  @ApiPropertyOptional({
    description:
      "true: la establece aunque su última prueba superase menos casos que la actual (sin él, 409 con code 'CandidatePassesFewerTests')",
  })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'force debe ser true o false' })
  force?: 'true' | 'false';
}

export class EnhancePromptDto {
  @ApiProperty()
  // A missing or non-text prompt gets the spec's one message for an empty one (from the service).
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value : ''))
  @MaxLength(PROMPT_MAX_LENGTH, { message: `prompt no puede superar los ${PROMPT_MAX_LENGTH} caracteres` })
  prompt?: string;
}

export class EnhancedPromptDto {
  @ApiProperty() originalPrompt: string;
  @ApiProperty() enhancedPrompt: string;
}

export class ExpectationDto {
  @ApiProperty({
    enum: EXPECTATION_KINDS,
    description: "contains / not-contains: el texto, sin distinguir mayúsculas; matches: una expresión regular (JavaScript, flag 'i')",
  })
  @IsIn(EXPECTATION_KINDS, { message: `expectation.kind debe ser uno de: ${EXPECTATION_KINDS.join(', ')}` })
  kind: ExpectationKind;

  @ApiProperty()
  @IsString({ message: 'expectation.value debe ser un texto' })
  @Matches(/\S/, { message: 'expectation.value no puede estar vacío' })
  @MaxLength(PROMPT.expectation.max, { message: `expectation.value no puede superar los ${PROMPT.expectation.max} caracteres` })
  value: string;
}

export class SaveTestCaseDto {
  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'question debe ser un texto' })
  @IsNotEmpty({ message: 'La pregunta no puede estar vacía.' })
  @MaxLength(PROMPT.question.max, { message: `question no puede superar los ${PROMPT.question.max} caracteres` })
  question: string;

  @ApiPropertyOptional({ type: ExpectationDto, nullable: true, description: 'Sin expectativa, el caso se supera si el modelo responde' })
  @IsOptional()
  @ValidateNested()
  @Type(() => ExpectationDto)
  expectation?: ExpectationDto | null;
}

export class TestCaseDto {
  @ApiProperty() id: string;
  @ApiProperty() agentId: string;
  @ApiProperty() question: string;
  @ApiProperty({ type: ExpectationDto, nullable: true }) expectation: ExpectationDto | null;
  @ApiProperty() createdAt: Date;
}

export class CaseOutcomeDto {
  @ApiProperty({ description: 'La respuesta del modelo (vacía si falló)' }) output: string;
  @ApiProperty() passed: boolean;
  @ApiPropertyOptional({ description: 'Por qué no hubo respuesta (error del modelo o tiempo agotado)' }) error?: string;
}

export class CaseResultDto {
  @ApiProperty() testCaseId: string;
  @ApiProperty() question: string;
  @ApiProperty({ type: ExpectationDto, nullable: true }) expectation: ExpectationDto | null;
  @ApiProperty({ type: CaseOutcomeDto }) candidate: CaseOutcomeDto;
  @ApiProperty({ type: CaseOutcomeDto }) current: CaseOutcomeDto;
}

export class TestRunDto {
  @ApiProperty() agentId: string;
  @ApiProperty() candidateVersion: number;
  @ApiProperty() currentVersion: number;
  @ApiProperty() total: number;
  @ApiProperty() candidatePassed: number;
  @ApiProperty() currentPassed: number;
  @ApiProperty({ type: [CaseResultDto] }) results: CaseResultDto[];
  @ApiProperty() ranAt: Date;
}
