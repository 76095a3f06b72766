import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A buyer of API access whose keys are suspended (issue 36): an invoice of theirs failed, and every
 * call of their bought keys answers 402 until it is paid. Read with the key (KeyResolver).
 */
@Entity('api_buyer_suspensions')
export class ApiBuyerSuspension {
  @PrimaryColumn({ name: 'buyer_sub', type: 'varchar', length: 64 })
  buyerSub: string;

  @Column({ name: 'suspended_at', type: Date })
  suspendedAt: Date;

  /** The invoice whose payment failed (billing's id). */
  @Column({ name: 'invoice_id', type: 'varchar', length: 36 })
  invoiceId: string;
}
