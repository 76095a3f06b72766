import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AdminApi, CurrentIdentity } from '../../common/auth/auth.decorators';
import { ErrorBodyDto, INVALID_BODY } from '../../common/errors/error-body.dto';
import { AgentDto, DeletedDto } from '../agents/dto/agent.dto';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { PromptVersionDto } from '../prompts/dto/prompts.dto';
import { AdminAgentsService } from './admin-agents.service';
import { AdminMetricsService } from './admin-metrics.service';
import { AdminModerationService } from './admin-moderation.service';
import { AdminPaymentsService } from './admin-payments.service';
import { AdminUsersService } from './admin-users.service';
import { InvalidLimitError } from './admin.errors';
import { AuditLog } from '../audit/audit-log.service';
import { AuditVerificationDto } from '../audit/dto/audit.dto';
import { AdminAuditService } from './admin-audit.service';
import {
  AdminAgentDto,
  AdminAuditPageDto,
  AdminUserAgentsDto,
  AgentMetricsDto,
  BalanceDto,
  BalanceTransactionsDto,
  CustomerListingsDto,
  DetailedMetricsDto,
  MarginsDto,
  ModerationDecisionDto,
  ModerationQueueDto,
  PeriodSummaryDto,
  ProductListingsDto,
  SubscriptionUsersDto,
  UserMetricsDto,
} from './dto/admin-responses.dto';
import {
  AdminPromptDto,
  AdminUpdateAgentDto,
  AdminUserDto,
  AdminUserPageDto,
  AdminUsersQueryDto,
  MetricsPeriodQueryDto,
  PageQueryDto,
  PeriodDto,
  RejectAgentDto,
  SetRoleDto,
} from './dto/admin.dto';

const BAD_PERIOD = 'period no es 7d, 30d, 90d ni 12m';

const USER_NOT_FOUND = 'Usuario no encontrado';
const AGENT_NOT_FOUND = 'Agente no encontrado';
const LIMIT_OUT_OF_RANGE = 'El límite no es un número entero entre 1 y 100';

const limitParam = new ParseIntPipe({ exceptionFactory: () => new InvalidLimitError() });

/** The guard already requires the admin role on every /api-admin path; @AdminApi says so here too. */
@AdminApi()
@Controller('api-admin/users')
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get()
  @ApiOperation({ summary: 'Usuarios (filtro de estado, búsqueda, paginado)' })
  @ApiOkResponse({ type: AdminUserPageDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'page, limit, status o search fuera de sus límites' })
  list(@CurrentIdentity() admin: VerifiedIdentity, @Query() query: AdminUsersQueryDto): Promise<AdminUserPageDto> {
    return this.users.list(admin, query);
  }

  @Get(':id/agents')
  @ApiOperation({ summary: 'Los agentes que creó el usuario y los de su equipo' })
  @ApiOkResponse({ type: AdminUserAgentsDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: USER_NOT_FOUND })
  agents(@CurrentIdentity() admin: VerifiedIdentity, @Param('id') id: string): Promise<AdminUserAgentsDto> {
    return this.users.agentsOf(admin, id);
  }

  @Post(':id/disable')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Desactiva la cuenta: sus sesiones terminan y sus tokens dejan de valer al momento' })
  @ApiOkResponse({ type: AdminUserDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: USER_NOT_FOUND })
  @ApiConflictResponse({ type: ErrorBodyDto, description: "La propia cuenta, o el último administrador activo (code 'LastAdmin')" })
  disable(@CurrentIdentity() admin: VerifiedIdentity, @Param('id') id: string): Promise<AdminUserDto> {
    return this.users.setEnabled(admin, id, false);
  }

  @Post(':id/enable')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Reactiva la cuenta' })
  @ApiOkResponse({ type: AdminUserDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: USER_NOT_FOUND })
  enable(@CurrentIdentity() admin: VerifiedIdentity, @Param('id') id: string): Promise<AdminUserDto> {
    return this.users.setEnabled(admin, id, true);
  }

  @Put(':id/role')
  @ApiOperation({ summary: 'Da o quita el rol de administrador (nunca al último); el usuario vuelve a iniciar sesión' })
  @ApiOkResponse({ type: AdminUserDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: USER_NOT_FOUND })
  @ApiConflictResponse({ type: ErrorBodyDto, description: "Quita el rol al último administrador activo (code 'LastAdmin')" })
  role(@CurrentIdentity() admin: VerifiedIdentity, @Param('id') id: string, @Body() body: SetRoleDto): Promise<AdminUserDto> {
    return this.users.setRole(admin, id, body.role);
  }
}

