import { Column, Entity, PrimaryColumn } from 'typeorm';

const bigintAsNumber = { to: (value: number) => value, from: (value: string | number | null) => Number(value ?? 0) };

/**
 * A call sent with an Idempotency-Key: claimed by the try that runs it, then answered once the
 * api_key_usage ledger counts it. A retry with the same key and Idempotency-Key, on any instance,
 * is neither run nor counted again. Kept a day.
 */
@Entity('api_call_idempotency')
export class ApiCallIdempotency {
  @PrimaryColumn({ name: 'key_id', type: 'varchar', length: 36 })
  keyId: string;

  @PrimaryColumn({ name: 'idempotency_key', type: 'varchar', length: 255 })
  idempotencyKey: string;

  /** When the running try claimed it, in milliseconds since the epoch. */
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintAsNumber })
  createdAt: number;

  /** The process whose try claimed it (UsageJournal.holder): a dead one's claims are given back when its journal is replayed. */
  @Column({ type: 'varchar', length: 64 })
  holder: string;

  /** A try answered: a retry is refused as answered. */
  @Column({ type: 'boolean', default: false })
  answered: boolean;

  /** The ledger counts the call (UsageMeter): it is never counted again. */
  @Column({ type: 'boolean', default: false })
  counted: boolean;
}
