import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentIdentity, Public } from '../../common/auth/auth.decorators';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import { MarketplaceCache } from '../agents/marketplace/marketplace-cache';
import { ListingQueryDto, MarketplaceQueryDto, type Page } from '../agents/marketplace/marketplace-query.dto';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { CreateEcosystemDto, EcosystemDto, EcosystemPageDto } from './dto/ecosystem.dto';
import { EcosystemsService } from './ecosystems.service';

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
  list(
    @CurrentIdentity() identity: VerifiedIdentity | undefined,
    @Query() query: ListingQueryDto,
  ): Promise<EcosystemDto[] | Page<EcosystemDto>> {
    return this.ecosystems.list(identity, query);
  }

  @Get(':id')
  @Public()
  @ApiOkResponse({ type: EcosystemDto })
  get(@CurrentIdentity() identity: VerifiedIdentity | undefined, @Param('id') id: string): Promise<EcosystemDto> {
    return this.ecosystems.get(identity, id);
  }

  @Post()
  @RateLimit({ rules: [{ by: 'user', quota: 'ecosystems' }] })
  @ApiTooManyRequestsResponse({ description: 'Más ecosistemas por hora de los que permite RATE_LIMIT_ECOSYSTEMS_PER_HOUR (Retry-After: segundos de espera)' })
  @ApiOperation({ summary: "Crea un ecosistema (categoría 'test' y autor 'admin' por defecto)" })
  @ApiCreatedResponse({ type: EcosystemDto })
  create(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: CreateEcosystemDto): Promise<EcosystemDto> {
    return this.ecosystems.create(identity, body);
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
  async search(@Query() query: MarketplaceQueryDto, @Res() response: Response): Promise<void> {
    const body = await this.cache.serialised(`ecosystems:${JSON.stringify(query)}`, () =>
      this.ecosystems.marketplace(query).then((page) => JSON.stringify(page)),
    );
    response.type('application/json').send(body);
  }
}
