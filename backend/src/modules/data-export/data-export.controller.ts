import { Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentIdentity, SignedInApi } from '../../common/auth/auth.decorators';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { ErrorBodyDto } from '../../common/errors/error-body.dto';
import { DataExportLimitError } from './data-export.errors';
import { DataExportService } from './data-export.service';
import { DataExportDto, DataExportRequestedDto } from './dto/data-export.dto';

const NOT_FOUND = 'Exportación no encontrada (también si es de otro usuario)';

@ApiTags('me')
@SignedInApi()
@Controller('me/export')
export class DataExportController {
  constructor(private readonly exports: DataExportService) {}

  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({ summary: "'Descargar mis datos': prepara en segundo plano un ZIP con todos los datos del usuario y lo avisa por correo" })
  @ApiAcceptedResponse({ type: DataExportRequestedDto })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: 'Ya pidió una exportación en las últimas 24 horas (Retry-After: segundos de espera)' })
  async request(@CurrentIdentity() identity: VerifiedIdentity, @Res({ passthrough: true }) response: Response): Promise<DataExportRequestedDto> {
    try {
      return await this.exports.request(identity);
    } catch (error) {
      if (error instanceof DataExportLimitError) response.setHeader('Retry-After', String(error.retryAfter));
      throw error;
    }
  }

  @Get(':id')
  @ApiOperation({ summary: 'El estado de una exportación y, cuando está lista, su enlace de descarga (24 horas)' })
  @ApiOkResponse({ type: DataExportDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_FOUND })
  @ApiGoneResponse({ type: ErrorBodyDto, description: 'El enlace caducó (24 horas) y el archivo se borra' })
  status(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string): Promise<DataExportDto> {
    return this.exports.status(identity, id);
  }

  @Get(':id/download')
  @ApiOperation({ summary: 'El ZIP de la exportación: el enlace firmado que da GET /me/export/{id}, con la sesión de quien la pidió' })
  @ApiQuery({ name: 'signature', type: String, required: true })
  @ApiOkResponse({ description: 'El ZIP, como descarga', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: 'La firma del enlace no es válida' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_FOUND })
  @ApiConflictResponse({ type: ErrorBodyDto, description: 'Todavía se está preparando, o falló' })
  @ApiGoneResponse({ type: ErrorBodyDto, description: 'El enlace caducó (24 horas)' })
  async download(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('id') id: string,
    @Query('signature') signature: unknown,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const file = await this.exports.download(identity, id, signature);
    response.setHeader('Cache-Control', 'private, no-store');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    return new StreamableFile(file.bytes, { type: 'application/zip', length: file.bytes.length, disposition: `attachment; filename="${file.name}"` });
  }
}
