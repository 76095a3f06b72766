import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBadGatewayResponse, ApiBadRequestResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminApi, CurrentIdentity, SignedInApi } from '../../../common/auth/auth.decorators';
import type { VerifiedIdentity } from '../../../common/auth/id-token-verifier';
import { ErrorBodyDto } from '../../../common/errors/error-body.dto';
import { ConnectedAccountDto, EarningsDto, EarningsQueryDto, OnboardingLinkDto, SettlementDto } from './dto/payouts.dto';
import { PayoutsService } from './payouts.service';

/** Creators get paid (issue 14): their connected account and 'Mis ingresos'. Always the caller's own. */
@ApiTags('payments')
@SignedInApi()
@Controller('stripe')
export class PayoutsController {
  constructor(private readonly payouts: PayoutsService) {}

  @Post('connect/onboarding')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Conecta la cuenta de cobro del creador (Stripe Express)',
    description: 'Crea la cuenta una sola vez y devuelve un enlace de alta nuevo cada vez. En modo demostración el enlace lleva de vuelta a Mis ingresos.',
  })
  @ApiOkResponse({ type: OnboardingLinkDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: "La pasarela ya no conoce la cuenta guardada: 'No se encontró la cuenta de cobro'" })
  @ApiBadGatewayResponse({ type: ErrorBodyDto, description: 'La pasarela de pago falló o no respondió al crear la cuenta o el enlace de alta' })
  onboarding(@CurrentIdentity() identity: VerifiedIdentity): Promise<OnboardingLinkDto> {
    return this.payouts.startOnboarding(identity);
  }

  @Get('connect/account')
  @ApiOperation({
    summary: 'La cuenta de cobro conectada del usuario',
    description: 'Si la pasarela no responde al consultar una cuenta pendiente, se devuelve el estado guardado.',
  })
  @ApiOkResponse({ type: ConnectedAccountDto })
  account(@CurrentIdentity() identity: VerifiedIdentity): Promise<ConnectedAccountDto> {
    return this.payouts.connectedAccount(identity);
  }

  @Get('earnings')
  @ApiOperation({
    summary: 'Mis ingresos: suscriptores, ingresos, comisión y neto por agente y mes, y el reparto de los paquetes',
    description:
      'Cada pago de un paquete (ecosistema) se reparte entre los creadores de sus agentes según el uso que hizo de cada agente quien pagó, ese mes (el de un creador con su propio agente no cuenta); sin uso, según los precios de lista de los agentes.',
  })
  @ApiOkResponse({ type: EarningsDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'user no es un texto de 1 a 128 caracteres' })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: "Los ingresos de otro usuario, salvo para administradores (code 'EarningsForbidden')" })
  earnings(@CurrentIdentity() identity: VerifiedIdentity, @Query() query: EarningsQueryDto): Promise<EarningsDto> {
    return this.payouts.earnings(identity, query.user);
  }
}


/** For operators: pays the closed months' bundle shares now, as the hourly run does. */
@AdminApi()
@Controller('api-admin/payouts')
export class AdminPayoutsController {
  constructor(private readonly payouts: PayoutsService) {}

  @Post('settle')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Paga a los creadores las partes de paquetes de los meses cerrados',
    description:
      'Con Stripe, cada parte cuyo creador tiene una cuenta conectada que puede cobrar se transfiere una sola vez. Las demás quedan pendientes para la siguiente pasada (cada hora). En demostración no se mueve dinero.',
  })
  @ApiOkResponse({ type: SettlementDto })
  settle(): Promise<SettlementDto> {
    return this.payouts.settleBundleShares();
  }
}
