import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Res, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiQuery,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentIdentity, Public, SignedInApi } from '../../common/auth/auth.decorators';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { ErrorBodyDto } from '../../common/errors/error-body.dto';
import { FileUploadInterceptor } from './file-upload.interceptor';
import { RenewUrlDto, SignedUrlDto, UploadedFileDto, UploadFileBodyDto } from './dto/files.dto';
import { FilesService, type UploadedImage } from './files.service';
import { ALLOWED_IMAGE_TYPES, isAllowedImageType } from './image-sniffing';

const DOCUMENT_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
  'text/markdown',
  'text/html',
  'text/csv',
];

/** RFC 6266 / 5987: an ASCII fallback and the UTF-8 name. */
function contentDisposition(name: string): string {
  const ascii = name.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'documento';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

@ApiTags('files')
@Controller('files')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @Post()
  @SignedInApi()
  @RateLimit({ rules: [{ by: 'user', quota: 'uploads' }] })
  @UseInterceptors(FileUploadInterceptor)
  @ApiOperation({
    summary: 'Sube una imagen (avatar de un agente o ecosistema) o un documento (para adjuntarlo a un chat o a una llamada, o para el conocimiento de un agente)',
    description:
      'Imagen PNG, JPEG, WebP o GIF de hasta 2 MB, o documento PDF, DOCX, TXT, Markdown, HTML o CSV de hasta KNOWLEDGE_MAX_FILE_MB (20 MB por defecto). El tipo se reconoce por el contenido; se guarda el nombre del archivo.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadFileBodyDto })
  @ApiCreatedResponse({ type: UploadedFileDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Sin archivo en el campo «file», más de uno, vacío, o declarado como imagen sin serlo (PNG, JPEG, WebP o GIF)' })
  @ApiPayloadTooLargeResponse({ type: ErrorBodyDto, description: 'La imagen supera los 2 MB, o el documento KNOWLEDGE_MAX_FILE_MB' })
  @ApiUnsupportedMediaTypeResponse({ type: ErrorBodyDto, description: 'Ni imagen ni documento PDF, DOCX, TXT, Markdown, HTML o CSV' })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: 'Más subidas por hora de las que permite RATE_LIMIT_UPLOADS_PER_HOUR (Retry-After: segundos de espera)' })
  upload(@CurrentIdentity() identity: VerifiedIdentity, @UploadedFile() file: UploadedImage | undefined): Promise<UploadedFileDto> {
    return this.files.upload(identity, file);
  }

  @Get('signed-url/:fileId')
  @Public()
  @ApiOperation({ summary: 'URL firmada del contenido de un archivo, válida durante una hora' })
  @ApiOkResponse({ type: SignedUrlDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Archivo no encontrado (también si es de otro usuario y no es un avatar público)' })
  signedUrl(@CurrentIdentity() identity: VerifiedIdentity | undefined, @Param('fileId') fileId: string): Promise<SignedUrlDto> {
    return this.files.signedUrl(identity, fileId);
  }

  @Post('renew-url')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Renueva una URL firmada (por ejemplo, caducada) de ese archivo' })
  @ApiOkResponse({ type: SignedUrlDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Cuerpo no válido, o la URL no corresponde a ese archivo' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Archivo no encontrado (también si es de otro usuario y no es un avatar público)' })
  renewUrl(@CurrentIdentity() identity: VerifiedIdentity | undefined, @Body() body: RenewUrlDto): Promise<SignedUrlDto> {
    return this.files.renewUrl(identity, body.url, body.fileId);
  }

  @Get(':fileId/content')
  @Public()
  @ApiOperation({
    summary: 'El contenido del archivo; la firma de la URL hace de permiso',
    description: 'El avatar de un agente o ecosistema público se sirve también sin firma (su dirección guardada no caduca).',
  })
  @ApiQuery({ name: 'expires', type: Number, required: false })
  @ApiQuery({ name: 'signature', type: String, required: false })
  @ApiOkResponse({
    description: 'Los bytes de la imagen (en línea) o del documento (como descarga, con su nombre)',
    content: Object.fromEntries([...ALLOWED_IMAGE_TYPES, ...DOCUMENT_TYPES].map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
  })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: 'El enlace ha caducado o no es válido.' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Archivo no encontrado.' })
  async content(
    @Param('fileId') fileId: string,
    @Query('expires') expires: unknown,
    @Query('signature') signature: unknown,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const file = await this.files.content(fileId, expires, signature);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    // Cached no longer than the URL is valid (a few minutes for an unsigned public avatar), never by shared caches.
    response.setHeader('Cache-Control', `private, max-age=${file.maxAge}`);
    response.setHeader('ETag', `"${file.sha256}"`);
    // The signed URL is the permission: the desktop app (another origin) must be able to show it.
    response.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    response.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    // A document (an HTML page too) is only ever downloaded, never shown by the browser as a page.
    const disposition = isAllowedImageType(file.contentType) ? 'inline' : contentDisposition(file.name ?? 'documento');
    return new StreamableFile(file.bytes, { type: file.contentType, length: file.bytes.length, disposition });
  }
}
