import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../entities/subscription.entity';

export class SubscriptionUserDto {
  @ApiProperty({ nullable: true, type: String }) name: string | null;
  @ApiProperty({ nullable: true, type: String }) email: string | null;
}

export class SubscriptionProductDto {
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ description: 'Precio por mes' }) price: number;
  @ApiPropertyOptional() quantity?: number;
}

/** A stored subscription as the contract shows it (spec section 3, "Subscription"). */
export class SubscriptionDto {
  @ApiProperty({ description: 'Id de la suscripción en el proveedor de pagos' }) subscriptionId: string;
  @ApiProperty({ enum: SUBSCRIPTION_STATUSES }) status: SubscriptionStatus;
  @ApiProperty({ description: 'Si es un paquete (bundle) de agentes' }) isBundle: boolean;
  @ApiProperty({ type: [String], description: 'Agentes del paquete; vacío en una suscripción individual' }) agents: string[];
  @ApiProperty({ nullable: true, type: String }) priceId: string | null;
  @ApiProperty({ description: 'Precio por mes' }) price: number;
  @ApiProperty({ description: 'El sub del usuario' }) userId: string;
  @ApiProperty({ nullable: true, type: String, description: 'Agente de una suscripción individual; null en un paquete' })
  agentId: string | null;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
  @ApiProperty({ nullable: true, type: String, description: 'Fecha de cancelación' }) finishedAt: string | null;
  @ApiProperty({ description: 'Cancelada por el suscriptor: sigue activa hasta currentPeriodEnd y entonces se cancela' })
  cancelAtPeriodEnd: boolean;
  @ApiProperty({ nullable: true, type: String, description: 'Fin del periodo pagado (ISO 8601): la próxima renovación, o cuándo termina si cancelAtPeriodEnd' })
  currentPeriodEnd: string | null;
  @ApiProperty({ type: SubscriptionUserDto }) user: SubscriptionUserDto;
  @ApiProperty({ type: [SubscriptionProductDto], description: 'Productos incluidos' }) products: SubscriptionProductDto[];
  @ApiProperty({ nullable: true, type: String, description: 'Ecosistema de un paquete comprado como ecosistema' })
  ecosystemId: string | null;
}

/** "Responses carry success and data with status" (spec section 7, stored subscriptions). */
export class SubscriptionLookupDto {
  @ApiProperty({ description: 'false cuando el usuario no tiene ninguna suscripción que cubra el agente' }) success: boolean;
  @ApiProperty({ type: SubscriptionDto, nullable: true }) data: SubscriptionDto | null;
  @ApiPropertyOptional({ description: "Sin suscripción: 'No se encontró suscripción' (o 'No se encontró suscripción bundle')" })
  message?: string;
}

export class SubscriptionListDto {
  @ApiProperty() success: boolean;
  @ApiProperty({ type: [SubscriptionDto] }) data: SubscriptionDto[];
}
