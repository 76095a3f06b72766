import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AgentsModule } from '../agents/agents.module';
import { EcosystemsModule } from '../ecosystems/ecosystems.module';
import { AvatarFilesModule } from '../files/avatar-files';
import { UsersModule } from '../users/users.module';
import { UserAgent } from './entities/user-agent.entity';
import { UserEcosystem } from './entities/user-ecosystem.entity';
import { UserAgentsController, UserEcosystemsController } from './teams.controller';
import { TeamsService } from './teams.service';

@Module({
  imports: [TypeOrmModule.forFeature([UserAgent, UserEcosystem]), AgentsModule, EcosystemsModule, UsersModule, AvatarFilesModule],
  controllers: [UserAgentsController, UserEcosystemsController],
  providers: [TeamsService],
  exports: [TeamsService],
})
export class TeamsModule {}
