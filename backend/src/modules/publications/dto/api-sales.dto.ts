import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { FORM_LIMITS } from '../../../common/validation/form-limits';
import { UsageQueryDto } from './publications.dto';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** The most any price or cap may be, in cents (a million of the currency). */
export const MAX_CENTS = 100_000_000;

function Cents(field: string, description: string) {
  return (target: object, property: string) => {
    ApiProperty({ type: 'integer', minimum: 0, maximum: MAX_CENTS, description: `${description}, en céntimos de PAYMENTS_CURRENCY (0 si no se cobra)` })(target, property);
    IsDefined({ message: `${field} es obligatorio.` })(target, property);
    IsInt({ message: `${field} debe ser un número entero de céntimos.` })(target, property);
    Min(0, { message: `${field} no puede ser negativo.` })(target, property);
    Max(MAX_CENTS, { message: `${field} no puede superar ${MAX_CENTS} céntimos.` })(target, property);
  };
}

export class UpdateApiPricingDto {
  @ApiProperty({ description: "'Disponible para otros desarrolladores': otros usuarios pueden crear claves y pagar por uso" })
  @IsDefined({ message: 'available es obligatorio.' })
  @IsBoolean({ message: 'available debe ser true o false.' })
  available: boolean;

  @Cents('per1000Calls', 'Precio por cada 1.000 llamadas') per1000Calls: number;
  @Cents('perMillionInputTokens', 'Precio por millón de tokens de entrada') perMillionInputTokens: number;
  @Cents('perMillionOutputTokens', 'Precio por millón de tokens de salida') perMillionOutputTokens: number;
}

export class ApiPricesDto {
  @ApiProperty({ type: 'integer', description: 'Céntimos por cada 1.000 llamadas' }) per1000Calls: number;
  @ApiProperty({ type: 'integer', description: 'Céntimos por millón de tokens de entrada' }) perMillionInputTokens: number;
  @ApiProperty({ type: 'integer', description: 'Céntimos por millón de tokens de salida' }) perMillionOutputTokens: number;
}

export class NextApiPricesDto extends ApiPricesDto {
  @ApiProperty({ example: '2026-12', description: 'El mes (YYYY-MM, UTC) desde el que se aplican' }) from: string;
}

export class ApiPricingDto extends ApiPricesDto {
  @ApiProperty() apiId: string;
  @ApiProperty() agentId: string;
  @ApiProperty() available: boolean;
  @ApiProperty({ example: 'eur', description: 'PAYMENTS_CURRENCY; los importes van en céntimos' }) currency: string;
  @ApiProperty({ type: NextApiPricesDto, nullable: true, description: 'Los precios nuevos, que se aplican desde el mes siguiente' }) next: NextApiPricesDto | null;
}

export class CreateBuyerKeyDto {
  @ApiProperty({ description: 'El agente publicado (con su API disponible para otros desarrolladores)' })
  @Transform(trim)
  @IsString({ message: 'agentId debe ser un texto' })
  @IsNotEmpty({ message: 'agentId es obligatorio.' })
  @MaxLength(64, { message: 'agentId no es válido.' })
  agentId: string;

  @ApiProperty({ example: 'Producción' })
  @Transform(trim)
  @IsString({ message: 'name debe ser un texto' })
  @IsNotEmpty({ message: 'El nombre de la clave es obligatorio.' })
  @MaxLength(FORM_LIMITS.apiKey.name.max, { message: `name no puede superar los ${FORM_LIMITS.apiKey.name.max} caracteres` })
  name: string;

  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 0, maximum: MAX_CENTS, description: 'Gasto máximo al mes en céntimos de PAYMENTS_CURRENCY; sin límite si falta o es null' })
  @IsOptional()
  @IsInt({ message: 'monthlySpendCap debe ser un número entero de céntimos.' })
  @Min(0, { message: 'monthlySpendCap no puede ser negativo.' })
  @Max(MAX_CENTS, { message: `monthlySpendCap no puede superar ${MAX_CENTS} céntimos.` })
  monthlySpendCap?: number | null;
}

export class BuyerKeyDto {
  @ApiProperty() keyId: string;
  @ApiProperty() agentId: string;
  @ApiProperty({ description: 'El nombre del agente' }) agentName: string;
  @ApiProperty() name: string;
  @ApiProperty({ example: 'nova_sk_a1B2c3', description: 'El comienzo visible del secreto' }) prefix: string;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Céntimos al mes; null sin límite' }) monthlySpendCap: number | null;
  @ApiProperty({ description: 'Lo gastado este mes (UTC), en céntimos (con decimales)' }) spentThisMonth: number;
  @ApiProperty({ example: 'eur' }) currency: string;
  @ApiProperty() createdAt: Date;
  @ApiProperty({ type: Date, nullable: true }) lastUsedAt: Date | null;
}

export class CreatedBuyerKeyDto extends BuyerKeyDto {
  @ApiProperty({ description: 'El secreto: solo aparece en esta respuesta' }) secret: string;
}

export class DeletedBuyerKeyDto {
  @ApiProperty() success: boolean;
  @ApiProperty() keyId: string;
}

export class BuyerUsageDayDto {
  @ApiProperty({ example: '2026-11-28' }) date: string;
  @ApiProperty() keyId: string;
  @ApiProperty() agentId: string;
  @ApiProperty({ type: 'integer' }) requests: number;
  @ApiProperty({ type: 'integer' }) errors: number;
  @ApiProperty({ type: 'integer' }) inputTokens: number;
  @ApiProperty({ type: 'integer' }) outputTokens: number;
  @ApiProperty({ description: 'Céntimos (con decimales); las llamadas fallidas no se cobran' }) spend: number;
}

export class BuyerUsageDto {
  @ApiProperty({ example: 'eur' }) currency: string;
  @ApiProperty({ type: [BuyerUsageDayDto] }) days: BuyerUsageDayDto[];
}

export class BuyerUsageQueryDto extends UsageQueryDto {}

export class BuyersQueryDto {
  @ApiPropertyOptional({ example: '2026-11', description: 'El mes (YYYY-MM, UTC); por defecto el actual' })
  @IsOptional()
  @Matches(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'month debe ser un mes YYYY-MM.' })
  month?: string;
}

export class ApiBuyerDto {
  @ApiProperty({ description: 'El usuario comprador (nunca sus claves)' }) buyerSub: string;
  @ApiProperty({ description: 'Su nombre público (nunca su correo)' }) username: string;
  @ApiProperty({ type: 'integer', description: 'Sus claves para este agente (vigentes o no) que se usaron o existen' }) keys: number;
  @ApiProperty({ type: 'integer' }) requests: number;
  @ApiProperty({ type: 'integer' }) errors: number;
  @ApiProperty({ type: 'integer' }) inputTokens: number;
  @ApiProperty({ type: 'integer' }) outputTokens: number;
  @ApiProperty({ description: 'Lo que pagó el mes, en céntimos (con decimales)' }) revenue: number;
  @ApiProperty({ description: 'Tu parte (revenue menos PLATFORM_FEE_PERCENT), en céntimos' }) creatorShare: number;
}

export class ApiBuyersDto {
  @ApiProperty({ example: '2026-11' }) month: string;
  @ApiProperty({ example: 'eur' }) currency: string;
  @ApiProperty({ type: [ApiBuyerDto] }) buyers: ApiBuyerDto[];
}
