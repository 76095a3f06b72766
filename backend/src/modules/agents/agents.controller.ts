import { Body, Controller, Delete, Get, HttpStatus, Param, Post, Query, Res } from '@nestjs/common';
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
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentIdentity, Public, SignedInApi } from '../../common/auth/auth.decorators';
import { ErrorBodyDto, INVALID_BODY } from '../../common/errors/error-body.dto';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { AgentsService, UNPAGED_LIST_LIMIT } from './agents.service';
import { TOTAL_COUNT_CAP } from './marketplace/agent-search';
import { AgentDto, AgentListQueryDto, AgentPageDto, DeletedDto, SaveAgentDto } from './dto/agent.dto';
import { AgentMarketplaceQueryDto, type Page } from './marketplace/marketplace-query.dto';
import { MarketplaceCache } from './marketplace/marketplace-cache';

const LIST_HEADERS = {
  'X-Total-Count': { description: `Cuántos agentes hay en total (contados hasta ${TOTAL_COUNT_CAP})`, schema: { type: 'integer' } },
  'X-Total-Count-Exact': { description: `false si hay más de ${TOTAL_COUNT_CAP}`, schema: { type: 'boolean' } },
};

/** A page of agents already serialised (see AgentsService.page), as the JSON of a Page<AgentDto>. */
function pageJson({ items, ...counts }: Page<string>): string {
  return `{"items":[${items.join(',')}],${JSON.stringify(counts).slice(1)}`;
}

const INVALID_FILTERS = 'Un filtro no es válido (por ejemplo, maxPrice menor que minPrice)';
const NOT_FOUND = 'Agente no encontrado (también si es privado de otro usuario)';

/** A listing without paging: the page's items as a plain array, its total in headers. */
function sendUnpaged(page: Page<string>, response: Response): void {
  response.setHeader('X-Total-Count', String(page.total));
  response.setHeader('X-Total-Count-Exact', String(page.totalIsExact !== false));
  response.type('application/json').send(`[${page.items.join(',')}]`);
}

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
    description:
      `Sin page ni limit: una lista simple de como mucho ${UNPAGED_LIST_LIMIT} agentes (la primera página), con el total en ` +
      `X-Total-Count. Con page o limit devuelve { items, total, totalIsExact, page, limit }. El total se cuenta hasta ` +
      `${TOTAL_COUNT_CAP}: si hay más, total vale ${TOTAL_COUNT_CAP} y totalIsExact (o X-Total-Count-Exact) es false. ` +
      'Con search, los que mejor coinciden van primero salvo que se ordene por valoración o precio.',
  })
  @ApiOkResponse({
    schema: { oneOf: [{ type: 'array', items: { $ref: getSchemaPath(AgentDto) } }, { $ref: getSchemaPath(AgentPageDto) }] },
    headers: LIST_HEADERS,
  })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_FILTERS })
  async list(
    @CurrentIdentity() identity: VerifiedIdentity | undefined,
    @Query() query: AgentListQueryDto,
    @Res() response: Response,
  ): Promise<void> {
    const { page, paged } = await this.agents.list(identity, query);
    if (paged) response.type('application/json').send(pageJson(page));
    else sendUnpaged(page, response);
  }

  @Get('category/:category')
  @Public()
  @ApiOperation({ summary: `Agentes de una categoría: como mucho ${UNPAGED_LIST_LIMIT}, con el total en X-Total-Count` })
  @ApiOkResponse({ type: [AgentDto], headers: LIST_HEADERS })
  async byCategory(
    @CurrentIdentity() identity: VerifiedIdentity | undefined,
    @Param('category') category: string,
    @Res() response: Response,
  ): Promise<void> {
    sendUnpaged(await this.agents.byCategory(identity, category), response);
  }

  @Get('agents-category/:category')
  @Public()
  @ApiOperation({ summary: 'Igual que /agents/category/{category} (ruta que usa el cliente del contrato)' })
  @ApiOkResponse({ type: [AgentDto], headers: LIST_HEADERS })
  async byAgentsCategory(
    @CurrentIdentity() identity: VerifiedIdentity | undefined,
    @Param('category') category: string,
    @Res() response: Response,
  ): Promise<void> {
    sendUnpaged(await this.agents.byCategory(identity, category), response);
  }

  @Get(':id')
  @Public()
  @ApiOkResponse({ type: AgentDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_FOUND })
  get(@CurrentIdentity() identity: VerifiedIdentity | undefined, @Param('id') id: string): Promise<AgentDto> {
    return this.agents.get(identity, id);
  }

  @Post()
  @SignedInApi()
  @RateLimit({ rules: [{ by: 'user', quota: 'agents' }] })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: 'Más guardados de agentes por hora de los que permite RATE_LIMIT_AGENTS_PER_HOUR (Retry-After: segundos de espera)' })
  @ApiOperation({ summary: 'Crea un agente, o lo actualiza si el id ya existe (solo su creador o un admin)' })
  @ApiCreatedResponse({ type: AgentDto, description: 'Creado' })
  @ApiOkResponse({ type: AgentDto, description: 'Actualizado' })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: `${INVALID_BODY}; o un modelo que no se ofrece, o un avatar de un servidor no permitido` })
  @ApiForbiddenResponse({
    type: ErrorBodyDto,
    description: 'No es el creador ni un admin, createdBy no es quien llama, cambia la valoración o la popularidad (las calculan las reseñas y el uso), o el avatar es de otro usuario',
  })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Actualiza un agente que quien llama no puede ver' })
  @ApiConflictResponse({
    type: ErrorBodyDto,
    description: "Ya existe un agente con ese id; o lo hace gratuito o privado mientras tiene suscriptores (code 'AgentHasSubscribers')",
  })
  @ApiServiceUnavailableResponse({ type: ErrorBodyDto, description: 'No se puede comprobar ahora el modelo elegido (el catálogo de modelos no responde)' })
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
  @SignedInApi()
  @ApiOkResponse({ type: DeletedDto })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: 'Solo el creador del agente o un administrador puede eliminarlo' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_FOUND })
  @ApiConflictResponse({ type: ErrorBodyDto, description: "Tiene suscriptores que pagan por él (code 'AgentHasSubscribers')" })
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
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_FILTERS })
  async search(@Query() query: AgentMarketplaceQueryDto, @Res() response: Response): Promise<void> {
    const body = await this.cache.serialised(`agents:${JSON.stringify(query)}`, () => this.agents.marketplace(query).then(pageJson));
    response.type('application/json').send(body);
  }
}
