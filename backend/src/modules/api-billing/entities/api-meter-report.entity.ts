import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { MeteredUnit } from './api-meter.entity';

const bigintAsNumber = { to: (value: number) => value, from: (value: string | number | null) => Number(value ?? 0) };

/**
 * Stripe mode: one meter event, written before it is sent (an outbox). Its id is the event's
 * identifier and the request's idempotency key: `keyId:day:unit:sequence`. A run that dies after
 * sending resends the same row, which Stripe counts once; what a key used is reported as the
 * difference between the ledger and the sum of its reports, so nothing is counted twice.
 */
@Entity('api_meter_reports')
@Index('IDX_api_meter_reports_unsent', ['sentAt'])
export class ApiMeterReport {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  id: string;

  @Column({ name: 'key_id', type: 'varchar', length: 36 })
  keyId: string;

  /** YYYY-MM-DD (UTC), the ledger's day. */
  @Column({ type: 'varchar', length: 10 })
  day: string;

  @Column({ type: 'varchar', length: 16 })
  unit: MeteredUnit;

  @Column({ type: 'integer' })
  sequence: number;

  @Column({ type: 'bigint', transformer: bigintAsNumber })
  value: number;

  @Column({ name: 'event_name', type: 'varchar', length: 100 })
  eventName: string;

  @Column({ name: 'customer_id', type: 'varchar', length: 128 })
  customerId: string;

  /** Seconds since the epoch: within the ledger's day. */
  @Column({ type: 'integer' })
  timestamp: number;

  @Column({ name: 'sent_at', type: Date, nullable: true })
  sentAt: Date | null;
}
