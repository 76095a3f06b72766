import { Body, Controller, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentIdentity, Public, SignedInApi } from '../../common/auth/auth.decorators';
import { ErrorBodyDto, INVALID_BODY } from '../../common/errors/error-body.dto';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import { MarketplaceCache } from '../agents/marketplace/marketplace-cache';
import { ListingQueryDto, MarketplaceQueryDto } from '../agents/marketplace/marketplace-query.dto';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { CreateEcosystemDto, EcosystemDto, EcosystemPageDto, UpdateEcosystemDto } from './dto/ecosystem.dto';
import { EcosystemsService } from './ecosystems.service';

const INVALID_FILTERS = 'Un filtro no es válido (por ejemplo, maxPrice menor que minPrice)';

@ApiTags('ecosystems')
@ApiBearerAuth()
@ApiExtraModels(EcosystemDto, EcosystemPageDto)
@Controller('ecosystems')
export class EcosystemsController {
  constructor(private readonly ecosystems: EcosystemsService) {}

  @Get()
  @Public()
  @ApiOperation({
    summary: 'Ecosistemas visibles para quien llama',
    description: 'Lista simple; con page o limit devuelve { items, total, page, limit }.',
  })
  @ApiOkResponse({
    schema: {
      oneOf: [{ type: 'array', items: { $ref: getSchemaPath(EcosystemDto) } }, { $ref: getSchemaPath(EcosystemPageDto) }],
    },
  })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_FILTERS })
  list(
    @CurrentIdentity() identity: VerifiedIdentity | undefined,
    @Query() query: ListingQueryDto,
  ): Promise<EcosystemDto[] | EcosystemPageDto> {
    return this.ecosystems.list(identity, query);
  }

  @Get(':id')
  @Public()
  @ApiOkResponse({ type: EcosystemDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Ecosistema no encontrado (también si es privado de otro usuario)' })
  get(@CurrentIdentity() identity: VerifiedIdentity | undefined, @Param('id') id: string): Promise<EcosystemDto> {
    return this.ecosystems.get(identity, id);
  }

  @Post()
  @SignedInApi()
  @RateLimit({ rules: [{ by: 'user', quota: 'ecosystems' }] })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: 'Más ecosistemas por hora de los que permite RATE_LIMIT_ECOSYSTEMS_PER_HOUR (Retry-After: segundos de espera)' })
  @ApiOperation({ summary: "Crea un ecosistema (categoría 'test' y autor 'admin' por defecto)" })
  @ApiCreatedResponse({ type: EcosystemDto })
  @ApiBadRequestResponse({
    type: ErrorBodyDto,
    description: `${INVALID_BODY}; o nombra agentes que no existen, agentes privados en un ecosistema público, un precio menor que lo que se debe a los creadores, o un avatar de un servidor no permitido`,
  })
  @ApiForbiddenResponse({
    type: ErrorBodyDto,
    description: 'createdBy no es quien llama, destaca el ecosistema o cambia su popularidad sin ser admin, incluye agentes de pago ajenos que no lo permiten, o el avatar es de otro usuario',
  })
  create(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: CreateEcosystemDto): Promise<EcosystemDto> {
    return this.ecosystems.create(identity, body);
  }

  @Put(':id')
  @SignedInApi()
  @ApiOperation({ summary: "Cambia el nombre, la descripción, el precio o la visibilidad de un ecosistema propio ('Mi Oficina'); lo que falta no cambia" })
  @ApiOkResponse({ type: EcosystemDto })
  @ApiBadRequestResponse({
    type: ErrorBodyDto,
    description: `${INVALID_BODY}; o lo hace público con agentes privados, o su precio queda por debajo de lo que se debe a los creadores de sus agentes`,
  })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: 'Incluye agentes de pago ajenos que no permiten venderse en ecosistemas, o el avatar es de otro usuario' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Ecosistema no encontrado, o no es tuyo' })
  @ApiConflictResponse({ type: ErrorBodyDto, description: 'Hacerlo gratuito o privado mientras tenga suscriptores (code EcosystemHasSubscribers)' })
  update(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string, @Body() body: UpdateEcosystemDto): Promise<EcosystemDto> {
    return this.ecosystems.update(identity, id, body);
  }
}

@ApiTags('marketplace')
@Controller('marketplace')
export class EcosystemsMarketplaceController {
  constructor(
    private readonly ecosystems: EcosystemsService,
    private readonly cache: MarketplaceCache,
  ) {}

  @Get('ecosystems')
  @Public()
  @ApiOperation({ summary: 'Ecosistemas públicos del marketplace (sin orden por valoración: usa popularidad)' })
  @ApiOkResponse({ type: EcosystemPageDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_FILTERS })
  async search(@Query() query: MarketplaceQueryDto, @Res() response: Response): Promise<void> {
    const body = await this.cache.serialised(`ecosystems:${JSON.stringify(query)}`, () =>
      this.ecosystems.marketplace(query).then((page) => JSON.stringify(page)),
    );
    response.type('application/json').send(body);
  }
}
