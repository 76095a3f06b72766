import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { ModelGateway } from '../models/model-gateway';
import { HealthDto } from './health.dto';

@Injectable()
export class HealthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly models: ModelGateway,
  ) {}

  async check(): Promise<HealthDto> {
    const reachable = await this.isDatabaseReachable();
    const { identity, payments, models, mail } = this.config;
    return {
      status: reachable ? 'ok' : 'error',
      version: this.config.version,
      database: { type: this.config.database.type, reachable },
      providers: {
        identity: identity.provider,
        payments: payments.provider,
        mail: mail.provider,
        assistant: this.models.isConfigured('chatbot') ? 'online' : 'offline',
        models: {
          provider: models.provider,
          bedrockAgent: models.bedrockAgent,
          bedrockChatbotAgent: models.bedrockChatbotAgent,
          bedrockRuntime: models.bedrockRuntime,
          openAiCompatible: models.openAiCompatible,
        },
      },
    };
  }

  private async isDatabaseReachable(): Promise<boolean> {
    try {
      await this.dataSource.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }
}
