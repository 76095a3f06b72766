import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, UserIdParams } from '../../common/auth/auth.decorators';
import type { VerifiedIdentity } from '../identity/id-token-verifier';
import { SubscriptionLookupDto } from './dto/subscription.dto';
import { SubscriptionsService } from './subscriptions.service';

/** Stored subscriptions (spec section 7). */
@ApiTags('subscriptions')
@ApiBearerAuth()
@Controller('subscriptions')
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Get('user/:user/:agent')
  @UserIdParams('user')
  @ApiOperation({
    summary: 'La suscripción del usuario que cubre el agente (individual o en un paquete)',
    description:
      'Si varias lo cubren: la activa, si no la pausada, si no la cancelada; la más reciente entre iguales. Sin ninguna: { success: false, data: null }.',
  })
  @ApiParam({ name: 'user', description: 'El sub o el nombre de usuario de quien llama; un administrador puede nombrar a otro usuario' })
  @ApiParam({ name: 'agent', description: 'Id del agente' })
  @ApiOkResponse({ type: SubscriptionLookupDto })
  @ApiForbiddenResponse({ description: 'El usuario no es quien llama (y quien llama no es administrador)' })
  lookup(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('user') user: string,
    @Param('agent') agent: string,
  ): Promise<SubscriptionLookupDto> {
    return this.subscriptions.lookup(identity, user, agent);
  }
}
