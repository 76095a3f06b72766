import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DATA_EXPORT_STATUSES, type DataExportStatus } from '../entities/data-export.entity';

/** POST /me/export: the export asked, being prepared. */
export class DataExportRequestedDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: DATA_EXPORT_STATUSES }) status: DataExportStatus;
}

/** GET /me/export/{id}. */
export class DataExportDto extends DataExportRequestedDto {
  @ApiPropertyOptional({ description: 'Solo cuando está lista: el enlace firmado de descarga, válido 24 horas y solo con la sesión de quien la pidió' }) url?: string;
  @ApiPropertyOptional({ description: 'Solo cuando está lista: cuándo caduca el enlace (ISO 8601)' }) expiresAt?: string;
}
