import { CreateDateColumn, Column, Entity, PrimaryColumn } from 'typeorm';

/** A webhook event already acted on: the gateway may deliver one several times. */
@Entity('processed_payment_events')
export class ProcessedPaymentEvent {
  @PrimaryColumn({ name: 'event_id', type: 'varchar', length: 255 })
  eventId: string;

  @Column({ type: 'varchar', length: 100 })
  type: string;

  @CreateDateColumn({ name: 'processed_at' })
  processedAt: Date;
}
