import { Body, Controller, Delete, Get, HttpStatus, Param, Post, Query, Res } from '@nestjs/common';
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
import type { VerifiedIdentity } from '../identity/id-token-verifier';
import { AgentsService } from './agents.service';
import { AgentDto, AgentListQueryDto, AgentPageDto, DeletedDto, SaveAgentDto } from './dto/agent.dto';
import { AgentMarketplaceQueryDto, type Page } from './marketplace/marketplace-query.dto';
import { MarketplaceCache } from './marketplace/marketplace-cache';

@ApiTags('agents')
@ApiBearerAuth()
@ApiExtraModels(AgentDto, AgentPageDto)
@Controller('agents')
export class AgentsController {
  constructor(private readonly agents: AgentsService) {}

  @Get()
  @Public()
  @ApiOperation({
    summary: 'Agentes visibles para quien llama',
    description: 'Lista simple; con page o limit devuelve { items, total, page, limit }.',
  })
  @ApiOkResponse({
    schema: { oneOf: [{ type: 'array', items: { $ref: getSchemaPath(AgentDto) } }, { $ref: getSchemaPath(AgentPageDto) }] },
  })
  list(
    @CurrentIdentity() identity: VerifiedIdentity | undefined,
    @Query() query: AgentListQueryDto,
  ): Promise<AgentDto[] | Page<AgentDto>> {
    return this.agents.list(identity, query);
  }

  @Get('category/:category')
  @Public()
  @ApiOkResponse({ type: [AgentDto] })
  byCategory(
    @CurrentIdentity() identity: VerifiedIdentity | undefined,
    @Param('category') category: string,
  ): Promise<AgentDto[]> {
    return this.agents.byCategory(identity, category);
  }

  @Get('agents-category/:category')
  @Public()
  @ApiOperation({ summary: 'Igual que /agents/category/{category} (ruta que usa el cliente del contrato)' })
  @ApiOkResponse({ type: [AgentDto] })
  byAgentsCategory(
    @CurrentIdentity() identity: VerifiedIdentity | undefined,
    @Param('category') category: string,
  ): Promise<AgentDto[]> {
    return this.agents.byCategory(identity, category);
  }

  @Get(':id')
  @Public()
  @ApiOkResponse({ type: AgentDto })
  get(@CurrentIdentity() identity: VerifiedIdentity | undefined, @Param('id') id: string): Promise<AgentDto> {
    return this.agents.get(identity, id);
  }

  @Post()
  @RateLimit({ rules: [{ by: 'user', quota: 'agents' }] })
  @ApiTooManyRequestsResponse({ description: 'Más guardados de agentes por hora de los que permite RATE_LIMIT_AGENTS_PER_HOUR (Retry-After: segundos de espera)' })
  @ApiOperation({ summary: 'Crea un agente, o lo actualiza si el id ya existe (solo su creador o un admin)' })
  @ApiCreatedResponse({ type: AgentDto, description: 'Creado' })
  @ApiOkResponse({ type: AgentDto, description: 'Actualizado' })
  async save(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Body() body: SaveAgentDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AgentDto> {
    const { agent, created } = await this.agents.save(identity, body);
    response.status(created ? HttpStatus.CREATED : HttpStatus.OK);
    return agent;
  }

  @Delete(':id')
  @ApiOkResponse({ type: DeletedDto })
  remove(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string): Promise<DeletedDto> {
    return this.agents.remove(identity, id);
  }
}

@ApiTags('marketplace')
@Controller('marketplace')
export class AgentsMarketplaceController {
  constructor(
    private readonly agents: AgentsService,
    private readonly cache: MarketplaceCache,
  ) {}

  @Get('agents')
  @Public()
  @ApiOperation({ summary: 'Agentes públicos del marketplace, filtrados, ordenados y paginados' })
  @ApiOkResponse({ type: AgentPageDto })
  async search(@Query() query: AgentMarketplaceQueryDto, @Res() response: Response): Promise<void> {
    const body = await this.cache.serialised(`agents:${JSON.stringify(query)}`, () => this.agents.marketplace(query));
    response.type('application/json').send(body);
  }
}
