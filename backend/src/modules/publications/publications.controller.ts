import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentIdentity, SignedInApi } from '../../common/auth/auth.decorators';
import { ErrorBodyDto, INVALID_BODY } from '../../common/errors/error-body.dto';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import {
  ApiKeyDto,
  CreateApiKeyDto,
  CreatedApiKeyDto,
  CreatedPublicationDto,
  CreatePublicationDto,
  DeletedApiKeyDto,
  DeletedPublicationDto,
  PublicationDto,
  UpdatePublicationDto,
  UsageDto,
  UsageQueryDto,
} from './dto/publications.dto';
import { publicationOpenApi } from './openapi-document';
import { PublicationsService } from './publications.service';

const NOT_FOUND = 'Publicación no encontrada. (También a quien no es su dueño ni administrador.)';

/** Publishing agents as APIs and managing their keys (spec section 7, Publications). */
@ApiTags('publications')
@SignedInApi()
@Controller()
export class PublicationsController {
  constructor(private readonly publications: PublicationsService) {}

  @Post('agent/:id/publication')
  @ApiOperation({ summary: "Publica el agente como API y crea su clave 'Clave por defecto' (el secreto solo aparece en esta respuesta)" })
  @ApiCreatedResponse({ type: CreatedPublicationDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: 'Solo el creador del agente o un administrador puede publicarlo como API.' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Agente no encontrado' })
  @ApiConflictResponse({ type: ErrorBodyDto, description: 'Este agente ya está publicado como API; o la cuenta ya tiene el máximo de claves de API (API_KEYS_PER_ACCOUNT_MAX)' })
  publish(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string, @Body() body: CreatePublicationDto): Promise<CreatedPublicationDto> {
    return this.publications.publish(identity, id, body);
  }

  @Get('publications')
  @ApiOperation({ summary: 'Las publicaciones del usuario, con sus claves (sin secretos)' })
  @ApiOkResponse({ type: [PublicationDto] })
  list(@CurrentIdentity() identity: VerifiedIdentity): Promise<PublicationDto[]> {
    return this.publications.listMine(identity);
  }

  @Get('publication/:id')
  @ApiOkResponse({ type: PublicationDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_FOUND })
  get(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string): Promise<PublicationDto> {
    return this.publications.get(identity, id);
  }

  @Put('publication/:id')
  @ApiOperation({ summary: "Cambia nombre, descripción, enabled o la versión fijada (un número o 'current')" })
  @ApiOkResponse({ type: PublicationDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: `${INVALID_BODY}; o una versión fijada que el agente no tiene` })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_FOUND })
  update(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string, @Body() body: UpdatePublicationDto): Promise<PublicationDto> {
    return this.publications.update(identity, id, body);
  }

  @Delete('publication/:id')
  @ApiOperation({ summary: 'Retira la publicación: sus claves dejan de funcionar al instante' })
  @ApiOkResponse({ type: DeletedPublicationDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_FOUND })
  remove(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string): Promise<DeletedPublicationDto> {
    return this.publications.remove(identity, id);
  }

  @Post('publication/:id/keys')
  @ApiOperation({ summary: 'Crea una clave (el secreto solo aparece en esta respuesta)' })
  @ApiCreatedResponse({ type: CreatedApiKeyDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Cuerpo no válido, expiresAt pasada o rateLimitPerMinute por encima de API_KEY_RATE_LIMIT_MAX' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_FOUND })
  @ApiConflictResponse({ type: ErrorBodyDto, description: 'La publicación (API_KEYS_PER_PUBLICATION_MAX) o la cuenta (API_KEYS_PER_ACCOUNT_MAX) ya tiene el máximo de claves' })
  createKey(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string, @Body() body: CreateApiKeyDto): Promise<CreatedApiKeyDto> {
    return this.publications.createKey(identity, id, body);
  }

  @Get('publication/:id/keys')
  @ApiOperation({ summary: 'Las claves vigentes: nombre, prefijo visible, límites y fechas; nunca el secreto' })
  @ApiOkResponse({ type: [ApiKeyDto] })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_FOUND })
  listKeys(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string): Promise<ApiKeyDto[]> {
    return this.publications.listKeys(identity, id);
  }

  @Delete('publication/:id/keys/:keyId')
  @ApiOperation({ summary: 'Revoca la clave: deja de funcionar al instante en todas las instancias' })
  @ApiOkResponse({ type: DeletedApiKeyDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Publicación o clave no encontrada' })
  revokeKey(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string, @Param('keyId') keyId: string): Promise<DeletedApiKeyDto> {
    return this.publications.revokeKey(identity, id, keyId);
  }

  @Get('publication/:id/usage')
  @ApiOperation({ summary: 'Uso por clave y día (UTC): peticiones, errores, tokens y latencia media' })
  @ApiOkResponse({ type: UsageDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'from o to no es una fecha YYYY-MM-DD' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_FOUND })
  usage(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string, @Query() query: UsageQueryDto): Promise<UsageDto> {
    return this.publications.usageOf(identity, id, query);
  }

  @Get('publication/:id/openapi.json')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'El documento OpenAPI de la publicación (invoke y chat completions)' })
  @ApiOkResponse({
    description: 'Un documento OpenAPI 3.1',
    schema: {
      type: 'object',
      required: ['openapi', 'info', 'paths'],
      properties: {
        openapi: { type: 'string', example: '3.1.0' },
        info: { type: 'object', properties: { title: { type: 'string' }, description: { type: 'string' }, version: { type: 'string' } } },
        servers: { type: 'array', items: { type: 'object', properties: { url: { type: 'string' } } } },
        paths: { type: 'object', additionalProperties: true, description: 'invoke, chat completions y models' },
      },
      additionalProperties: true,
    },
  })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_FOUND })
  async openApi(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string, @Req() request: Request): Promise<Record<string, unknown>> {
    return publicationOpenApi(await this.publications.find(identity, id), `${request.protocol}://${request.get('host') ?? 'localhost'}`);
  }
}
