import { join } from 'node:path';
import { Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { OutboxMailSender } from './adapters/outbox-mail-sender';
import { SmtpMailSender } from './adapters/smtp-mail-sender';
import { MailSender, senderAddress } from './mail-sender';

@Module({
  providers: [
    {
      provide: MailSender,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): MailSender => {
        const from = senderAddress(config.productName, config.publicUrl);
        return config.mail.provider === 'smtp'
          ? new SmtpMailSender(config.mail.url, from)
          : new OutboxMailSender(join(config.dataDir, 'outbox'), from);
      },
    },
  ],
  exports: [MailSender],
})
export class MailModule {}
