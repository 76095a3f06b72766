import { Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { createModelGateway } from './model-gateway.factory';
import { ModelGateway } from './model-gateway';

/** The AI models behind one port: import this module and inject `ModelGateway`. */
@Module({
  providers: [
    {
      provide: ModelGateway,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): ModelGateway => createModelGateway(config),
    },
  ],
  exports: [ModelGateway],
})
export class ModelsModule {}
