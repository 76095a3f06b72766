import { Module } from '@nestjs/common';
import { ModelsModule } from '../models/models.module';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';
import { ShutdownState } from './shutdown';

/** The health routes, and the instance's orderly shutdown that readiness reports (shutdown.ts). */
@Module({
  imports: [ModelsModule],
  controllers: [HealthController],
  providers: [HealthService, ShutdownState],
})
export class HealthModule {}
