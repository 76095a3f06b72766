import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import type { VerifiedIdentity } from '../../common/auth/id-token-verifier';
import { DomainError } from '../../common/errors/domain-error';
import { MailSender } from '../mail/mail-sender';
import type { Subscription, SubscriptionStatus } from '../subscriptions/entities/subscription.entity';
import { TeamsService } from '../teams/teams.service';
import { AgentAlreadyInTeamError, EcosystemAlreadyInTeamError } from '../teams/teams.errors';
import { receiptMail } from './receipt-mail';

/** What the follow-up needs of the subscription before the change (the payments' audit snapshot has it). */
export interface PurchaseBefore {
  status: SubscriptionStatus;
}

/**
 * What follows a purchase (issue 31, join 3): whatever was bought goes into the buyer's team, so
 * that 'Mi Oficina' shows it at once (an agent; an ecosystem with its agents, which team chat
 * picks from), and the buyer gets a receipt by e-mail through the mail port.
 *
 * A purchase is a subscription that becomes active for the first time: stored active when it is
 * created, or an 'incomplete' one (3-D Secure) that its first paid invoice activates. A resumed,
 * recovered or changed subscription is no purchase. Neither step can undo the purchase: a failure
 * is logged, and the e-mail is not waited for.
 */
@Injectable()
export class PurchaseFollowUp {
  private readonly logger = new Logger('PurchaseFollowUp');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly teams: TeamsService,
    private readonly mail: MailSender,
  ) {}

  /** Called with every stored change of a subscription; acts only on a purchase. */
  async subscriptionChanged(before: PurchaseBefore | null, row: Subscription): Promise<void> {
    if (!isPurchase(before, row)) return;
    await this.addToTeam(row).catch((error: unknown) =>
      this.logger.error(`No se pudo añadir la compra ${row.subscriptionId} al equipo de ${row.userSub}: ${messageOf(error)}`),
    );
    void this.sendReceipt(row);
  }

  private async addToTeam(row: Subscription): Promise<void> {
    const buyer: VerifiedIdentity = { sub: row.userSub, username: row.userSub, email: row.userEmail ?? '', role: 'user' };
    const ignoringDuplicates = (add: Promise<unknown>) =>
      add.catch((error: unknown) => {
        if (error instanceof AgentAlreadyInTeamError || error instanceof EcosystemAlreadyInTeamError) return;
        throw error;
      });
    if (row.ecosystemId) await ignoringDuplicates(this.teams.addEcosystem(buyer, buyer.sub, row.ecosystemId));
    const agentIds = row.agentId ? [row.agentId] : (row.agents ?? []);
    for (const agentId of agentIds) {
      // An agent of the pack that has since become unreadable to the buyer is skipped, not the rest.
      await ignoringDuplicates(this.teams.addAgent(buyer, buyer.sub, { agentId })).catch(
        (error: unknown) => {
          if (error instanceof DomainError) this.logger.warn(`Agente ${agentId} de la compra ${row.subscriptionId} no añadido: ${error.message}`);
          else throw error;
        },
      );
    }
  }

  private async sendReceipt(row: Subscription): Promise<void> {
    if (!row.userEmail) {
      this.logger.warn(`La compra ${row.subscriptionId} no tiene correo al que enviar el recibo`);
      return;
    }
    try {
      await this.mail.send(
        receiptMail(row, {
          productName: this.config.productName,
          publicUrl: this.config.publicUrl,
          currency: this.config.payments.currency,
          at: new Date(),
        }),
      );
    } catch (error) {
      this.logger.error(`No se pudo enviar el recibo de la compra ${row.subscriptionId}: ${messageOf(error)}`);
    }
  }
}

/** Active now, and never before: created active, or an incomplete one whose first payment went through. */
export function isPurchase(before: PurchaseBefore | null, row: Pick<Subscription, 'status'>): boolean {
  return row.status === 'active' && (before === null || before.status === 'incomplete');
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
