import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsInt, IsOptional, IsString, Length, Matches, Max, Min, ValidateIf } from 'class-validator';
import { SubscriptionDto } from '../../subscriptions/dto/subscription.dto';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Gateway ids: Stripe's (cus_…, pm_…, price_…, sub_…) and the demo gateway's, letters, digits and _. */
const GATEWAY_ID = /^[A-Za-z0-9_]{3,128}$/;
const idMessage = (field: string) => `${field} debe ser un identificador de la pasarela de pago`;

export class CreateCustomerDto {
  @ApiProperty({ example: 'Ana Pérez' })
  @Transform(trim)
  @IsString({ message: 'name debe ser un texto' })
  @Length(1, 200, { message: 'name debe tener entre 1 y 200 caracteres' })
  name: string;

  @ApiProperty({ example: 'ana@example.com' })
  @Transform(trim)
  @IsEmail({ require_tld: false }, { message: 'email debe ser una dirección de correo válida' })
  @Length(3, 320, { message: 'email es demasiado largo' })
  email: string;
}

export class CustomerDto {
  @ApiProperty({ example: 'cus_123' }) customerId: string;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
}

export class CreatePaymentIntentDto {
  @ApiProperty({ description: 'Importe en céntimos (la unidad menor de la moneda)', example: 1999 })
  @IsInt({ message: 'amount debe ser un número entero de céntimos' })
  @Min(50, { message: 'amount debe ser de al menos 50 céntimos' })
  @Max(99999999, { message: 'amount es demasiado alto' })
  amount: number;

