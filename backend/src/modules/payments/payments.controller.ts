import { randomUUID } from 'node:crypto';
import { applyDecorators, Body, Controller, Get, Headers, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPaymentRequiredResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentIdentity, Public, SignedInApi } from '../../common/auth/auth.decorators';
import { ErrorBodyDto, INVALID_BODY } from '../../common/errors/error-body.dto';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import {
  AddCardDto,
  CancelSubscriptionDto,
  CardDto,
  ChangePlanDto,
  ChangePreviewDto,
  ChangePreviewQueryDto,
  ClientSecretDto,
  CreateCustomerDto,
  CreatePaymentIntentDto,
  CreateSetupIntentDto,
  CreateSubscriptionDto,
  CustomerDto,
  DefaultPaymentMethodDto,
  PaymentMethodChangeDto,
  PaymentMethodIdDto,
  PaymentMethodsDto,
  PaymentSubscriptionListDto,
  PaymentSubscriptionResponseDto,
  ProductDto,
  ProductTargetDto,
  SubscriptionIdDto,
  WebhookAnswerDto,
} from './dto/payments.dto';
import { PaymentAttempts } from './payment-attempts.guard';
import { PaymentsWebhookService } from './payments-webhook.service';
import { PaymentsService } from './payments.service';

const IDEMPOTENCY_HEADER = 'idempotency-key';

/** A client's key for one logical request (up to 255 printable characters), or a fresh one. */
function idempotencyKey(header: string | undefined): string {
  const key = header?.trim();
  return key && /^[\x21-\x7e]{1,255}$/.test(key) ? key : randomUUID();
}

const NOT_OWN_CUSTOMER = 'El cliente es de otro usuario';
const NOT_OWN_CARD = 'La tarjeta no es del usuario';
const NOT_OWN_SUBSCRIPTION = 'La suscripción es de otro usuario';
const NO_SUBSCRIPTION = 'No se encontró suscripción';
const DECLINED = 'Tarjeta rechazada o sin tarjeta: no se crea nada';
const ATTEMPTS = 'Demasiados intentos de pago seguidos (Retry-After: segundos de espera)';
const TRANSITION = "La suscripción no está en un estado que lo permita (code 'SubscriptionTransitionInvalid')";
const GATEWAY_FAILED = 'La pasarela de pago falló o no respondió: no cambia nada';
const SUBSCRIPTION_UPDATE_FAILED = "La pasarela no aplicó el cambio: 'Error al actualizar la suscripción', no cambia nada";

/** Pause, resume and cancel: the same answer and the same refusals. */
const SubscriptionStateChangeApi = () =>
  applyDecorators(
    ApiOkResponse({ type: PaymentSubscriptionResponseDto }),
    SignedInApi(),
    ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY }),
    ApiForbiddenResponse({ type: ErrorBodyDto, description: NOT_OWN_SUBSCRIPTION }),
    ApiNotFoundResponse({ type: ErrorBodyDto, description: NO_SUBSCRIPTION }),
    ApiConflictResponse({ type: ErrorBodyDto, description: TRANSITION }),
    ApiBadGatewayResponse({ type: ErrorBodyDto, description: SUBSCRIPTION_UPDATE_FAILED }),
  );

