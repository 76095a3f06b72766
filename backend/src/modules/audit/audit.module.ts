import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditEntry } from './audit-entry.entity';
import { AuditLog } from './audit-log.service';

/**
 * The append-only audit log on its own, with no dependency on any other module, so that admin,
 * payments, payouts, the catalogue and the command line can all record their changes to money
 * or roles without an import cycle.
 */
@Module({
  imports: [TypeOrmModule.forFeature([AuditEntry])],
  providers: [AuditLog],
  exports: [AuditLog],
})
export class AuditModule {}
