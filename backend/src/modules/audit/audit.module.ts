import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { AuditEntry } from './audit-entry.entity';
import { AUDIT_HMAC_KEY, loadAuditKey } from './audit-key';
import { AuditLog } from './audit-log.service';

/**
 * The append-only audit log on its own, with no dependency on any other module, so that admin,
 * payments, payouts, the catalogue and the command line can all record their changes to money
 * or roles without an import cycle.
 */
@Module({
  imports: [TypeOrmModule.forFeature([AuditEntry])],
  providers: [AuditLog, { provide: AUDIT_HMAC_KEY, inject: [APP_CONFIG], useFactory: (config: AppConfig) => loadAuditKey(config) }],
  exports: [AuditLog],
})
export class AuditModule {}
