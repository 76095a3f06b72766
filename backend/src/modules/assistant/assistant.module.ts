import { Module } from '@nestjs/common';
import { ModelGateway } from '../models/model-gateway';
import { ModelsModule } from '../models/models.module';
import { SupportModule } from '../support/support.module';
import { AssistantController } from './assistant.controller';
import { AssistantService } from './assistant.service';
import { OfflineAssistant } from './offline/offline-assistant';
import { GatewayAssistantModel } from './online/gateway-assistant-model';
import { ONLINE_ASSISTANT_MODEL } from './ports/assistant-model';

/** Seshat, the floating assistant: `POST /api/assistant/messages`. */
@Module({
  imports: [SupportModule, ModelsModule],
  controllers: [AssistantController],
  providers: [
    OfflineAssistant,
    AssistantService,
    {
      // Online only when a model can answer Seshat's audience; otherwise the help centre answers.
      provide: ONLINE_ASSISTANT_MODEL,
      inject: [ModelGateway, OfflineAssistant],
      useFactory: (gateway: ModelGateway, offline: OfflineAssistant) =>
        gateway.isConfigured('chatbot') ? new GatewayAssistantModel(gateway, offline) : null,
    },
  ],
})
export class AssistantModule {}