/** Payments (spec section 7, under /stripe); every call acts on the caller's own customer. */
@ApiTags('payments')
@ApiBearerAuth()
@Controller('stripe')
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly webhooks: PaymentsWebhookService,
  ) {}

  @Post('create-customer')
  @ApiOperation({ summary: 'El cliente de pago del usuario; pedirlo otra vez devuelve el mismo' })
  @ApiCreatedResponse({ type: CustomerDto })
  @SignedInApi()
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  @ApiBadGatewayResponse({ type: ErrorBodyDto, description: GATEWAY_FAILED })
  createCustomer(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: CreateCustomerDto): Promise<CustomerDto> {
    return this.payments.createCustomer(identity, body);
  }

  @Post('create-payment-intent')
  @ApiOperation({ summary: 'Un cobro único al cliente del usuario (importe en céntimos)' })
  @ApiCreatedResponse({ type: ClientSecretDto })
  @SignedInApi()
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Aún no tienes un cliente de pago. Añade primero tus datos de facturación.' })
  @ApiBadGatewayResponse({ type: ErrorBodyDto, description: GATEWAY_FAILED })
  createPaymentIntent(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: CreatePaymentIntentDto): Promise<ClientSecretDto> {
    return this.payments.createPaymentIntent(identity, body);
  }

  @Post('create-setup-intent')
  @ApiOperation({ summary: 'Para guardar una tarjeta con Stripe Elements (el número nunca pasa por el servidor)' })
  @ApiCreatedResponse({ type: ClientSecretDto })
  @SignedInApi()
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: NOT_OWN_CUSTOMER })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'No se encontró el cliente de pago' })
  @ApiBadGatewayResponse({ type: ErrorBodyDto, description: GATEWAY_FAILED })
  createSetupIntent(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: CreateSetupIntentDto): Promise<ClientSecretDto> {
    return this.payments.createSetupIntent(identity, body.customerId);
  }

  @Post('add-card')
  @ApiOperation({ summary: 'Guarda una tarjeta en el cliente; una tarjeta rechazada (402) no guarda nada' })
  @ApiCreatedResponse({ type: CardDto })
  @SignedInApi()
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: `${INVALID_BODY}; o un método de pago que no existe o es de otro cliente` })
  @ApiPaymentRequiredResponse({ type: ErrorBodyDto, description: 'Tarjeta rechazada' })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: NOT_OWN_CUSTOMER })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'No se encontró el cliente de pago' })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: ATTEMPTS })
  @ApiBadGatewayResponse({ type: ErrorBodyDto, description: GATEWAY_FAILED })
  @PaymentAttempts('addCard')
  addCard(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: AddCardDto): Promise<CardDto> {
    return this.payments.addCard(identity, body);
  }

  @Get('all-methods-payment')
  @ApiOperation({ summary: 'Las tarjetas del usuario' })
  @ApiOkResponse({ type: PaymentMethodsDto })
  @SignedInApi()
  @ApiBadGatewayResponse({ type: ErrorBodyDto, description: GATEWAY_FAILED })
  allMethods(@CurrentIdentity() identity: VerifiedIdentity): Promise<PaymentMethodsDto> {
    return this.payments.listCards(identity);
  }

  @Get('default-payment-method')
  @ApiOperation({ summary: 'La tarjeta predeterminada del usuario (null si no tiene)' })
  @ApiOkResponse({ type: DefaultPaymentMethodDto })
  @SignedInApi()
  @ApiBadGatewayResponse({ type: ErrorBodyDto, description: GATEWAY_FAILED })
  defaultMethod(@CurrentIdentity() identity: VerifiedIdentity): Promise<DefaultPaymentMethodDto> {
    return this.payments.defaultCard(identity);
  }

  @Post('set-default-payment-method')
  @HttpCode(200)
  @ApiOkResponse({ type: PaymentMethodChangeDto })
  @SignedInApi()
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: NOT_OWN_CARD })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Aún no tienes un cliente de pago. Añade primero tus datos de facturación.' })
  @ApiBadGatewayResponse({ type: ErrorBodyDto, description: GATEWAY_FAILED })
  setDefault(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: PaymentMethodIdDto): Promise<PaymentMethodChangeDto> {
    return this.payments.setDefaultCard(identity, body.paymentMethodID);
  }

  @Post('delete-payment-method')
  @HttpCode(200)
  @ApiOkResponse({ type: PaymentMethodChangeDto })
  @SignedInApi()
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: NOT_OWN_CARD })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Aún no tienes un cliente de pago. Añade primero tus datos de facturación.' })
  @ApiBadGatewayResponse({ type: ErrorBodyDto, description: GATEWAY_FAILED })
  deleteMethod(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: PaymentMethodIdDto): Promise<PaymentMethodChangeDto> {
    return this.payments.deleteCard(identity, body.paymentMethodID);
  }

  @Post('create-subscription')
  @ApiOperation({
    summary: 'Suscribe al cliente al agente o ecosistema del precio y guarda la suscripción',
    description: 'Cobra la tarjeta predeterminada. La misma cabecera Idempotency-Key devuelve la misma suscripción.',
  })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Una por petición lógica; sin ella se genera una' })
  @ApiCreatedResponse({ type: PaymentSubscriptionResponseDto })
  @SignedInApi()
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  @ApiPaymentRequiredResponse({ type: ErrorBodyDto, description: DECLINED })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: NOT_OWN_CUSTOMER })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'No se encontró el cliente de pago, o el precio no está a la venta' })
  @ApiConflictResponse({
    type: ErrorBodyDto,
    description: 'Ya tienes una suscripción a este agente o ecosistema, o la Idempotency-Key ya se usó para otra operación o para una suscripción ya cancelada',
  })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, description: ATTEMPTS })
  @ApiBadGatewayResponse({ type: ErrorBodyDto, description: GATEWAY_FAILED })
  @PaymentAttempts('createSubscription')
  createSubscription(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Body() body: CreateSubscriptionDto,
    @Headers(IDEMPOTENCY_HEADER) key: string | undefined,
  ): Promise<PaymentSubscriptionResponseDto> {
    return this.payments.createSubscription(identity, body.customerID, body.priceID, idempotencyKey(key));
  }

  @Get('list-subscriptions/:customer')
  @ApiOkResponse({ type: PaymentSubscriptionListDto })
  @SignedInApi()
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: NOT_OWN_CUSTOMER })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'No se encontró el cliente de pago' })
  listSubscriptions(@CurrentIdentity() identity: VerifiedIdentity, @Param('customer') customer: string): Promise<PaymentSubscriptionListDto> {
    return this.payments.listSubscriptions(identity, customer);
  }

  @Post('pause-subscription')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pausa en la pasarela y después en el almacén; si la pasarela falla no cambia nada' })
  @SubscriptionStateChangeApi()
  pause(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: SubscriptionIdDto): Promise<PaymentSubscriptionResponseDto> {
    return this.payments.pause(identity, body.subscriptionID);
  }

  @Post('resume-subscription')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reanuda una suscripción pausada, o deshace la cancelación al final del periodo' })
  @SubscriptionStateChangeApi()
  resume(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: SubscriptionIdDto): Promise<PaymentSubscriptionResponseDto> {
    return this.payments.resume(identity, body.subscriptionID);
  }

  @Post('cancel-subscription')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Cancela al final del periodo pagado: sigue activa con cancelAtPeriodEnd hasta currentPeriodEnd (resume-subscription lo deshace)',
    description:
      'Una suscripción pausada o con el pago pendiente se cancela al momento (no hay periodo pagado), y la respuesta lleva subscription.canceled_at. ' +
      'Un administrador puede cancelar al momento con immediately: true; cualquier otro usuario que lo pida recibe 403.',
  })
  @SubscriptionStateChangeApi()
  cancel(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: CancelSubscriptionDto): Promise<PaymentSubscriptionResponseDto> {
    return this.payments.cancel(identity, body.subscriptionID, { immediately: body.immediately === true });
  }

  @Get('subscriptions/:subscriptionId/change-preview')
  @ApiOperation({ summary: 'Lo que costaría ahora cambiar de plan (prorrateo), antes de confirmarlo' })
  @ApiOkResponse({ type: ChangePreviewDto })
  @SignedInApi()
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'priceID no es un id de la pasarela' })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: NOT_OWN_SUBSCRIPTION })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: `${NO_SUBSCRIPTION}, o el precio no está a la venta` })
  @ApiConflictResponse({ type: ErrorBodyDto, description: `${TRANSITION}: no activa, el mismo plan u otro agente o ecosistema` })
  @ApiBadGatewayResponse({ type: ErrorBodyDto, description: SUBSCRIPTION_UPDATE_FAILED })
  previewChange(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Param('subscriptionId') subscriptionId: string,
    @Query() query: ChangePreviewQueryDto,
  ): Promise<ChangePreviewDto> {
    return this.payments.previewChange(identity, subscriptionId, query.priceID);
  }

  @Post('change-subscription-plan')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cambia el plan (precio) de una suscripción activa, con prorrateo' })
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiOkResponse({ type: PaymentSubscriptionResponseDto })
  @SignedInApi()
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  @ApiPaymentRequiredResponse({ type: ErrorBodyDto, description: 'El prorrateo no se pudo cobrar: no cambia nada' })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: NOT_OWN_SUBSCRIPTION })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: `${NO_SUBSCRIPTION}, o el precio no está a la venta` })
  @ApiConflictResponse({ type: ErrorBodyDto, description: `${TRANSITION}: no activa u otro agente o ecosistema; o la Idempotency-Key ya se usó para otra operación` })
  @ApiBadGatewayResponse({ type: ErrorBodyDto, description: SUBSCRIPTION_UPDATE_FAILED })
  changePlan(
    @CurrentIdentity() identity: VerifiedIdentity,
    @Body() body: ChangePlanDto,
    @Headers(IDEMPOTENCY_HEADER) key: string | undefined,
  ): Promise<PaymentSubscriptionResponseDto> {
    return this.payments.changePlan(identity, body.subscriptionID, body.priceID, idempotencyKey(key));
  }

  @Post('create-product')
  @ApiOperation({ summary: 'El producto y el precio mensual de un agente o ecosistema (su creador o un admin)' })
  @ApiCreatedResponse({ type: ProductDto })
  @SignedInApi()
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: `${INVALID_BODY}; o no indica agentId o ecosystemId (uno de los dos)` })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: 'Solo el creador o un administrador' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'El agente o el ecosistema no existe, o quien llama no puede verlo' })
  @ApiBadGatewayResponse({ type: ErrorBodyDto, description: GATEWAY_FAILED })
  createProduct(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: ProductTargetDto): Promise<ProductDto> {
    return this.payments.syncProduct(identity, body);
  }

  @Put('update-product')
  @ApiOperation({ summary: 'Pone el producto al día (nombre, descripción; un precio nuevo si cambió)' })
  @ApiOkResponse({ type: ProductDto })
  @SignedInApi()
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: `${INVALID_BODY}; o no indica agentId o ecosystemId (uno de los dos)` })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: 'Solo el creador o un administrador' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'El agente o el ecosistema no existe, o quien llama no puede verlo' })
  @ApiBadGatewayResponse({ type: ErrorBodyDto, description: GATEWAY_FAILED })
  updateProduct(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: ProductTargetDto): Promise<ProductDto> {
    return this.payments.syncProduct(identity, body);
  }

  @Post('webhook')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Eventos de la pasarela, firmados (cabecera Stripe-Signature sobre el cuerpo tal cual)' })
  @ApiOkResponse({ type: WebhookAnswerDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Firma no válida o caducada: no cambia nada' })
  webhook(@Req() request: Request, @Headers('stripe-signature') signature: string | undefined): Promise<WebhookAnswerDto> {
    return this.webhooks.receive(request.body, signature);
  }
}
