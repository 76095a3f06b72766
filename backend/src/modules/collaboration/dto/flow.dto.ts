import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsNumber, IsOptional, IsString, Length, Matches, MaxLength, ValidateNested } from 'class-validator';
import { FORM_LIMITS } from '../../../common/validation/form-limits';

const FLOW = FORM_LIMITS.flow;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export class FlowPositionDto {
  @ApiProperty() @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'position.x debe ser un número' }) x: number;
  @ApiProperty() @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'position.y debe ser un número' }) y: number;
}

export class FlowNodeDto {
  @ApiProperty()
  @IsString({ message: 'el id de un nodo debe ser un texto' })
  @Matches(ID_PATTERN, { message: 'el id de un nodo no es válido' })
  id: string;

  @ApiProperty({ enum: ['agent', 'synthesis'] })
  @IsIn(['agent', 'synthesis'], { message: "el tipo de un nodo debe ser 'agent' o 'synthesis'" })
  type: 'agent' | 'synthesis';

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'agentId debe ser un texto' })
  @Matches(ID_PATTERN, { message: 'agentId no es válido' })
  agentId?: string;

  @ApiProperty({ type: FlowPositionDto })
  @ValidateNested()
  @Type(() => FlowPositionDto)
  position: FlowPositionDto;
}

export class FlowEdgeDto {
  @ApiProperty() @IsString({ message: 'source debe ser un texto' }) @MaxLength(64) source: string;
  @ApiProperty() @IsString({ message: 'target debe ser un texto' }) @MaxLength(64) target: string;
}

export class SaveFlowDto {
  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'name debe ser un texto' })
  @Length(FLOW.name.min, FLOW.name.max, { message: `name debe tener entre ${FLOW.name.min} y ${FLOW.name.max} caracteres` })
  name: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'description debe ser un texto' })
  @MaxLength(FLOW.description.max, { message: `description no puede superar los ${FLOW.description.max} caracteres` })
  description?: string;

  @ApiPropertyOptional({ description: 'Visible para todos los usuarios como plantilla' })
  @IsOptional()
  @IsBoolean({ message: 'isTemplate debe ser true o false' })
  isTemplate?: boolean;

  @ApiProperty({ type: [FlowNodeDto] })
  @IsArray({ message: 'nodes debe ser una lista' })
  @ArrayMaxSize(30, { message: 'nodes admite como máximo 30 nodos' })
  @ValidateNested({ each: true })
  @Type(() => FlowNodeDto)
  nodes: FlowNodeDto[];

  @ApiProperty({ type: [FlowEdgeDto] })
  @IsArray({ message: 'edges debe ser una lista' })
  @ArrayMaxSize(200, { message: 'edges admite como máximo 200 conexiones' })
  @ValidateNested({ each: true })
  @Type(() => FlowEdgeDto)
  edges: FlowEdgeDto[];
}

export class FlowDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty() isTemplate: boolean;
  @ApiProperty({ type: [FlowNodeDto] }) nodes: FlowNodeDto[];
  @ApiProperty({ type: [FlowEdgeDto] }) edges: FlowEdgeDto[];
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
}

export class DeletedFlowDto {
  @ApiProperty() success: true;
  @ApiProperty() id: string;
}
