import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { FORM_LIMITS } from '../../../common/validation/form-limits';
import { REPORT_ACTIONS, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGETS, type ReportAction, type ReportReason, type ReportStatus, type ReportTarget } from '../entities/report.entity';

const REVIEW = FORM_LIMITS.review;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateReportDto {
  @ApiProperty({ enum: REPORT_REASONS, description: 'spam, offensive (ofensivo), misleading (engañoso), illegal (ilegal) u other (otro)' })
  @IsIn(REPORT_REASONS, { message: 'reason debe ser spam, offensive, misleading, illegal u other' })
  reason: ReportReason;

  @ApiPropertyOptional({ maxLength: REVIEW.reportDetails.max })
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: 'details debe ser un texto' })
  @MaxLength(REVIEW.reportDetails.max, { message: `Los detalles no pueden superar los ${REVIEW.reportDetails.max} caracteres.` })
  details?: string;
}

export class ReportReceiptDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: REPORT_TARGETS }) targetType: ReportTarget;
  @ApiProperty() targetId: string;
  @ApiProperty({ enum: REPORT_STATUSES }) status: ReportStatus;
  @ApiProperty() createdAt: string;
}

export class ReportsQueryDto {
  @ApiPropertyOptional({ enum: REPORT_STATUSES, default: 'open' })
  @IsOptional()
  @IsIn(REPORT_STATUSES, { message: 'status debe ser open o resolved' })
  status?: ReportStatus;
}

export class ResolveReportDto {
  @ApiProperty({ enum: REPORT_ACTIONS, description: 'hide: oculta la valoración; unpublish: el agente vuelve a privado (se avisa a su creador); dismiss: se descarta' })
  @IsIn(REPORT_ACTIONS, { message: 'action debe ser hide, unpublish o dismiss' })
  action: ReportAction;

  @ApiProperty({ maxLength: REVIEW.resolutionNote.max, description: 'Por qué; al despublicar, el creador lo recibe' })
  @Transform(trimmed)
  @IsString({ message: 'note debe ser un texto' })
  @MaxLength(REVIEW.resolutionNote.max, { message: `La nota no puede superar los ${REVIEW.resolutionNote.max} caracteres.` })
  note: string;
}

export class ReportedReviewDto {
  @ApiProperty() id: string;
  @ApiProperty() rating: number;
  @ApiProperty({ type: String, nullable: true }) comment: string | null;
  @ApiProperty() authorUsername: string;
  @ApiProperty() hidden: boolean;
}

export class AdminReportDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: REPORT_TARGETS }) targetType: ReportTarget;
  @ApiProperty() targetId: string;
  @ApiProperty() agentId: string;
  @ApiProperty({ type: String, nullable: true, description: 'null si el agente ya no existe' }) agentName: string | null;
  @ApiProperty({ type: ReportedReviewDto, nullable: true, description: 'La valoración denunciada (si es una valoración)' }) review: ReportedReviewDto | null;
  @ApiProperty({ enum: REPORT_REASONS }) reason: ReportReason;
  @ApiProperty({ type: String, nullable: true }) details: string | null;
  @ApiProperty({ description: 'Nombre público de quien denuncia' }) reporter: string;
  @ApiProperty({ enum: REPORT_STATUSES }) status: ReportStatus;
  @ApiProperty({ enum: REPORT_ACTIONS, nullable: true }) action: ReportAction | null;
  @ApiProperty({ type: String, nullable: true }) note: string | null;
  @ApiProperty() createdAt: string;
  @ApiProperty({ type: String, nullable: true }) resolvedAt: string | null;
}

export class AdminReportListDto {
  @ApiProperty({ type: [AdminReportDto] }) items: AdminReportDto[];
}
