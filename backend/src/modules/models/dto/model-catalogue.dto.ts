import { ApiProperty } from '@nestjs/swagger';
import type { CatalogueProvider } from '../model-catalogue';

const PROVIDERS: CatalogueProvider[] = ['bedrock', 'openai-compatible'];

export class CatalogueModelDto {
  @ApiProperty({ description: 'Lo que guarda modelConfig.modelId de un agente', example: 'anthropic.claude-3-5-sonnet-20240620-v1:0' })
  id: string;

  @ApiProperty({ example: 'Anthropic Claude 3.5 Sonnet' })
  name: string;

  @ApiProperty({ enum: PROVIDERS })
  provider: CatalogueProvider;
}

export class ModelCatalogueDto {
  @ApiProperty({ type: [CatalogueModelDto] })
  models: CatalogueModelDto[];

  @ApiProperty({ enum: PROVIDERS, isArray: true, description: 'Proveedores configurados cuya lista no se pudo leer ahora' })
  unavailable: CatalogueProvider[];
}
