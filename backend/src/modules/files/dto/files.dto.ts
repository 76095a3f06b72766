import { ApiProperty } from '@nestjs/swagger';
import { IsString, IsUUID, MaxLength } from 'class-validator';

export class UploadFileBodyDto {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description: 'Imagen PNG, JPEG, WebP o GIF de hasta 2 MB, o documento PDF, DOCX, TXT, Markdown, HTML o CSV de hasta KNOWLEDGE_MAX_FILE_MB (20 MB por defecto)',
  })
  file: unknown;
}

export class UploadedFileDto {
  @ApiProperty({ format: 'uuid' }) fileId: string;
  @ApiProperty({ description: 'URL firmada del contenido, válida durante una hora' }) url: string;
}

export class SignedUrlDto {
  @ApiProperty({ description: 'URL firmada del contenido, válida durante una hora', example: '/api/files/{fileId}/content?expires=…&signature=…' })
  url: string;
}

export class RenewUrlDto {
  @ApiProperty({ description: 'La URL firmada (caducada o no) que se quiere renovar' })
  @IsString({ message: 'url debe ser un texto' })
  @MaxLength(2048, { message: 'url no puede superar los 2048 caracteres' })
  url: string;

  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'fileId debe ser un identificador de archivo válido' })
  fileId: string;
}
