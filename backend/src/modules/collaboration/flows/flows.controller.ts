import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { CurrentIdentity, SignedInApi } from '../../../common/auth/auth.decorators';
import { RateLimit } from '../../../common/rate-limit/rate-limit';
import { SESSION_LIMITS, TOO_MANY } from '../collaboration.controller';
import type { VerifiedIdentity } from '../../../common/auth/id-token-verifier';
import { CollaborationSessionDto, RunFlowDto } from '../dto/collaboration.dto';
import { DeletedFlowDto, FlowDto, SaveFlowDto } from '../dto/flow.dto';
import { FlowsService } from './flows.service';
import { ErrorBodyDto } from '../../../common/errors/error-body.dto';

const ADMINS_ONLY = 'Solo los administradores crean, editan y borran flujos';
const NOT_VISIBLE = 'El flujo no existe, o no es una plantilla y quien llama no es admin';

@ApiTags('collaboration')
@SignedInApi()
@Controller('flows')
export class FlowsController {
  constructor(private readonly flows: FlowsService) {}

  @Get()
  @ApiOperation({ summary: 'Los flujos guardados: todos para un admin, las plantillas para los demás' })
  @ApiOkResponse({ type: [FlowDto] })
  list(@CurrentIdentity() identity: VerifiedIdentity): Promise<FlowDto[]> {
    return this.flows.list(identity);
  }

  @Post()
  @ApiOperation({ summary: 'Guarda un flujo nuevo (acíclico, con un nodo de síntesis)' })
  @ApiCreatedResponse({ type: FlowDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'El flujo no es válido: …' })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: ADMINS_ONLY })
  create(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: SaveFlowDto): Promise<FlowDto> {
    return this.flows.create(identity, body);
  }

  @Get(':id')
  @ApiOkResponse({ type: FlowDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_VISIBLE })
  get(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string): Promise<FlowDto> {
    return this.flows.get(identity, id);
  }

  @Put(':id')
  @ApiOkResponse({ type: FlowDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'El flujo no es válido: …' })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: ADMINS_ONLY })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_VISIBLE })
  update(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string, @Body() body: SaveFlowDto): Promise<FlowDto> {
    return this.flows.update(identity, id, body);
  }

  @Delete(':id')
  @ApiOkResponse({ type: DeletedFlowDto })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: ADMINS_ONLY })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_VISIBLE })
  remove(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string): Promise<DeletedFlowDto> {
    return this.flows.remove(identity, id);
  }

  @Post(':id/run')
  @RateLimit({ rules: SESSION_LIMITS })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: TOO_MANY })
  @ApiOperation({ summary: 'Ejecuta el flujo: una sesión de colaboración cuyas tareas siguen sus pasos' })
  @ApiCreatedResponse({ type: CollaborationSessionDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Cuerpo no válido: query falta o supera su límite, conversationId no es válido o un campo desconocido' })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: "code 'SubscriptionRequired': un agente de pago sin suscripción activa" })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_VISIBLE })
  run(@CurrentIdentity() identity: VerifiedIdentity, @Param('id') id: string, @Body() body: RunFlowDto): Promise<CollaborationSessionDto> {
    return this.flows.run(identity, id, body);
  }
}
