import { Module } from '@nestjs/common';
import { ModelsModule } from '../models/models.module';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

@Module({ imports: [ModelsModule], controllers: [HealthController], providers: [HealthService] })
export class HealthModule {}
