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
} from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentIdentity, Public, SignedInApi } from '../../common/auth/auth.decorators';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { AvatarUploadInterceptor } from './avatar-upload.interceptor';
import { RenewUrlDto, SignedUrlDto, UploadedFileDto, UploadFileBodyDto } from './dto/files.dto';
import { FilesService, type UploadedImage } from './files.service';
import { ALLOWED_IMAGE_TYPES } from './image-sniffing';
import { ErrorBodyDto } from '../../common/errors/error-body.dto';

@ApiTags('files')
@Controller('files')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @Post()
  @SignedInApi()
  @RateLimit({ rules: [{ by: 'user', quota: 'uploads' }] })
  @UseInterceptors(AvatarUploadInterceptor)
  @ApiOperation({ summary: 'Sube una imagen (avatar de un agente o ecosistema)' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadFileBodyDto })
  @ApiCreatedResponse({ type: UploadedFileDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Sin imagen en el campo «file», más de una, o un archivo que no es PNG, JPEG, WebP ni GIF' })
  @ApiPayloadTooLargeResponse({ type: ErrorBodyDto, description: 'La imagen supera los 2 MB' })
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
    description: 'Los bytes de la imagen',
    content: Object.fromEntries(ALLOWED_IMAGE_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
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
    return new StreamableFile(file.bytes, { type: file.contentType, length: file.bytes.length, disposition: 'inline' });
  }
}
