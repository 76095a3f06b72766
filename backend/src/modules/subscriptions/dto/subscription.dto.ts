import { ApiProperty } from '@nestjs/swagger';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../entities/subscription.entity';

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
}

/** "Responses carry success and data with status" (spec section 7, stored subscriptions). */
export class SubscriptionLookupDto {
  @ApiProperty({ description: 'false cuando el usuario no tiene ninguna suscripción que cubra el agente' }) success: boolean;
  @ApiProperty({ type: SubscriptionDto, nullable: true }) data: SubscriptionDto | null;
}
