import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiPaymentRequiredResponse, ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, Public, SignedInApi } from '../../common/auth/auth.decorators';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { ErrorBodyDto, INVALID_BODY } from '../../common/errors/error-body.dto';
import { ApiSalesService } from './api-sales.service';
import {
  ApiBuyersDto,
  ApiPricingDto,
  BuyerKeyDto,
  BuyersQueryDto,
  BuyerUsageDto,
  BuyerUsageQueryDto,
  CreateBuyerKeyDto,
  CreatedBuyerKeyDto,
  DeletedBuyerKeyDto,
  UpdateApiPricingDto,
} from './dto/api-sales.dto';

const NOT_FOUND = 'Publicación no encontrada. (También a quien no es el creador del agente ni administrador.)';
const NOT_FOR_SALE = 'La API de este agente no está disponible para otros desarrolladores.';

/** Selling a published agent's API to other developers (issue 36, items 1 and 2). */
@ApiTags('publications')
@SignedInApi()
@Controller()
export class ApiSalesController {
  constructor(private readonly sales: ApiSalesService) {}

  @Put('publication/:apiId/pricing')
  @ApiOperation({ summary: "Precios del uso de la API y 'Disponible para otros desarrolladores' (solo el creador del agente); un cambio de precios se aplica desde el mes siguiente" })
  @ApiOkResponse({ type: ApiPricingDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: `${INVALID_BODY}: importes enteros en céntimos, 0 o más` })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_FOUND })
  setPricing(@CurrentIdentity() identity: VerifiedIdentity, @Param('apiId') apiId: string, @Body() body: UpdateApiPricingDto): Promise<ApiPricingDto> {
    return this.sales.setPricing(identity, apiId, body);
  }

  @Get('publication/:apiId/pricing')
  @Public()
  @ApiOperation({ summary: 'Los precios de la API (apiId: la publicación o su agente); de cualquiera mientras está disponible' })
  @ApiOkResponse({ type: ApiPricingDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: `${NOT_FOUND}; o ${NOT_FOR_SALE}` })
  getPricing(@CurrentIdentity() identity: VerifiedIdentity | undefined, @Param('apiId') apiId: string): Promise<ApiPricingDto> {
    return this.sales.getPricing(identity, apiId);
  }

  @Get('publication/:apiId/buyers')
  @ApiOperation({ summary: 'Uso e ingresos de cada comprador en un mes (solo el creador del agente); nunca sus claves' })
  @ApiOkResponse({ type: ApiBuyersDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'month no es un mes YYYY-MM' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_FOUND })
  buyers(@CurrentIdentity() identity: VerifiedIdentity, @Param('apiId') apiId: string, @Query() query: BuyersQueryDto): Promise<ApiBuyersDto> {
    return this.sales.buyersOf(identity, apiId, query);
  }

  @Post('me/api-keys')
  @ApiOperation({ summary: 'Crea una clave propia para la API de pago de un agente (el secreto solo aparece en esta respuesta)' })
  @ApiCreatedResponse({ type: CreatedBuyerKeyDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: INVALID_BODY })
  @ApiPaymentRequiredResponse({ type: ErrorBodyDto, description: 'Añade una tarjeta para usar APIs de pago.' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: NOT_FOR_SALE })
  @ApiConflictResponse({ type: ErrorBodyDto, description: 'Demasiadas claves en la cuenta, o claves para demasiados agentes a la vez' })
  createKey(@CurrentIdentity() identity: VerifiedIdentity, @Body() body: CreateBuyerKeyDto): Promise<CreatedBuyerKeyDto> {
    return this.sales.createKey(identity, body);
  }

  @Get('me/api-keys')
  @ApiOperation({ summary: 'Mis claves de API de pago, con lo gastado este mes' })
  @ApiOkResponse({ type: [BuyerKeyDto] })
  listKeys(@CurrentIdentity() identity: VerifiedIdentity): Promise<BuyerKeyDto[]> {
    return this.sales.listKeys(identity);
  }

  @Delete('me/api-keys/:keyId')
  @ApiOperation({ summary: 'Borra una clave mía: deja de funcionar al instante' })
  @ApiOkResponse({ type: DeletedBuyerKeyDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'Clave de API no encontrada.' })
  deleteKey(@CurrentIdentity() identity: VerifiedIdentity, @Param('keyId') keyId: string): Promise<DeletedBuyerKeyDto> {
    return this.sales.deleteKey(identity, keyId);
  }

  @Get('me/api-usage')
  @ApiOperation({ summary: 'Uso y gasto de mis claves de pago por clave y día (UTC)' })
  @ApiOkResponse({ type: BuyerUsageDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'from o to no es una fecha YYYY-MM-DD' })
  usage(@CurrentIdentity() identity: VerifiedIdentity, @Query() query: BuyerUsageQueryDto): Promise<BuyerUsageDto> {
    return this.sales.usageOf(identity, query);
  }
}
