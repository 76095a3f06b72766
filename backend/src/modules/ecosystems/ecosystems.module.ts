import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AvatarFilesModule } from '../files/avatar-files';
import { AgentsModule } from '../agents/agents.module';
import { PaymentsCoreModule } from '../payments/payments-core.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { UsersModule } from '../users/users.module';
import { EcosystemsController, EcosystemsMarketplaceController } from './ecosystems.controller';
import { EcosystemsService } from './ecosystems.service';
import { Ecosystem } from './entities/ecosystem.entity';

@Module({
  imports: [TypeOrmModule.forFeature([Ecosystem]), AgentsModule, AvatarFilesModule, PaymentsCoreModule, SubscriptionsModule, UsersModule],
  controllers: [EcosystemsController, EcosystemsMarketplaceController],
  providers: [EcosystemsService],
  exports: [EcosystemsService],
})
export class EcosystemsModule {}
