import { Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { createModelCatalogue, createModelGateway } from './model-gateway.factory';
import { ModelCatalogue } from './model-catalogue';
import { ModelGateway } from './model-gateway';
import { ModelsController } from './models.controller';

/**
 * The AI models behind one port: import this module and inject `ModelGateway` (to ask a model)
 * or `ModelCatalogue` (which models the configured providers offer).
 */
@Module({
  controllers: [ModelsController],
  providers: [
    {
      provide: ModelCatalogue,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): ModelCatalogue => createModelCatalogue(config),
    },
    {
      provide: ModelGateway,
      inject: [APP_CONFIG, ModelCatalogue],
      useFactory: (config: AppConfig, catalogue: ModelCatalogue): ModelGateway => createModelGateway(config, {}, catalogue),
    },
  ],
  exports: [ModelGateway, ModelCatalogue],
})
export class ModelsModule {}