  @ApiProperty({ example: 'eur' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @Matches(/^[a-z]{3}$/, { message: 'currency debe ser un código de moneda de tres letras, por ejemplo eur' })
  currency: string;
}

export class ClientSecretDto {
  @ApiProperty() id: string;
  @ApiProperty({ description: 'Para Stripe Elements (confirmCardSetup / confirmCardPayment)' }) clientSecret: string;
}

export class CreateSetupIntentDto {
  @ApiProperty({ example: 'cus_123' })
  @Matches(GATEWAY_ID, { message: idMessage('customerId') })
  customerId: string;
}

export class AddCardDto {
  @ApiProperty({ example: 'cus_123' })
  @Matches(GATEWAY_ID, { message: idMessage('customerID') })
  customerID: string;

  @ApiProperty({ example: 'pm_card_visa', description: 'En modo demostración, los ids de prueba de Stripe (pm_card_visa, pm_card_chargeDeclined…)' })
  @Matches(GATEWAY_ID, { message: idMessage('paymentMethodID') })
  paymentMethodID: string;

  /** Demo mode: the expiry typed in the demo card form, kept with the card as Stripe keeps what was typed into Elements. */
  @ApiPropertyOptional({ minimum: 1, maximum: 12, example: 12, description: 'Modo demostración: mes de caducidad escrito en el formulario (con expYear). Stripe lo toma de la propia tarjeta' })
  @ValidateIf((body: AddCardDto) => body.expMonth !== undefined || body.expYear !== undefined)
  @IsInt({ message: 'expMonth debe ser un mes entre 1 y 12' })
  @Min(1, { message: 'expMonth debe ser un mes entre 1 y 12' })
  @Max(12, { message: 'expMonth debe ser un mes entre 1 y 12' })
  expMonth?: number;

  @ApiPropertyOptional({ minimum: 2000, maximum: 2099, example: 2030, description: 'Modo demostración: año de caducidad (cuatro cifras), con expMonth' })
  @ValidateIf((body: AddCardDto) => body.expMonth !== undefined || body.expYear !== undefined)
  @IsInt({ message: 'expYear debe ser un año de cuatro cifras' })
  @Min(2000, { message: 'expYear debe ser un año de cuatro cifras' })
  @Max(2099, { message: 'expYear debe ser un año de cuatro cifras' })
  expYear?: number;
}

export class PaymentMethodIdDto {
  @ApiProperty({ example: 'pm_123' })
  @Matches(GATEWAY_ID, { message: idMessage('paymentMethodID') })
  paymentMethodID: string;
}

export class CardDto {
  @ApiProperty({ description: 'Id del método de pago (pm_…)' }) id: string;
  @ApiProperty({ example: 'visa' }) brand: string;
  @ApiProperty({ example: '4242' }) last4: string;
  @ApiProperty() expMonth: number;
  @ApiProperty() expYear: number;
  @ApiProperty() isDefault: boolean;
}

export class PaymentMethodsDto {
  @ApiProperty({ type: [CardDto] }) paymentMethods: CardDto[];
  @ApiProperty({ nullable: true, type: String }) defaultPaymentMethodId: string | null;
}

export class DefaultPaymentMethodDto {
  @ApiProperty({ type: CardDto, nullable: true }) paymentMethod: CardDto | null;
}

export class PaymentMethodChangeDto {
  @ApiProperty() success: boolean;
  @ApiProperty() paymentMethodId: string;
}

export class CreateSubscriptionDto {
  @ApiProperty({ example: 'cus_123' })
  @Matches(GATEWAY_ID, { message: idMessage('customerID') })
  customerID: string;

  @ApiProperty({ example: 'price_123', description: 'El priceId del agente o del ecosistema' })
  @Matches(GATEWAY_ID, { message: idMessage('priceID') })
  priceID: string;
}

export class SubscriptionIdDto {
  @ApiProperty({ example: 'sub_123' })
  @Matches(GATEWAY_ID, { message: idMessage('subscriptionID') })
  subscriptionID: string;

  @ApiPropertyOptional({ description: 'Se acepta por compatibilidad; no cambia el plan' })
  @IsOptional()
  @Matches(GATEWAY_ID, { message: idMessage('priceID') })
  priceID?: string;
}

/** cancel-subscription: at the end of the paid period, or at once for an admin who asks. */
export class CancelSubscriptionDto extends SubscriptionIdDto {
  @ApiPropertyOptional({
    default: false,
    description: 'Solo administradores: cancelar al momento en lugar de al final del periodo pagado (a cualquier otro usuario, 403)',
  })
  @IsOptional()
  @IsBoolean({ message: 'immediately debe ser true o false' })
  immediately?: boolean;
}

export class ChangePlanDto {
  @ApiProperty({ example: 'sub_123' })
  @Matches(GATEWAY_ID, { message: idMessage('subscriptionID') })
  subscriptionID: string;

  @ApiProperty({ example: 'price_456' })
  @Matches(GATEWAY_ID, { message: idMessage('priceID') })
  priceID: string;
}

export class ChangePreviewQueryDto {
  @ApiProperty({ example: 'price_456' })
  @Matches(GATEWAY_ID, { message: idMessage('priceID') })
  priceID: string;
}

export class ChangePreviewDto {
  @ApiProperty({ description: 'Lo que se cobra ahora (en céntimos); negativo es un abono' }) amountDue: number;
  @ApiProperty({ example: 'eur' }) currency: string;
  @ApiProperty({ description: 'Precio mensual del plan nuevo' }) newPrice: number;
  @ApiProperty({ description: 'Precio mensual del plan actual' }) currentPrice: number;
}

/** A subscription as the payments calls answer it: the stored one plus Stripe's canceled_at. */
export class PaymentSubscriptionDto extends SubscriptionDto {
  @ApiProperty({ nullable: true, type: String }) customerId: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Fecha de cancelación (como la da Stripe)' }) canceled_at: string | null;
}

export class PaymentSubscriptionResponseDto {
  @ApiProperty({ type: PaymentSubscriptionDto }) subscription: PaymentSubscriptionDto;
  /** create-subscription only: the bank asks the buyer to confirm the first payment (3-D Secure). */
  @ApiPropertyOptional({ description: 'El banco pide confirmar el primer pago (3-D Secure): la suscripción queda incompleta hasta entonces' })
  requiresAction?: boolean;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Secreto del pago a confirmar con Stripe.js (confirmCardPayment) cuando requiresAction' })
  clientSecret?: string | null;
}

export class PaymentSubscriptionListDto {
  @ApiProperty({ type: [PaymentSubscriptionDto] }) subscriptions: PaymentSubscriptionDto[];
}

export class ProductTargetDto {
  @ApiPropertyOptional({ description: 'El agente de pago que se vende' })
  @IsOptional()
  @IsString({ message: 'agentId debe ser un texto' })
  @Length(1, 64, { message: 'agentId debe tener entre 1 y 64 caracteres' })
  agentId?: string;

  @ApiPropertyOptional({ description: 'El ecosistema que se vende (con su descuento)' })
  @IsOptional()
  @IsString({ message: 'ecosystemId debe ser un texto' })
  @Length(1, 64, { message: 'ecosystemId debe tener entre 1 y 64 caracteres' })
  ecosystemId?: string;
}

export class ProductDto {
  @ApiProperty({ enum: ['agent', 'ecosystem'] }) kind: 'agent' | 'ecosystem';
  @ApiProperty() id: string;
  @ApiProperty({ nullable: true, type: String }) priceId: string | null;
  @ApiProperty({ description: 'Precio mensual (con el descuento, en un ecosistema)' }) price: number;
}

export class StoredSubscriptionRefDto {
  @ApiProperty({ example: 'sub_123', description: 'La suscripción en la pasarela; se guarda tal como la pasarela la tiene' })
  @Matches(GATEWAY_ID, { message: idMessage('subscriptionId') })
  subscriptionId: string;
}

export class WebhookAnswerDto {
  @ApiProperty() received: boolean;
  @ApiPropertyOptional({ description: 'El evento ya se había procesado' }) duplicate?: boolean;
}
