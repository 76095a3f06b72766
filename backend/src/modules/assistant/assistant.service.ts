import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { AssistantReplyDto } from './dto/assistant.dto';
import { OfflineAssistant } from './offline/offline-assistant';
import { type AssistantModel, type AssistantQuestion, ONLINE_ASSISTANT_MODEL } from './ports/assistant-model';

/**
 * Picks who answers: the online model when one is configured, the help-centre articles otherwise
 * or when the model fails, so that a visitor always gets an answer (marked offline). Nothing of
 * the conversation is stored.
 */
@Injectable()
export class AssistantService {
  private readonly logger = new Logger('Assistant');

  constructor(
    private readonly offline: OfflineAssistant,
    @Optional() @Inject(ONLINE_ASSISTANT_MODEL) private readonly online: AssistantModel | null = null,
  ) {}

  async reply(question: AssistantQuestion): Promise<AssistantReplyDto> {
    if (this.online) {
      try {
        return { id: randomUUID(), mode: 'online', ...(await this.online.answer(question)) };
      } catch (error) {
        // The message itself is not logged: visitors' conversations are not kept anywhere.
        this.logger.warn(`El modelo en línea falló; respuesta sin conexión: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return { id: randomUUID(), mode: 'offline', ...(await this.offline.answer(question)) };
  }
}
