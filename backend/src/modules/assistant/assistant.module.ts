import { Module } from '@nestjs/common';
import { SupportModule } from '../support/support.module';
import { AssistantController } from './assistant.controller';
import { AssistantService } from './assistant.service';
import { OfflineAssistant } from './offline/offline-assistant';
import { ONLINE_ASSISTANT_MODEL } from './ports/assistant-model';

/** Seshat, the floating assistant: `POST /api/assistant/messages`. */
@Module({
  imports: [SupportModule],
  controllers: [AssistantController],
  providers: [
    OfflineAssistant,
    AssistantService,
    // The seam for the chat issue: provide the Bedrock agent adapter here when
    // config.models.bedrockAgent is set. Until then every answer comes from the help centre.
    { provide: ONLINE_ASSISTANT_MODEL, useValue: null },
  ],
})
export class AssistantModule {}
