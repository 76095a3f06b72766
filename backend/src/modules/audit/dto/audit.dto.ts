import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** What a row records of the thing before or after the action: an object of its fields, or null. */
export type AuditState = Record<string, unknown> | null;

const STATE = { type: 'object', additionalProperties: true, nullable: true } as const;

export class AuditEntryDto {
  @ApiProperty({ description: 'Consecutivo desde 1: un hueco es una fila borrada' }) id: number;
  @ApiProperty({ description: 'ISO 8601' }) at: string;
  @ApiProperty({ description: "El sub de quien lo hizo ('system' para el propio servidor)" }) actorSub: string;
  @ApiProperty({ example: 'user.disable' }) action: string;
  @ApiProperty({ example: 'user:{sub}' }) target: string;
  @ApiProperty({ ...STATE, description: 'Los campos antes de la acción' }) before: AuditState;
  @ApiProperty({ ...STATE, description: 'Los campos después de la acción' }) after: AuditState;
  @ApiProperty({ description: 'El hash de la fila anterior' }) prevHash: string;
  @ApiProperty() hash: string;
}

export class AuditPageDto {
  @ApiProperty({ type: [AuditEntryDto], description: 'La más reciente primero' }) items: AuditEntryDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}

export class AuditHeadDto {
  @ApiProperty() id: number;
  @ApiProperty({ description: 'ISO 8601' }) at: string;
  @ApiProperty() hash: string;
}

export class AuditVerificationDto {
  @ApiProperty() valid: boolean;
  @ApiProperty({ description: 'Filas comprobadas' }) checked: number;
  @ApiPropertyOptional({ description: 'La primera fila alterada (solo si valid es false)' }) firstBrokenId?: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'La primera fila firmada con la clave (HMAC); las anteriores son de antes de la clave. Null si ninguna está firmada',
  })
  keyedFrom: number | null;
  @ApiProperty({
    type: AuditHeadDto,
    nullable: true,
    description: 'La fila más reciente: quien la anota nota una cadena recortada o reescrita entera',
  })
  head: AuditHeadDto | null;
}
