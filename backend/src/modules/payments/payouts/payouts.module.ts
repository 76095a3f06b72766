import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AgentsModule } from '../../agents/agents.module';
import { ConversationsModule } from '../../conversations/conversations.module';
import { EcosystemsModule } from '../../ecosystems/ecosystems.module';
import { UsersModule } from '../../users/users.module';
import { PaymentsCoreModule } from '../payments-core.module';
import { BundleUsageReader } from './bundle-usage.reader';
import { CreatorAccount } from './entities/creator-account.entity';
import { CreatorLedgerEntry } from './entities/creator-ledger-entry.entity';
import { LeasesModule } from '../../../database/leases/leases';
import { PayoutSettlement } from './payout-settlement';
import { AdminPayoutsController, PayoutsController } from './payouts.controller';
import { PayoutsService } from './payouts.service';
import { AuditModule } from '../../audit/audit.module';

/**
 * Creators get paid: connected accounts, destination charges and the ledger. The payments
 * service asks it for a subscription's destination and tells it of every paid period.
 */
@Module({
  imports: [TypeOrmModule.forFeature([CreatorAccount, CreatorLedgerEntry]), LeasesModule, AuditModule, PaymentsCoreModule, AgentsModule, EcosystemsModule, UsersModule, ConversationsModule],
  controllers: [PayoutsController, AdminPayoutsController],
  providers: [PayoutsService, BundleUsageReader, PayoutSettlement],
  exports: [PayoutsService],
})
export class PayoutsModule {}
