import { ApiProperty } from '@nestjs/swagger';

export const API_INVOICE_STATUSES = ['draft', 'open', 'paid', 'payment_failed', 'void'] as const;

export class ApiInvoiceLineDto {
  @ApiProperty() keyId: string;
  @ApiProperty({ description: 'El nombre que el comprador dio a la clave' }) keyName: string;
  @ApiProperty() agentId: string;
  @ApiProperty() agentName: string;
  @ApiProperty({ type: 'integer', description: 'Llamadas cobradas (las que respondieron)' }) calls: number;
  @ApiProperty({ type: 'integer' }) inputTokens: number;
  @ApiProperty({ type: 'integer' }) outputTokens: number;
  @ApiProperty({ type: 'integer', description: 'Importe de la clave en el mes, en céntimos de la moneda' }) amount: number;
}

export class ApiInvoiceDto {
  @ApiProperty({ description: "La factura; la del mes en curso, aún sin cerrar, es 'draft' (id 'draft-YYYY-MM')" }) id: string;
  @ApiProperty({ example: '2026-11', description: 'El mes de uso que factura (YYYY-MM, UTC)' }) month: string;
  @ApiProperty({ enum: API_INVOICE_STATUSES, description: "payment_failed: el cobro falló y las claves del comprador están suspendidas hasta que se pague" })
  status: (typeof API_INVOICE_STATUSES)[number];
  @ApiProperty({ type: 'integer', description: 'Total en céntimos de la moneda' }) total: number;
  @ApiProperty({ example: 'eur' }) currency: string;
  @ApiProperty({ type: String, nullable: true, description: 'La página de la factura en Stripe; null en modo demo y en el borrador' }) hostedInvoiceUrl: string | null;
  @ApiProperty({ type: [ApiInvoiceLineDto], description: 'Una línea por clave' }) lines: ApiInvoiceLineDto[];
}

export class ApiInvoicesDto {
  @ApiProperty({ type: [ApiInvoiceDto], description: 'Del mes más reciente al más antiguo' }) items: ApiInvoiceDto[];
}
