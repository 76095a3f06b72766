import { ApiProperty } from '@nestjs/swagger';
import { FORM_LIMITS, type FormLimits } from '../../common/validation/form-limits';
import { AGENT_CATEGORIES, type AgentCategory } from '../agents/agent-categories';

class IdentityConfigDto {
  @ApiProperty({ enum: ['cognito', 'embedded'] }) provider: 'cognito' | 'embedded';
  @ApiProperty({ example: 'us-east-1' }) region: string;
  @ApiProperty() userPoolId: string;
  @ApiProperty() userPoolClientId: string;
  @ApiProperty({ type: String, nullable: true, description: 'Dirección del servicio de identidad embebido (relativa al backend) o de un servicio compatible con Cognito (COGNITO_ISSUER_URL); null para Amazon Cognito' })
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

class BoundsDto {
  @ApiProperty({ description: 'Mínimo: longitud de un texto o valor de un número' }) min: number;
  @ApiProperty({ description: 'Máximo: longitud de un texto o valor de un número' }) max: number;
}

/** A class per group of FORM_LIMITS, one `BoundsDto` property per field, so the document names every field. */
function limitsGroupDto(group: keyof FormLimits): new () => object {
  const dto = class {};
  Object.defineProperty(dto, 'name', { value: `${group[0].toUpperCase()}${group.slice(1)}LimitsDto` });
  for (const field of Object.keys(FORM_LIMITS[group])) ApiProperty({ type: BoundsDto })(dto.prototype, field);
  return dto;
}

class FormLimitsDto {}
for (const group of Object.keys(FORM_LIMITS) as Array<keyof FormLimits>) {
  ApiProperty({ type: limitsGroupDto(group) })(FormLimitsDto.prototype, group);
}

class CategoryDto {
  @ApiProperty({ enum: AGENT_CATEGORIES }) slug: AgentCategory;
  @ApiProperty({ example: 'Finanzas', description: 'Nombre en español que ven los usuarios' }) label: string;
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
  @ApiProperty({ type: FormLimitsDto, description: 'Los límites de cada formulario, los mismos que comprueba el servidor' })
  limits: FormLimits;
  @ApiProperty({ type: [CategoryDto], description: 'Las categorías de agentes, en el orden en que se ofrecen' })
  categories: CategoryDto[];
}
