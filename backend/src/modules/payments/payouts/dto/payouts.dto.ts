import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length } from 'class-validator';

export class OnboardingLinkDto {
  @ApiProperty({ description: 'Stripe: el enlace de alta de Stripe Express. Demostración: la vuelta a Mis ingresos (no hay alta que hacer).' })
  url: string;
}

export class ConnectedAccountDto {
  @ApiProperty({ nullable: true, type: String, example: 'acct_123' }) accountId: string | null;
  @ApiProperty({ enum: ['demo', 'stripe'] }) provider: 'demo' | 'stripe';
  @ApiProperty({
    enum: ['none', 'pending', 'active'],
    description: 'none: sin cuenta. pending: cuenta de Stripe creada; Stripe confirma el alta. active: puede cobrar (en demostración, sin mover dinero).',
  })
  status: 'none' | 'pending' | 'active';
}

export class EarningsQueryDto {
  @ApiPropertyOptional({ description: 'Solo administradores: los ingresos de otro usuario (su id o nombre de usuario)' })
  @IsOptional()
  @IsString({ message: 'user debe ser un texto' })
  @Length(1, 128, { message: 'user debe tener entre 1 y 128 caracteres' })
  user?: string;
}

export class EarningsAgentDto {
  @ApiProperty() agentId: string;
  @ApiProperty() agentName: string;
  @ApiProperty({ description: 'Suscripciones que pagaron ese mes (individuales y paquetes que incluyen el agente)' }) subscribers: number;
  @ApiProperty({ description: 'Ingresos brutos del mes, en la moneda (euros), no en céntimos' }) gross: number;
  @ApiProperty({ description: 'Comisión de la plataforma (PLATFORM_FEE_PERCENT)' }) fee: number;
  @ApiProperty({ description: 'Lo que queda para el creador' }) net: number;
  @ApiProperty({ description: 'true cuando el dinero ya llegó a la cuenta conectada (cargo con destino en Stripe)' }) paidOut: boolean;
}

export class EarningsTotalsDto {
  @ApiProperty() subscribers: number;
  @ApiProperty() gross: number;
  @ApiProperty() fee: number;
  @ApiProperty() net: number;
}

export class EarningsMonthDto {
  @ApiProperty({ example: '2026-11' }) month: string;
  @ApiProperty({ type: [EarningsAgentDto] }) agents: EarningsAgentDto[];
  @ApiProperty({ type: EarningsTotalsDto }) totals: EarningsTotalsDto;
}

export class BundleShareDto {
  @ApiProperty() ecosystemId: string;
  @ApiProperty({ description: 'El nombre del paquete cuando se compró' }) ecosystemName: string;
  @ApiProperty({ example: '2026-11' }) month: string;
  @ApiProperty() agentId: string;
  @ApiProperty() agentName: string;
  @ApiProperty({ description: 'Parte del agente en lo que pagaron los suscriptores del paquete ese mes (0 a 1)' }) usageShare: number;
  @ApiProperty({
    description: 'Respuestas del agente a los suscriptores en los chats y sesiones del paquete ese mes que cuentan para el reparto (no cuentan las de un creador con su propio agente)',
  })
  messages: number;
  @ApiProperty({ description: 'Respuestas de todos los agentes del paquete a esos suscriptores ese mes que cuentan para el reparto' }) bundleMessages: number;
  @ApiProperty({
    enum: ['usage', 'price', 'equal', 'minimum', 'mixed'],
    description:
      'usage: por el uso de cada suscriptor; price: por los precios de lista de los agentes, porque sus suscriptores no lo usaron ese mes; equal: a partes iguales (sin uso y todos los agentes gratuitos); minimum: solo el mínimo que su creador pidió por suscriptor por dejarlo vender en el paquete de otro usuario (el resto del pago fue a otros agentes por uso o precio); mixed: cada pago según su criterio. El mínimo se paga primero en cualquier caso',
  })
  basis: 'usage' | 'price' | 'equal' | 'minimum' | 'mixed';
  @ApiProperty({ description: 'false mientras el mes no ha terminado: el reparto aún puede cambiar' }) settled: boolean;
}

export class EarningsDto {
  @ApiProperty({ example: 'eur' }) currency: string;
  @ApiProperty({ enum: ['demo', 'stripe'] }) provider: 'demo' | 'stripe';
  @ApiProperty({ description: 'Porcentaje de comisión de la plataforma' }) feePercent: number;
  @ApiProperty({ type: [EarningsMonthDto], description: 'Del mes más reciente al más antiguo' }) months: EarningsMonthDto[];
  @ApiProperty({ type: [BundleShareDto] }) bundleShares: BundleShareDto[];
}

export class SettledShareDto {
  @ApiProperty({ description: 'La fila del libro de ingresos pagada' }) ledgerEntryId: string;
  @ApiProperty({ description: "El paquete; '' para la parte de una factura del uso de una API" }) ecosystemId: string;
  @ApiProperty({ example: '2026-10' }) month: string;
  @ApiProperty() agentId: string;
  @ApiProperty({ description: 'El creador del agente (sub)' }) creatorSub: string;
  @ApiProperty({ example: 'acct_123' }) destinationAccountId: string;
  @ApiProperty({ example: 'tr_123' }) transferId: string;
  @ApiProperty({ description: 'Lo transferido, en la moneda (euros), no en céntimos' }) amount: number;
  @ApiProperty({ example: 'eur' }) currency: string;
}

export class SettlementDto {
  @ApiProperty({ enum: ['demo', 'stripe'], description: 'En demostración no se mueve dinero: nada se paga' }) provider: 'demo' | 'stripe';
  @ApiProperty({ type: [SettledShareDto], description: 'Las partes de paquetes transferidas en esta pasada' }) paid: SettledShareDto[];
  @ApiProperty({ description: 'Partes de meses cerrados que siguen sin pagar (creador sin cuenta que pueda cobrar, o fallo del proveedor: se reintenta)' })
  pending: number;
}
