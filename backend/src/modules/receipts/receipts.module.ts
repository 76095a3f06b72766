import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { TeamsModule } from '../teams/teams.module';
import { PurchaseFollowUp } from './purchase-follow-up.service';

/**
 * What follows a purchase: the bought agent or ecosystem in the buyer's team, and the receipt by
 * e-mail. The payments service tells it of every stored change of a subscription.
 */
@Module({
  imports: [MailModule, TeamsModule],
  providers: [PurchaseFollowUp],
  exports: [PurchaseFollowUp],
})
export class ReceiptsModule {}
