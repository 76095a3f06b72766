import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { EntityStatements } from '../../database/entity-statements';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { namesCaller, type VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { defaultSystemPrompt } from '../models/default-prompts';
import { UsersService } from '../users/users.service';
import type { AssistantPromptDto } from './dto/chat.dto';
import { AssistantPrompt } from './entities/assistant-prompt.entity';

/** Each user's instructions for the main assistant ('nova prompt' in the contract). */
@Injectable()
export class AssistantPromptsService {
  /** Read on every turn with the main assistant, before the model is asked: plain SQL. */
  private readonly promptOf: (user: Pick<AssistantPrompt, 'userSub'>) => Promise<AssistantPrompt[]>;

  constructor(
    @InjectRepository(AssistantPrompt) private readonly prompts: Repository<AssistantPrompt>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    dataSource: DataSource,
  ) {
    this.promptOf = new EntityStatements(dataSource, AssistantPrompt).select({ where: ['userSub'] });
  }

  /**
   * POST /users/{id}/nova-prompt: with a prompt, stores it (a blank one goes back to the default);
   * always answers the prompt in force. `userId` is the caller's (the guard checked it) or, for an
   * admin, any user's sub or username.
   */
  async readOrStore(identity: VerifiedIdentity, userId: string, prompt: string | undefined): Promise<AssistantPromptDto> {
    const userSub = await this.subOf(identity, userId);
    if (prompt !== undefined) {
      const trimmed = prompt.trim();
      if (trimmed === '') await this.prompts.delete({ userSub });
      else await this.prompts.save(this.prompts.create({ userSub, prompt: trimmed }));
    }
    const stored = await this.customPrompt(userSub);
    return stored !== null ? { prompt: stored, custom: true } : { prompt: this.defaultPrompt(), custom: false };
  }

  /** The user's own instructions, or null to let the model use the default ones. */
  async customPrompt(userSub: string): Promise<string | null> {
    const [stored] = await this.promptOf({ userSub });
    return stored?.prompt ?? null;
  }

  /** What the main assistant is told for this user: their own prompt, else the default. */
  async promptInForce(userSub: string): Promise<string> {
    return (await this.customPrompt(userSub)) ?? this.defaultPrompt();
  }

  private defaultPrompt(): string {
    return defaultSystemPrompt('main-assistant', this.config.productName, this.config.assistantName) ?? '';
  }

  private async subOf(identity: VerifiedIdentity, userId: string): Promise<string> {
    if (namesCaller(identity, userId)) return identity.sub;
    // Only an admin gets here (the guard refuses anyone else naming another user).
    return (await this.users.registration(identity, userId)).id;
  }
}