@AdminApi()
@Controller('api-admin/agents')
export class AdminAgentsController {
  constructor(private readonly agents: AdminAgentsService) {}

  @Get()
  @ApiOperation({ summary: 'Todos los agentes, con asignaciones y conversaciones' })
  @ApiOkResponse({ type: [AdminAgentDto] })
  list(@CurrentIdentity() admin: VerifiedIdentity): Promise<AdminAgentDto[]> {
    return this.agents.list(admin);
  }

  @Get(':id/prompt')
  @ApiOperation({ summary: 'La versión actual del prompt (404 si no tiene)' })
  @ApiOkResponse({ type: PromptVersionDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'El agente no existe o no tiene prompt' })
  prompt(@CurrentIdentity() admin: VerifiedIdentity, @Param('id') id: string): Promise<PromptVersionDto> {
    return this.agents.prompt(admin, id);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Nombre, categoría y descripción (obligatorios)' })
  @ApiOkResponse({ type: AgentDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: AGENT_NOT_FOUND })
  update(@CurrentIdentity() admin: VerifiedIdentity, @Param('id') id: string, @Body() body: AdminUpdateAgentDto): Promise<AgentDto> {
    return this.agents.update(admin, id, body);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Elimina el agente (con su prompt y sus enlaces de equipo)' })
  @ApiOkResponse({ type: DeletedDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: AGENT_NOT_FOUND })
  remove(@CurrentIdentity() admin: VerifiedIdentity, @Param('id') id: string): Promise<DeletedDto> {
    return this.agents.remove(admin, id);
  }

  @Put(':id/prompt')
  @ApiOperation({ summary: 'Guarda el prompt como nueva versión actual, hecha por el admin' })
  @ApiOkResponse({ type: PromptVersionDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: AGENT_NOT_FOUND })
  setPrompt(@CurrentIdentity() admin: VerifiedIdentity, @Param('id') id: string, @Body() body: AdminPromptDto): Promise<PromptVersionDto> {
    return this.agents.setPrompt(admin, id, body.prompt);
  }
}

@AdminApi()
@Controller('api-admin/metrics')
export class AdminMetricsController {
  constructor(private readonly metrics: AdminMetricsService) {}

  @Get('agents')
  @ApiOperation({ summary: '{ totalAgents, publicAgentsCount, privateAgentsCount, agents[] }' })
  @ApiOkResponse({ type: AgentMetricsDto })
  agents(@CurrentIdentity() admin: VerifiedIdentity): Promise<AgentMetricsDto> {
    return this.metrics.agentMetrics(admin);
  }

  @Get('users')
  @ApiOperation({ summary: 'Usuarios por estado, y nuevos y activos en el periodo (por omisión, los últimos 30 días)' })
  @ApiOkResponse({ type: UserMetricsDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: BAD_PERIOD })
  users(@Query() query: MetricsPeriodQueryDto): Promise<UserMetricsDto> {
    return this.metrics.userMetrics(query.period);
  }

  @Get('detailed')
  @ApiOperation({
    summary:
      'Por día (UTC) del periodo, o por mes con 12m (por omisión, los últimos 30 días): altas, usuarios activos, conversaciones, mensajes, tokens, suscripciones, ingresos (céntimos)',
  })
  @ApiOkResponse({ type: DetailedMetricsDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: BAD_PERIOD })
  detailed(@Query() query: MetricsPeriodQueryDto): Promise<DetailedMetricsDto> {
    return this.metrics.detailed(query.period);
  }

  @Get('margins')
  @ApiOperation({
    summary: 'Por agente: ingresos de sus suscripciones y tokens de sus respuestas (coste y margen si hay precios de tokens), en el periodo o desde el principio',
  })
  @ApiOkResponse({ type: MarginsDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: BAD_PERIOD })
  margins(@CurrentIdentity() admin: VerifiedIdentity, @Query() query: MetricsPeriodQueryDto): Promise<MarginsDto> {
    return this.metrics.margins(admin, query.period);
  }
}

@AdminApi()
@Controller('api-admin/stripe')
export class AdminPaymentsController {
  constructor(private readonly payments: AdminPaymentsService) {}

  @Get('balance')
  @ApiOperation({ summary: 'Saldo (céntimos), con el proveedor (demo o stripe)' })
  @ApiOkResponse({ type: BalanceDto })
  balance(): Promise<BalanceDto> {
    return this.payments.balance();
  }

  @Get('balance_transactions/:limit')
  @ApiOperation({ summary: 'Los últimos movimientos (1–100)' })
  @ApiOkResponse({ type: BalanceTransactionsDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: LIMIT_OUT_OF_RANGE })
  transactions(@Param('limit', limitParam) limit: number): Promise<BalanceTransactionsDto> {
    return this.payments.transactions(limit);
  }

  @Get('subscription-users')
  @ApiOperation({ summary: 'Las suscripciones guardadas con su usuario' })
  @ApiOkResponse({ type: SubscriptionUsersDto })
  subscriptionUsers(): Promise<SubscriptionUsersDto> {
    return this.payments.subscriptionUsers();
  }

  @Get('products/:limit')
  @ApiOperation({ summary: 'Productos y precios del catálogo (1–100)' })
  @ApiOkResponse({ type: ProductListingsDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: LIMIT_OUT_OF_RANGE })
  products(@Param('limit', limitParam) limit: number): Promise<ProductListingsDto> {
    return this.payments.products(limit);
  }

  @Get('customers/:limit')
  @ApiOperation({ summary: 'Clientes (1–100)' })
  @ApiOkResponse({ type: CustomerListingsDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: LIMIT_OUT_OF_RANGE })
  customers(@Param('limit', limitParam) limit: number): Promise<CustomerListingsDto> {
    return this.payments.customers(limit);
  }

  @Post('resume')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Resumen del periodo (ambos días incluidos): ingresos, comisiones, altas y bajas' })
  @ApiOkResponse({ type: PeriodSummaryDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: `${INVALID_BODY}; o la fecha de fin es anterior a la de inicio` })
  resume(@Body() body: PeriodDto): Promise<PeriodSummaryDto> {
    return this.payments.summary(body);
  }
}

@AdminApi()
@Controller('api-admin/audit')
export class AdminAuditController {
  constructor(
    private readonly audit: AuditLog,
    private readonly entries: AdminAuditService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'El registro de auditoría, el más reciente primero, con los nombres de los usuarios, agentes y ecosistemas que menciona' })
  @ApiOkResponse({ type: AdminAuditPageDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'page o limit fuera de sus límites' })
  list(@Query() query: PageQueryDto): Promise<AdminAuditPageDto> {
    return this.entries.page(query.page ?? 1, query.limit ?? 20);
  }

  @Get('verify')
  @ApiOperation({ summary: 'Comprueba la cadena firmada (HMAC): { valid, checked, firstBrokenId?, keyedFrom, head }' })
  @ApiOkResponse({ type: AuditVerificationDto })
  verify(): Promise<AuditVerificationDto> {
    return this.audit.verify();
  }
}

@AdminApi()
@Controller('api-admin/moderation')
export class AdminModerationController {
  constructor(private readonly moderation: AdminModerationService) {}

