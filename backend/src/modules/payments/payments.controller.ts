import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, Headers, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiPaymentRequiredResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentIdentity, Public } from '../../common/auth/auth.decorators';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import {
  AddCardDto,
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
  createCustomer(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: CreateCustomerDto): Promise<CustomerDto> {
    return this.payments.createCustomer(identity, body);
  }

  @Post('create-payment-intent')
  @ApiOperation({ summary: 'Un cobro único al cliente del usuario (importe en céntimos)' })
  @ApiCreatedResponse({ type: ClientSecretDto })
  createPaymentIntent(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: CreatePaymentIntentDto): Promise<ClientSecretDto> {
    return this.payments.createPaymentIntent(identity, body);
  }

  @Post('create-setup-intent')
  @ApiOperation({ summary: 'Para guardar una tarjeta con Stripe Elements (el número nunca pasa por el servidor)' })
  @ApiCreatedResponse({ type: ClientSecretDto })
  @ApiForbiddenResponse({ description: 'El cliente es de otro usuario' })
  createSetupIntent(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: CreateSetupIntentDto): Promise<ClientSecretDto> {
    return this.payments.createSetupIntent(identity, body.customerId);
  }

  @Post('add-card')
  @ApiOperation({ summary: 'Guarda una tarjeta en el cliente; una tarjeta rechazada (402) no guarda nada' })
  @ApiCreatedResponse({ type: CardDto })
  @ApiPaymentRequiredResponse({ description: 'Tarjeta rechazada' })
  @PaymentAttempts('addCard')
  addCard(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: AddCardDto): Promise<CardDto> {
    return this.payments.addCard(identity, body);
  }

  @Get('all-methods-payment')
  @ApiOperation({ summary: 'Las tarjetas del usuario' })
  @ApiOkResponse({ type: PaymentMethodsDto })
  allMethods(@CurrentIdentity() identity: VerifiedIdentity): Promise<PaymentMethodsDto> {
    return this.payments.listCards(identity);
  }

  @Get('default-payment-method')
  @ApiOperation({ summary: 'La tarjeta predeterminada del usuario (null si no tiene)' })
  @ApiOkResponse({ type: DefaultPaymentMethodDto })
  defaultMethod(@CurrentIdentity() identity: VerifiedIdentity): Promise<DefaultPaymentMethodDto> {
    return this.payments.defaultCard(identity);
  }

  @Post('set-default-payment-method')
  @HttpCode(200)
  @ApiOkResponse({ type: PaymentMethodChangeDto })
  @ApiForbiddenResponse({ description: 'La tarjeta no es del usuario' })
  setDefault(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: PaymentMethodIdDto): Promise<PaymentMethodChangeDto> {
    return this.payments.setDefaultCard(identity, body.paymentMethodID);
  }

  @Post('delete-payment-method')
  @HttpCode(200)
  @ApiOkResponse({ type: PaymentMethodChangeDto })
  @ApiForbiddenResponse({ description: 'La tarjeta no es del usuario' })
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
  @ApiPaymentRequiredResponse({ description: 'Tarjeta rechazada o sin tarjeta: no se crea nada' })
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
  @ApiForbiddenResponse({ description: 'El cliente es de otro usuario' })
  listSubscriptions(@CurrentIdentity() identity: VerifiedIdentity, @Param('customer') customer: string): Promise<PaymentSubscriptionListDto> {
    return this.payments.listSubscriptions(identity, customer);
  }

  @Post('pause-subscription')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pausa en la pasarela y después en el almacén; si la pasarela falla no cambia nada' })
  @ApiOkResponse({ type: PaymentSubscriptionResponseDto })
  pause(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: SubscriptionIdDto): Promise<PaymentSubscriptionResponseDto> {
    return this.payments.pause(identity, body.subscriptionID);
  }

  @Post('resume-subscription')
  @HttpCode(200)
  @ApiOkResponse({ type: PaymentSubscriptionResponseDto })
  resume(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: SubscriptionIdDto): Promise<PaymentSubscriptionResponseDto> {
    return this.payments.resume(identity, body.subscriptionID);
  }

  @Post('cancel-subscription')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancela; la respuesta lleva subscription.canceled_at' })
  @ApiOkResponse({ type: PaymentSubscriptionResponseDto })
  cancel(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: SubscriptionIdDto): Promise<PaymentSubscriptionResponseDto> {
    return this.payments.cancel(identity, body.subscriptionID);
  }

  @Get('subscriptions/:subscriptionId/change-preview')
  @ApiOperation({ summary: 'Lo que costaría ahora cambiar de plan (prorrateo), antes de confirmarlo' })
  @ApiOkResponse({ type: ChangePreviewDto })
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
  createProduct(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: ProductTargetDto): Promise<ProductDto> {
    return this.payments.syncProduct(identity, body);
  }

  @Put('update-product')
  @ApiOperation({ summary: 'Pone el producto al día (nombre, descripción; un precio nuevo si cambió)' })
  @ApiOkResponse({ type: ProductDto })
  updateProduct(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: ProductTargetDto): Promise<ProductDto> {
    return this.payments.syncProduct(identity, body);
  }

  @Post('webhook')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Eventos de la pasarela, firmados (cabecera Stripe-Signature sobre el cuerpo tal cual)' })
  @ApiOkResponse({ type: WebhookAnswerDto })
  @ApiBadRequestResponse({ description: 'Firma no válida o caducada: no cambia nada' })
  webhook(@Req() request: Request, @Headers('stripe-signature') signature: string | undefined): Promise<WebhookAnswerDto> {
    return this.webhooks.receive(request.body, signature);
  }
}
