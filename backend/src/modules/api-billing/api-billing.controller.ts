import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, SignedInApi } from '../../common/auth/auth.decorators';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { ApiInvoices } from './api-invoices.service';
import { ApiInvoicesDto } from './dto/api-invoices.dto';

/** A buyer's monthly invoices of API use (issue 36, item 3). */
@ApiTags('publications')
@SignedInApi()
@Controller()
export class ApiBillingController {
  constructor(private readonly invoices: ApiInvoices) {}

  @Get('me/api-invoices')
  @ApiOperation({ summary: 'Mis facturas mensuales del uso de APIs de pago, con una línea por clave (y el borrador del mes en curso)' })
  @ApiOkResponse({ type: ApiInvoicesDto })
  list(@CurrentIdentity() identity: VerifiedIdentity): Promise<ApiInvoicesDto> {
    return this.invoices.listFor(identity);
  }
}
