import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentIdentity } from '../../common/auth/auth.decorators';
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
@ApiBearerAuth()
@Controller()
export class PublicationsController {
  constructor(private readonly publications: PublicationsService) {}

  @Post('agent/:id/publication')
  @ApiOperation({ summary: "Publica el agente como API y crea su clave 'Clave por defecto' (el secreto solo aparece en esta respuesta)" })
  @ApiCreatedResponse({ type: CreatedPublicationDto })
  @ApiForbiddenResponse({ description: 'Solo el creador del agente o un administrador puede publicarlo como API.' })
  @ApiNotFoundResponse({ description: 'Agente no encontrado' })
  @ApiConflictResponse({ description: 'Este agente ya está publicado como API; o la cuenta ya tiene el máximo de claves de API (API_KEYS_PER_ACCOUNT_MAX)' })
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
  @ApiNotFoundResponse({ description: NOT_FOUND })
  get(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string): Promise<PublicationDto> {
    return this.publications.get(identity, id);
  }

  @Put('publication/:id')
  @ApiOperation({ summary: "Cambia nombre, descripción, enabled o la versión fijada (un número o 'current')" })
  @ApiOkResponse({ type: PublicationDto })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  update(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string, @Body() body: UpdatePublicationDto): Promise<PublicationDto> {
    return this.publications.update(identity, id, body);
  }

  @Delete('publication/:id')
  @ApiOperation({ summary: 'Retira la publicación: sus claves dejan de funcionar al instante' })
  @ApiOkResponse({ type: DeletedPublicationDto })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  remove(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string): Promise<DeletedPublicationDto> {
    return this.publications.remove(identity, id);
  }

  @Post('publication/:id/keys')
  @ApiOperation({ summary: 'Crea una clave (el secreto solo aparece en esta respuesta)' })
  @ApiCreatedResponse({ type: CreatedApiKeyDto })
  @ApiBadRequestResponse({ description: 'Cuerpo no válido, expiresAt pasada o rateLimitPerMinute por encima de API_KEY_RATE_LIMIT_MAX' })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  @ApiConflictResponse({ description: 'La publicación (API_KEYS_PER_PUBLICATION_MAX) o la cuenta (API_KEYS_PER_ACCOUNT_MAX) ya tiene el máximo de claves' })
  createKey(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string, @Body() body: CreateApiKeyDto): Promise<CreatedApiKeyDto> {
    return this.publications.createKey(identity, id, body);
  }

  @Get('publication/:id/keys')
  @ApiOperation({ summary: 'Las claves vigentes: nombre, prefijo visible, límites y fechas; nunca el secreto' })
  @ApiOkResponse({ type: [ApiKeyDto] })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  listKeys(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string): Promise<ApiKeyDto[]> {
    return this.publications.listKeys(identity, id);
  }

  @Delete('publication/:id/keys/:keyId')
  @ApiOperation({ summary: 'Revoca la clave: deja de funcionar al instante en todas las instancias' })
  @ApiOkResponse({ type: DeletedApiKeyDto })
  @ApiNotFoundResponse({ description: 'Publicación o clave no encontrada' })
  revokeKey(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string, @Param('keyId') keyId: string): Promise<DeletedApiKeyDto> {
    return this.publications.revokeKey(identity, id, keyId);
  }

  @Get('publication/:id/usage')
  @ApiOperation({ summary: 'Uso por clave y día (UTC): peticiones, errores, tokens y latencia media' })
  @ApiOkResponse({ type: UsageDto })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  usage(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string, @Query() query: UsageQueryDto): Promise<UsageDto> {
    return this.publications.usageOf(identity, id, query);
  }

  @Get('publication/:id/openapi.json')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'El documento OpenAPI de la publicación (invoke y chat completions)' })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  async openApi(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string, @Req() request: Request): Promise<Record<string, unknown>> {
    return publicationOpenApi(await this.publications.find(identity, id), `${request.protocol}://${request.get('host') ?? 'localhost'}`);
  }
}
