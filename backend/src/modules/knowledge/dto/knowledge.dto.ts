import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { FORM_LIMITS } from '../../../common/validation/form-limits';
import { IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min, MinLength } from 'class-validator';

export const KNOWLEDGE_STATUSES = ['processing', 'ready', 'failed'] as const;
export const SEARCH_QUERY_MAX = FORM_LIMITS.knowledge.searchQuery.max;
export const SEARCH_LIMIT_MAX = FORM_LIMITS.knowledge.searchLimit.max;
export const SEARCH_LIMIT_DEFAULT = 5;

export class AddKnowledgeBodyDto {
  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'El documento (PDF, DOCX, TXT, Markdown, HTML o CSV), en un formulario multipart/form-data' })
  file?: unknown;

  @ApiPropertyOptional({ format: 'uuid', description: 'En lugar de «file», el id de un archivo tuyo subido con POST /api/files' })
  @IsOptional()
  @IsUUID('all', { message: 'fileId debe ser un identificador de archivo válido' })
  fileId?: string;
}

export class KnowledgeDocumentDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'El nombre del archivo' }) name: string;
  @ApiProperty({ description: 'El formato, reconocido por el contenido', example: 'application/pdf' }) mimeType: string;
  @ApiProperty({ description: 'Bytes' }) size: number;
  @ApiProperty({ enum: KNOWLEDGE_STATUSES }) status: (typeof KNOWLEDGE_STATUSES)[number];
  @ApiProperty({ description: 'Páginas del documento (1 en formatos sin páginas; 0 mientras no se sabe)' }) pages: number;
  @ApiProperty({ description: 'Páginas ya procesadas, para «Procesando 12 de 40 páginas»' }) pagesDone: number;
  @ApiProperty({ description: 'Fragmentos guardados' }) chunks: number;
  @ApiProperty({ type: String, nullable: true, description: 'Por qué falló, en español; null si no falló' }) error: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class KnowledgeDocumentListDto {
  @ApiProperty({ type: [KnowledgeDocumentDto], description: 'Los documentos del agente, el más reciente primero' })
  items: KnowledgeDocumentDto[];
}

export class KnowledgeSearchDto {
  @ApiProperty({ description: 'La pregunta o las palabras que buscar', minLength: 1, maxLength: SEARCH_QUERY_MAX })
  @IsString({ message: 'query debe ser un texto' })
  @MinLength(1, { message: 'Escribe qué quieres buscar' })
  @MaxLength(SEARCH_QUERY_MAX, { message: `query no puede superar los ${SEARCH_QUERY_MAX} caracteres` })
  query: string;

  @ApiPropertyOptional({ minimum: 1, maximum: SEARCH_LIMIT_MAX, default: SEARCH_LIMIT_DEFAULT, description: 'Cuántos fragmentos devolver' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: `limit debe ser un número entero entre 1 y ${SEARCH_LIMIT_MAX}` })
  @Min(1, { message: `limit debe ser un número entero entre 1 y ${SEARCH_LIMIT_MAX}` })
  @Max(SEARCH_LIMIT_MAX, { message: `limit debe ser un número entero entre 1 y ${SEARCH_LIMIT_MAX}` })
  limit?: number;
}

export class KnowledgeSearchItemDto {
  @ApiProperty({ format: 'uuid' }) documentId: string;
  @ApiProperty() documentName: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Página (1 la primera) en formatos con páginas; null en los demás' }) page: number | null;
  @ApiProperty({ description: 'El fragmento' }) text: string;
  @ApiProperty({ description: 'Relevancia: más alta, mejor' }) score: number;
}

export class KnowledgeSearchResultDto {
  @ApiProperty({ type: [KnowledgeSearchItemDto], description: 'Los fragmentos que mejor responden, el mejor primero' })
  items: KnowledgeSearchItemDto[];
}
