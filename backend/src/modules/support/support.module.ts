import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { MailModule } from '../mail/mail.module';
import { ArticlesController } from './articles/articles.controller';
import { ArticlesService } from './articles/articles.service';
import { HelpCentre } from './articles/help-centre';
import { loadSupportArticles } from './articles/support-articles';
import { ContactController } from './contact/contact.controller';
import { ContactService } from './contact/contact.service';
import { ContactIpSecret } from './contact/entities/contact-ip-secret.entity';
import { ContactMessage } from './contact/entities/contact-message.entity';

/** The help centre (Markdown articles, indexed at start-up) and the contact form. */
@Module({
  imports: [MailModule, TypeOrmModule.forFeature([ContactMessage, ContactIpSecret])],
  controllers: [ArticlesController, ContactController],
  providers: [
    {
      provide: HelpCentre,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new HelpCentre(
          loadSupportArticles(config.supportContentDir, { product: config.productName, assistant: config.assistantName }),
        ),
    },
    ArticlesService,
    ContactService,
  ],
  exports: [ArticlesService],
})
export class SupportModule {}
