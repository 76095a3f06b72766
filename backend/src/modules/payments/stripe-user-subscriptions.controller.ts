import { applyDecorators, Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBadGatewayResponse, ApiBadRequestResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, SignedInApi } from '../../common/auth/auth.decorators';
import { ErrorBodyDto, INVALID_BODY } from '../../common/errors/error-body.dto';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { SubscriptionListDto, SubscriptionLookupDto } from '../subscriptions/dto/subscription.dto';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { StoredSubscriptionRefDto } from './dto/payments.dto';
import { PaymentsService } from './payments.service';

const USER = { name: 'user', description: 'El sub o el nombre de usuario de quien llama; un administrador puede nombrar a otro usuario' };
const AGENT = { name: 'agent', description: 'Id del agente' };
const MISSING = { type: ErrorBodyDto, description: "'Nombre de usuario o ID de agente no proporcionados'" };
const OTHER = { type: ErrorBodyDto, description: 'El usuario no es quien llama (y quien llama no es administrador)' };
const FROM_GATEWAY = [
  ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY }),
  ApiForbiddenResponse({ type: ErrorBodyDto, description: 'La suscripción o su cliente son de otro usuario' }),
  ApiNotFoundResponse({ type: ErrorBodyDto, description: 'No se encontró suscripción (en la pasarela, o de un cliente que no está guardado)' }),
  ApiBadGatewayResponse({ type: ErrorBodyDto, description: 'La pasarela de pago falló o no respondió: no cambia nada' }),
];

/**
 * Stored subscriptions (spec section 7, '…' = /stripe-user-subscriptions). Answers carry
 * success and data (with status); none found is success false with the spec's message.
 */
@ApiTags('subscriptions')
@SignedInApi()
@Controller('stripe-user-subscriptions')
export class StripeUserSubscriptionsController {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly payments: PaymentsService,
  ) {}

  @Get('subscriptions/user/:user/:agent')
  @ApiOperation({
    summary: 'La suscripción del usuario que cubre el agente (individual o en un paquete)',
    description: 'Si varias lo cubren: la activa, si no la pausada, si no la de pago pendiente, si no la cancelada; la más reciente entre iguales.',
  })
  @ApiParam(USER)
  @ApiParam(AGENT)
  @ApiOkResponse({ type: SubscriptionLookupDto })
  @ApiBadRequestResponse(MISSING)
  @ApiForbiddenResponse(OTHER)
  covering(@CurrentIdentity() identity: VerifiedIdentity, @Param('user') user: string, @Param('agent') agent: string): Promise<SubscriptionLookupDto> {
    return this.subscriptions.lookup(identity, user, agent);
  }

  @Get('bundle/agent/:user/:agent')
  @ApiOperation({ summary: 'La suscripción bundle del usuario que incluye el agente' })
  @ApiParam(USER)
  @ApiParam(AGENT)
  @ApiOkResponse({ type: SubscriptionLookupDto })
  @ApiBadRequestResponse(MISSING)
  @ApiForbiddenResponse(OTHER)
  bundle(@CurrentIdentity() identity: VerifiedIdentity, @Param('user') user: string, @Param('agent') agent: string): Promise<SubscriptionLookupDto> {
    return this.subscriptions.bundle(identity, user, agent);
  }

  @Get('susbscription/user/:user')
  @ApiOperation({ summary: 'Todas las suscripciones del usuario, la más reciente primero (la ruta se escribe así en el contrato)' })
  @ApiParam(USER)
  @ApiOkResponse({ type: SubscriptionListDto })
  @ApiForbiddenResponse(OTHER)
  all(@CurrentIdentity() identity: VerifiedIdentity, @Param('user') user: string): Promise<SubscriptionListDto> {
    return this.subscriptions.listForUser(identity, user);
  }

  @Post('create')
  @HttpCode(200)
  @ApiOperation({ summary: 'Guarda una suscripción tal como la tiene la pasarela (solo del cliente de quien llama)' })
  @ApiOkResponse({ type: SubscriptionLookupDto })
  @applyDecorators(...FROM_GATEWAY)
  create(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: StoredSubscriptionRefDto): Promise<SubscriptionLookupDto> {
    return this.payments.storeFromGateway(identity, body.subscriptionId);
  }

  @Post('update')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pone al día la suscripción guardada con lo que dice la pasarela' })
  @ApiOkResponse({ type: SubscriptionLookupDto })
  @applyDecorators(...FROM_GATEWAY)
  update(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: StoredSubscriptionRefDto): Promise<SubscriptionLookupDto> {
    return this.payments.storeFromGateway(identity, body.subscriptionId);
  }

  @Get(':user/:agent')
  @ApiOperation({ summary: 'La suscripción individual del usuario al agente' })
  @ApiParam(USER)
  @ApiParam(AGENT)
  @ApiOkResponse({ type: SubscriptionLookupDto })
  @ApiBadRequestResponse(MISSING)
  @ApiForbiddenResponse(OTHER)
  individual(@CurrentIdentity() identity: VerifiedIdentity, @Param('user') user: string, @Param('agent') agent: string): Promise<SubscriptionLookupDto> {
    return this.subscriptions.individual(identity, user, agent);
  }
}
