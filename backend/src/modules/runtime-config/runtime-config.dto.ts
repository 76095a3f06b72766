import { ApiProperty } from '@nestjs/swagger';

class IdentityConfigDto {
  @ApiProperty({ enum: ['cognito', 'embedded'] }) provider: 'cognito' | 'embedded';
  @ApiProperty({ example: 'us-east-1' }) region: string;
  @ApiProperty() userPoolId: string;
  @ApiProperty() userPoolClientId: string;
  @ApiProperty({ type: String, nullable: true, description: 'Dirección del servicio de identidad embebido (relativa al backend); null para Amazon Cognito' })
  endpoint: string | null;
}

class PaymentsConfigDto {
  @ApiProperty({ enum: ['demo', 'stripe'] }) provider: 'demo' | 'stripe';
  @ApiProperty({ type: String, nullable: true, description: 'Clave publicable de Stripe para Elements; null en modo demostración' })
  publishableKey: string | null;
  @ApiProperty({ example: 'eur', description: 'Moneda de los precios (ISO 4217 en minúsculas)' }) currency: string;
}

class TrackingConfigDto {
  @ApiProperty({ type: [String], description: 'Scripts que se cargan solo tras aceptar las cookies' })
  scripts: string[];
}

/** What the renderer needs to know about this deployment; nothing here is secret. */
export class RuntimeConfigDto {
  @ApiProperty({ example: 'Nova' }) productName: string;
  @ApiProperty({ example: 'Seshat' }) assistantName: string;
  @ApiProperty({ type: String, nullable: true, description: 'Valor de la cabecera x-api-key del cliente' })
  apiKey: string | null;
  @ApiProperty({ type: IdentityConfigDto }) identity: IdentityConfigDto;
  @ApiProperty({ type: PaymentsConfigDto }) payments: PaymentsConfigDto;
  @ApiProperty({ type: TrackingConfigDto }) tracking: TrackingConfigDto;
  @ApiProperty({ type: [String] }) features: string[];
}
