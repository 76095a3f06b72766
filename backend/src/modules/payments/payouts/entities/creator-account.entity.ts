import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { PaymentProvider } from '../../gateway/payment-gateway';

/** A creator's connected account (Stripe Express, or the demo gateway's local one): one per user. */
@Entity('creator_accounts')
export class CreatorAccount {
  @PrimaryColumn({ name: 'user_sub', type: 'varchar', length: 64 })
  userSub: string;

  @Column({ name: 'account_id', type: 'varchar', length: 128, unique: true })
  accountId: string;

  /** The gateway that made it: a demo account means nothing once Stripe runs, and the other way round. */
  @Column({ type: 'varchar', length: 16 })
  provider: PaymentProvider;

  /** The provider's word (account.updated, or asked when the creator looks): destination charges only once true. */
  @Column({ name: 'charges_enabled', type: 'boolean', default: false })
  chargesEnabled: boolean;

  @Column({ name: 'payouts_enabled', type: 'boolean', default: false })
  payoutsEnabled: boolean;

  @Column({ name: 'details_submitted', type: 'boolean', default: false })
  detailsSubmitted: boolean;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;
}
