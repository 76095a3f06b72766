import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AgentDto } from '../../agents/dto/agent.dto';
import type { PaymentProvider } from '../../payments/gateway/payment-gateway';
import { UserAgentDto } from '../../teams/dto/team.dto';

/** An agent as the admin lists show it: the agent plus its counts (spec section 3). */
export class AdminAgentDto extends AgentDto {
  @ApiProperty({ description: 'En cuántos equipos está' }) assignments: number;
  @ApiProperty({ description: 'Cuántas conversaciones lo usan' }) conversations: number;
}

export class AdminUserAgentsDto {
  @ApiProperty({ type: [AgentDto], description: 'Los agentes que creó el usuario' }) created: AgentDto[];
  @ApiProperty({ type: [UserAgentDto], description: 'Los agentes de su equipo' }) team: UserAgentDto[];
}

export class AgentMetricsDto {
  @ApiProperty() totalAgents: number;
  @ApiProperty() publicAgentsCount: number;
  @ApiProperty() privateAgentsCount: number;
  @ApiProperty({ type: [AdminAgentDto] }) agents: AdminAgentDto[];
}

export class UserMetricsDto {
  @ApiProperty() totalUsers: number;
  @ApiProperty() confirmedUsers: number;
  @ApiProperty() unconfirmedUsers: number;
  @ApiProperty() disabledUsers: number;
  @ApiProperty() adminUsers: number;
  @ApiProperty() newUsersLast30Days: number;
  @ApiProperty() activeUsersLast30Days: number;
}

export class DailyMetricsDto {
  @ApiProperty({ example: '2026-11-27', description: 'AAAA-MM-DD, en UTC' }) date: string;
  @ApiProperty() signUps: number;
  @ApiProperty() activeUsers: number;
  @ApiProperty() conversations: number;
  @ApiProperty() messages: number;
  @ApiProperty() tokens: number;
  @ApiProperty() subscriptions: number;
  @ApiProperty({ description: 'Céntimos de currency' }) revenue: number;
}

export class DetailedMetricsDto {
  @ApiProperty({ example: 'eur' }) currency: string;
  @ApiProperty({ type: [DailyMetricsDto], description: 'Un día por entrada, los últimos 30 (hoy incluido), el más antiguo primero' })
  days: DailyMetricsDto[];
}

export class AgentMarginDto {
  @ApiProperty() agentId: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'Céntimos' }) revenue: number;
  @ApiProperty() inputTokens: number;
  @ApiProperty() outputTokens: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Coste del modelo en céntimos si hay precios de tokens; si no, null' })
  modelCost: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'revenue − modelCost, o null sin precios' }) margin: number | null;
}

export class MarginsDto {
  @ApiProperty({ example: 'eur' }) currency: string;
  @ApiProperty({ description: 'Si MODEL_PRICES da precio a los tokens' }) pricesConfigured: boolean;
  @ApiProperty({ type: [AgentMarginDto] }) agents: AgentMarginDto[];
}

export class ModerationQueueDto {
  @ApiProperty({ description: 'MODERATION_ENABLED' }) enabled: boolean;
  @ApiProperty({ type: [AgentDto] }) items: AgentDto[];
}

export class ModerationDecisionDto {
  @ApiProperty() agentId: string;
  @ApiProperty({ enum: ['approved', 'rejected'] }) moderationStatus: 'approved' | 'rejected';
  @ApiProperty({ type: String, nullable: true }) reason: string | null;
}

const PAYMENT_PROVIDERS: PaymentProvider[] = ['demo', 'stripe'];

/** Every payments view says which provider it reads; `demo` is true when no money moves. */
export class ProviderLabelDto {
  @ApiProperty({ enum: PAYMENT_PROVIDERS }) provider: PaymentProvider;
  @ApiProperty() demo: boolean;
}

export class MoneyDto {
  @ApiProperty({ description: 'Céntimos' }) amount: number;
  @ApiProperty({ example: 'eur' }) currency: string;
}

export class LedgerTotalsDto {
  @ApiProperty({ description: 'Céntimos cobrados' }) gross: number;
  @ApiProperty({ description: 'Comisiones, en céntimos' }) fees: number;
  @ApiProperty({ description: 'Parte neta de los creadores, en céntimos' }) net: number;
  @ApiProperty({ description: 'Ya pagado a los creadores, en céntimos' }) paidOut: number;
}

export class BalanceDto extends ProviderLabelDto {
  @ApiProperty({ example: 'eur' }) currency: string;
  @ApiProperty({ type: [MoneyDto] }) available: MoneyDto[];
  @ApiProperty({ type: [MoneyDto] }) pending: MoneyDto[];
  @ApiProperty({ type: LedgerTotalsDto }) totals: LedgerTotalsDto;
}