  @Get()
  @ApiOperation({ summary: 'Agentes pendientes de moderación: { enabled, items }' })
  @ApiOkResponse({ type: ModerationQueueDto })
  pending(): Promise<ModerationQueueDto> {
    return this.moderation.pending();
  }

  @Post(':agentId/approve')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Aprueba: el marketplace lo lista' })
  @ApiOkResponse({ type: ModerationDecisionDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: AGENT_NOT_FOUND })
  @ApiConflictResponse({ type: ErrorBodyDto, description: 'El agente no está pendiente de moderación' })
  approve(@CurrentIdentity() admin: VerifiedIdentity, @Param('agentId') agentId: string): Promise<ModerationDecisionDto> {
    return this.moderation.decide(admin, agentId, 'approved');
  }

  @Post(':agentId/reject')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Rechaza con un motivo: no se lista' })
  @ApiOkResponse({ type: ModerationDecisionDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: AGENT_NOT_FOUND })
  @ApiConflictResponse({ type: ErrorBodyDto, description: 'El agente no está pendiente de moderación' })
  reject(@CurrentIdentity() admin: VerifiedIdentity, @Param('agentId') agentId: string, @Body() body: RejectAgentDto): Promise<ModerationDecisionDto> {
    return this.moderation.decide(admin, agentId, 'rejected', body.reason);
  }
}
