import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AgentDto } from '../../agents/dto/agent.dto';
import { AuditPageDto } from '../../audit/dto/audit.dto';
import { METRICS_PERIODS, type MetricsPeriod } from './admin.dto';
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
  @ApiProperty({ enum: METRICS_PERIODS, description: 'El periodo de newUsers y activeUsers' }) period: MetricsPeriod;
  @ApiProperty() totalUsers: number;
  @ApiProperty() confirmedUsers: number;
  @ApiProperty() unconfirmedUsers: number;
  @ApiProperty() disabledUsers: number;
  @ApiProperty() adminUsers: number;
  @ApiProperty({ description: 'Altas en el periodo' }) newUsers: number;
  @ApiProperty({ description: 'Usuarios que escribieron algún mensaje en el periodo' }) activeUsers: number;
}

export class DailyMetricsDto {
  @ApiProperty({ example: '2026-11-27', description: 'AAAA-MM-DD en UTC; AAAA-MM cuando el periodo va por meses (12m)' }) date: string;
  @ApiProperty() signUps: number;
  @ApiProperty() activeUsers: number;
  @ApiProperty() conversations: number;
  @ApiProperty() messages: number;
  @ApiProperty() tokens: number;
  @ApiProperty() subscriptions: number;
  @ApiProperty({ description: 'Céntimos de currency' }) revenue: number;
}

export class DetailedMetricsDto {
  @ApiProperty({ enum: METRICS_PERIODS }) period: MetricsPeriod;
  @ApiProperty({ enum: ['day', 'month'], description: 'Qué es cada entrada: un día (7d, 30d, 90d) o un mes (12m)' }) granularity: 'day' | 'month';
  @ApiProperty({ example: 'eur' }) currency: string;
  @ApiProperty({
    type: [DailyMetricsDto],
    description: 'Una entrada por día (o por mes) del periodo, el actual incluido, la más antigua primero',
  })
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
  @ApiProperty({ enum: METRICS_PERIODS, nullable: true, description: 'El periodo de ingresos y tokens; null: desde el principio' })
  period: MetricsPeriod | null;
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
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Solo en modo demostración: el ecosistema comprado, si lo fue como ecosistema' })
  ecosystemName?: string | null;
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
  @ApiProperty({ type: String, nullable: true, description: 'El nombre actual del agente; null si ya no existe' }) agentName: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'El nombre actual del ecosistema; null si ya no existe' }) ecosystemName: string | null;
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
  @ApiProperty({ type: String, nullable: true, description: 'El nombre de usuario de la cuenta (null si no hay cuenta con ese sub)' }) username: string | null;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'ISO 8601' }) createdAt: string | null;
}

export class CustomerListingsDto extends ProviderLabelDto {
  @ApiProperty({ type: [CustomerListingDto] }) items: CustomerListingDto[];
}

/** A page of the audit log with the names of the users, agents, ecosystems and subscriptions it mentions. */
export class AdminAuditPageDto extends AuditPageDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description:
      'Por id (sub de usuario, agente, ecosistema, suscripción, cuenta de cobro, movimiento): su nombre actual. Un id sin nombre (borrado) no está',
  })
  names: Record<string, string>;
}