export class PeriodSummaryDto extends ProviderLabelDto {
  @ApiProperty({ example: '2026-11-01' }) startDate: string;
  @ApiProperty({ example: '2026-11-30', description: 'Incluido' }) endDate: string;
  @ApiProperty({ example: 'eur' }) currency: string;
  @ApiProperty({ description: 'Céntimos' }) revenue: number;
  @ApiProperty({ description: 'Céntimos' }) fees: number;
  @ApiProperty({ description: 'Céntimos' }) net: number;
  @ApiProperty() payments: number;
  @ApiProperty() newSubscriptions: number;
  @ApiProperty() cancelledSubscriptions: number;
  @ApiProperty() activeSubscriptions: number;
}

/** A balance transaction: Stripe's own with Stripe, a payments ledger row in demo mode. */
export class BalanceTransactionDto {
  @ApiProperty() id: string;
  @ApiProperty({ example: 'charge', description: 'El tipo de Stripe (charge, transfer, payout, refund…); charge en modo demostración' }) type: string;
  @ApiProperty({ description: 'Céntimos' }) amount: number;
  @ApiProperty({ description: 'Céntimos' }) fee: number;
  @ApiProperty({ description: 'Céntimos' }) net: number;
  @ApiProperty({ example: 'eur' }) currency: string;
  @ApiProperty({ type: String, nullable: true, description: 'ISO 8601' }) created: string | null;
  @ApiPropertyOptional({ description: 'Solo con Stripe' }) status?: string;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Solo con Stripe' }) description?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Solo con Stripe: el cargo, la transferencia o el pago del que viene' })
  source?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Solo con Stripe: cuándo estará disponible (ISO 8601)' })
  availableOn?: string | null;
  @ApiPropertyOptional({ description: 'Solo en modo demostración' }) subscriptionId?: string;
  @ApiPropertyOptional({ example: '2026-11', description: 'Solo en modo demostración: el mes pagado' }) period?: string;
  @ApiPropertyOptional({ description: 'Solo en modo demostración' }) agentId?: string;
  @ApiPropertyOptional({ description: 'Solo en modo demostración' }) agentName?: string;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Solo en modo demostración' }) ecosystemId?: string | null;
  @ApiPropertyOptional({ description: 'Solo en modo demostración: el pago entero, en céntimos' }) paymentAmount?: number;
  @ApiPropertyOptional({ description: 'Solo en modo demostración' }) demo?: boolean;
  @ApiPropertyOptional({ description: 'Solo en modo demostración: ya pagado al creador' }) paidOut?: boolean;
}

export class BalanceTransactionsDto extends ProviderLabelDto {
  @ApiProperty({ type: [BalanceTransactionDto] }) items: BalanceTransactionDto[];
}

/** A stored subscription with its user (named apart from the subscriptions module's SubscriptionUserDto: one schema name, one shape). */
export class SubscriptionListingDto {
  @ApiProperty() subscriptionId: string;
  @ApiProperty() status: string;
  @ApiProperty({ description: 'El sub de quien se suscribió' }) userId: string;
  @ApiProperty({ type: String, nullable: true }) username: string | null;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty({ type: String, nullable: true }) agentId: string | null;
  @ApiProperty({ type: String, nullable: true }) ecosystemId: string | null;
  @ApiProperty() isBundle: boolean;
  @ApiProperty({ type: String, nullable: true }) priceId: string | null;
  @ApiProperty() price: number;
  @ApiProperty({ type: String, nullable: true, description: 'ISO 8601' }) createdAt: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'ISO 8601' }) finishedAt: string | null;
}

export class SubscriptionUsersDto extends ProviderLabelDto {
  @ApiProperty({ type: [SubscriptionListingDto] }) items: SubscriptionListingDto[];
}

/** A product with its newest price: Stripe's products with Stripe, the catalogue's prices in demo mode. */
export class ProductListingDto {
  @ApiProperty() productId: string;
  @ApiProperty({ type: String, nullable: true }) priceId: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'agent', description: 'agent o ecosystem' }) kind: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'El id del agente o del ecosistema' }) itemId: string | null;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Céntimos' }) unitAmount: number | null;
  @ApiProperty({ type: String, nullable: true }) currency: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'ISO 8601' }) createdAt: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Solo con Stripe' }) description?: string | null;
  @ApiPropertyOptional({ description: 'Solo con Stripe' }) active?: boolean;
}

export class ProductListingsDto extends ProviderLabelDto {
  @ApiProperty({ type: [ProductListingDto] }) items: ProductListingDto[];
}

export class CustomerListingDto {
  @ApiProperty() customerId: string;
  @ApiProperty({ type: String, nullable: true, description: 'El sub del usuario' }) userId: string | null;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'ISO 8601' }) createdAt: string | null;
}

export class CustomerListingsDto extends ProviderLabelDto {
  @ApiProperty({ type: [CustomerListingDto] }) items: CustomerListingDto[];
}
