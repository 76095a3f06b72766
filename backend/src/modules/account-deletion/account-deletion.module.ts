import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountHolds } from '../../common/auth/account-holds';
import { LeasesModule } from '../../database/leases/leases';
import { AgentsModule } from '../agents/agents.module';
import { AuditModule } from '../audit/audit.module';
import { FilesModule } from '../files/files.module';
import { IdentityModule } from '../identity/identity.module';
import { PaymentsModule } from '../payments/payments.module';
import { AccountDeletionController, AdminEraseController } from './account-deletion.controller';
import { AccountDeletionService } from './account-deletion.service';
import { AccountEraser } from './account-eraser';
import { AccountErasureJob } from './account-erasure.job';
import { AccountHoldsService } from './account-holds.service';
import { AccountDeletion } from './entities/account-deletion.entity';
import { DeletionCodeChallenge } from './entities/deletion-code-challenge.entity';
import { ErasedAccount } from './entities/erased-account.entity';

/**
 * Issue 37, items 2 and 3: 'Eliminar mi cuenta', the 30 days' hold and the erasure. Global only to
 * provide AccountHolds, the common port the auth guard and the API keys' standing ask.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([AccountDeletion, ErasedAccount, DeletionCodeChallenge]), LeasesModule, IdentityModule, AgentsModule, PaymentsModule, FilesModule, AuditModule],
  controllers: [AccountDeletionController, AdminEraseController],
  providers: [AccountHoldsService, { provide: AccountHolds, useExisting: AccountHoldsService }, AccountDeletionService, AccountEraser, AccountErasureJob],
  exports: [AccountHolds],
})
export class AccountDeletionModule {}
