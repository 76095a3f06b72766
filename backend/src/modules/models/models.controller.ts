import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ModelCatalogueDto } from './dto/model-catalogue.dto';
import { ModelCatalogue } from './model-catalogue';
import { SignedInApi } from '../../common/auth/auth.decorators';

@ApiTags('models')
@SignedInApi()
@Controller('models')
export class ModelsController {
  constructor(private readonly catalogue: ModelCatalogue) {}

  @Get()
  @ApiOperation({
    summary: 'Modelos que ofrecen los proveedores configurados',
    description:
      'Los modelos de texto bajo demanda y los perfiles de inferencia de Amazon Bedrock, y los modelos del servidor compatible con OpenAI (GET /v1/models). Un proveedor que no responde queda en unavailable y los demás se listan igual.',
  })
  @ApiOkResponse({ type: ModelCatalogueDto })
  list(): Promise<ModelCatalogueDto> {
    return this.catalogue.list();
  }
}
