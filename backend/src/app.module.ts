import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from './config/app-config';
import { AuthModule } from './common/auth/auth.module';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { AgentsModule } from './modules/agents/agents.module';
import { EcosystemsModule } from './modules/ecosystems/ecosystems.module';
import { HealthModule } from './modules/health/health.module';
import { IdentityModule } from './modules/identity/identity.module';
import { RuntimeConfigModule } from './modules/runtime-config/runtime-config.module';
import { TeamsModule } from './modules/teams/teams.module';
import { UsersModule } from './modules/users/users.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ConfigModule.forRoot(config), DatabaseModule.forRoot(config.database), HealthModule, RuntimeConfigModule, IdentityModule, AuthModule, UsersModule, AgentsModule, EcosystemsModule, TeamsModule],
    };
  }
}
